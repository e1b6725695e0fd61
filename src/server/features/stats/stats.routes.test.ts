/**
 * `GET /api/users/me/stats` (docs/catch-data-api.md §5): the bound logger's income and trophies today versus yesterday,
 * in the user's time zone, and its recent catches and sales. Real app, real database; the day boundaries are checked
 * with a fixed clock in two zones (Asia/Shanghai, America/Los_Angeles) through the service on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_RECENT_LIMIT, StatsResponse, wireTime } from '#shared/contracts/catches';
import type { User } from '../../accounts/users.repository';
import { asUser, bindLogger, signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { addLogger, catchRow, insertCatches, insertSales, saleRow } from '../../test/log-test-data';
import { AllTimeRepository } from './all-time.repository';
import { StatsRepository } from './stats.repository';
import { StatsService, changePct } from './stats.service';

let ctx: TestContext;
const DAY = 86_400_000;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
});
afterAll(() => ctx?.close());

const stats = (token: string, query = '') =>
  asUser(ctx.app, token, { method: 'GET', url: `/api/users/me/stats${query}` });

async function userWithLogger(): Promise<{ token: string; loggerId: string }> {
  const loggerId = await addLogger(ctx.db.kysely, 'Stat Angler');
  const { token } = await signedIn(ctx.app);
  expect((await bindLogger(ctx, token, loggerId)).statusCode).toBe(200);
  return { token, loggerId };
}

/**
 * A zone with a fixed offset where it is now about noon, so "today" and "yesterday" are many hours from a
 * midnight however long the test takes. `Etc/GMT-8` is UTC+8 (the sign is POSIX's, inverted).
 */
function noonZone(now: number): { zone: string; offset: number } {
  const hours = 12 - new Date(now).getUTCHours();
  // At noon UTC the zone is UTC itself, spelled canonically (the server answers `Etc/GMT` as `UTC`).
  const zone = hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
  return { zone, offset: hours * 3_600_000 };
}

describe('GET /api/users/me/stats', () => {
  it('needs a bearer token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me/stats' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Unauthorized' });
  });

  it('refuses an unknown time zone with 422', async () => {
    const { token } = await signedIn(ctx.app);
    for (const tz of ['Mars/Olympus_Mons', 'UTC+8', '']) {
      const res = await stats(token, `?tz=${encodeURIComponent(tz)}`);
      expect(res.statusCode, tz).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['query', 'tz'] });
    }
  });

  it('answers zeros and empty lists without a bound logger, in the zone asked (canonically spelled)', async () => {
    const { token } = await signedIn(ctx.app);
    const res = await stats(token, '?tz=asia/shanghai');
    expect(res.statusCode).toBe(200);
    expect(StatsResponse.parse(res.json())).toEqual({
      tz: 'Asia/Shanghai',
      today_income: 0,
      yesterday_income: 0,
      income_change_pct: null,
      today_star_count: 0,
      yesterday_star_count: 0,
      star_change_pct: null,
      recent_catches: [],
      recent_sales: [],
      total_catches: 0,
      personal_bests: [],
      trophy_counts: [446, 447, 448, 449, 450, 451, 452].map((star_type) => ({ star_type, count: 0 })),
      recent_trophies: [],
    });
    expect((await stats(token)).json().tz).toBe('UTC');
  });

  it("sums today's and yesterday's sales and trophies of the bound logger only, with the recent lists", async () => {
    const now = Date.now();
    const { zone, offset } = noonZone(now);
    const today = Math.floor((now + offset) / DAY) * DAY - offset;
    const yesterday = today - DAY;
    const { token, loggerId } = await userWithLogger();
    const other = await addLogger(ctx.db.kysely);

    await insertSales(ctx.db.kysely, [
      saleRow(loggerId, { sold_at: yesterday - 1, income: 9_999 }), // the day before yesterday
      saleRow(loggerId, { sold_at: yesterday, income: 100 }),
      saleRow(loggerId, { sold_at: today - 1, income: 400, fish_count: 4, star_count: 1 }),
      saleRow(loggerId, { sold_at: today, income: 500 }),
      saleRow(loggerId, { sold_at: now - MINUTE, income: 700, fish_count: 9, star_count: 2 }),
      saleRow(other, { sold_at: now - MINUTE, income: 123_456 }),
    ]);
    const catchIds = await insertCatches(ctx.db.kysely, [
      catchRow(loggerId, { caught_at: today + MINUTE, star_type: 446 }),
      catchRow(loggerId, { caught_at: today + 2 * MINUTE, star_type: 452 }),
      catchRow(loggerId, { caught_at: today + 3 * MINUTE, star_type: 0 }),
      catchRow(other, { caught_at: today + 4 * MINUTE, star_type: 450 }),
    ]);

    const res = await stats(token, `?tz=${encodeURIComponent(zone)}`);
    expect(res.statusCode).toBe(200);
    const body = StatsResponse.parse(res.json());
    expect(body).toMatchObject({
      tz: zone,
      today_income: 1_200,
      yesterday_income: 500,
      income_change_pct: 140,
      today_star_count: 2,
      yesterday_star_count: 0,
      star_change_pct: null,
    });
    expect(body.recent_catches.map((item) => item.id)).toEqual([catchIds[2], catchIds[1], catchIds[0]]);
    expect(Object.keys(res.json().recent_catches[0])).not.toContain('client_id');
    expect(body.recent_sales.map((sale) => sale.income)).toEqual([700, 500, 400, 100, 9_999]);
    expect(body.recent_sales[0]).toEqual({
      id: expect.any(Number),
      sold_at: wireTime(now - MINUTE),
      income: 700,
      fish_count: 9,
      star_count: 2,
    });
  });

  it(`lists at most ${STATS_RECENT_LIMIT} recent catches and sales, newest first`, async () => {
    const { token, loggerId } = await userWithLogger();
    const base = Date.now() - 30 * DAY;
    await insertSales(
      ctx.db.kysely,
      Array.from({ length: 12 }, (_, i) => saleRow(loggerId, { sold_at: base + i * MINUTE, income: i })),
    );
    await insertCatches(
      ctx.db.kysely,
      Array.from({ length: 12 }, (_, i) => catchRow(loggerId, { caught_at: base + i * MINUTE, weight: 1000 + i })),
    );
    const body = StatsResponse.parse((await stats(token)).json());
    expect(body.recent_sales.map((sale) => sale.income)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(body.recent_catches.map((item) => item.weight)).toEqual([
      1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002,
    ]);
  });

  it('is documented with its security and statuses', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const route = doc.paths['/api/users/me/stats'].get;
    expect(route.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(route.responses).sort()).toEqual(['200', '401', '422', '503']);
    expect(route.responses['422'].description).toMatch(/time zone/);
  });
});

describe('day boundaries (fixed clock)', () => {
  // 2026-11-20 02:00Z: 10:00 on the 20th in Shanghai (UTC+8), 18:00 on the 19th in Los Angeles (UTC-8).
  const NOW = Date.UTC(2026, 10, 20, 2);
  let user: User;

  beforeAll(async () => {
    const loggerId = await addLogger(ctx.db.kysely);
    const { user: read } = await signedIn(ctx.app);
    user = { ...((await ctx.services.users.findById(read.id)) as User), client_id: loggerId };
    // Each time once as a sale (the incomes double, so every sum names its members) and as a catch.
    const times: [number, number][] = [
      [Date.UTC(2026, 10, 18, 7, 59, 59, 999), 449], // the day before yesterday in both zones
      [Date.UTC(2026, 10, 18, 8), 449], // Los Angeles: yesterday's first instant
      [Date.UTC(2026, 10, 18, 15, 59, 59, 999), 0], // Shanghai: the day before yesterday's last; no trophy
      [Date.UTC(2026, 10, 18, 16), 449], // Shanghai: yesterday's first instant
      [Date.UTC(2026, 10, 19, 8), 449], // Los Angeles: today's first instant
      [Date.UTC(2026, 10, 19, 16), 449], // Shanghai: today's first instant
      [Date.UTC(2026, 10, 20, 1), 449], // today in both zones
    ];
    await insertSales(
      ctx.db.kysely,
      times.map(([sold_at], i) => saleRow(loggerId, { sold_at, income: 100 * 2 ** i })),
    );
    await insertCatches(
      ctx.db.kysely,
      times.map(([caught_at, star_type]) => catchRow(loggerId, { caught_at, star_type })),
    );
  });

  const serviceAt = (now: number) =>
    new StatsService(
      new StatsRepository(ctx.db.kysely),
      new AllTimeRepository(ctx.db.kysely),
      ctx.services.logs,
      () => now,
    );

  it('Asia/Shanghai: today from 16:00Z the day before', async () => {
    const body = await serviceAt(NOW).statsOf(user, 'Asia/Shanghai');
    expect(body).toMatchObject({
      tz: 'Asia/Shanghai',
      today_income: 3_200 + 6_400,
      yesterday_income: 800 + 1_600,
      income_change_pct: 300,
      today_star_count: 2,
      yesterday_star_count: 2,
      star_change_pct: 0,
    });
  });

  it('America/Los_Angeles: today from 08:00Z', async () => {
    const body = await serviceAt(NOW).statsOf(user, 'America/Los_Angeles');
    expect(body).toMatchObject({
      today_income: 1_600 + 3_200 + 6_400,
      yesterday_income: 200 + 400 + 800,
      income_change_pct: 700,
      today_star_count: 3,
      yesterday_star_count: 2,
      star_change_pct: 50,
    });
  });

  it('a day later, yesterday is what was today', async () => {
    const body = await serviceAt(NOW + DAY).statsOf(user, 'Asia/Shanghai');
    expect(body).toMatchObject({
      today_income: 0,
      yesterday_income: 9_600,
      income_change_pct: -100,
      today_star_count: 0,
      yesterday_star_count: 2,
      star_change_pct: -100,
    });
  });
});

describe('changePct', () => {
  it('is null without a yesterday, else the change in percent to one decimal', () => {
    expect(changePct(5, 0)).toBeNull();
    expect(changePct(0, 0)).toBeNull();
    expect(changePct(3, 2)).toBe(50);
    expect(changePct(1, 3)).toBe(-66.7);
    expect(changePct(2, 2)).toBe(0);
  });
});
