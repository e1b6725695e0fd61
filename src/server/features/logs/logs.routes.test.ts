/**
 * `/api/logs/bird` and `/api/logs/official` (docs/catch-data-api.md §2): filters, paging, newest first, `mine`, one
 * item by id, and the capped total (decision 0011). Real app, real database; the rows are written straight into the
 * tables.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BirdLogItem,
  BirdLogPage,
  LOG_COUNT_LIMIT,
  OfficialLogItem,
  OfficialLogPage,
  wireTime,
} from '#shared/contracts/catches';
import { asUser, bindLogger, signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { LogsRepository } from './logs.repository';
import { addLogger, catchRow, insertCatches, insertRecords, recordRow } from '../../test/log-test-data';

let ctx: TestContext;

const HOUR = 3_600_000;
const T = Date.UTC(2026, 10, 20, 12, 0, 0);

/** The contract's fields of a catch or a record in the logs, in order: never `report_id`, `client_id` or a player. */
const CAUGHT_KEYS = [
  'id',
  'caught_at',
  'map_id',
  'fish_id',
  'bait_id',
  'bait2_id',
  'rod_type',
  'star_type',
  'weight',
  'depth',
  'direction',
  'angle',
  'game_hour',
  'temperature',
  'weather',
  'night',
  'x',
  'y',
  'time_spent',
];
/** A catch's: with its trust level (decision 0039). */
const BIRD_KEYS = [...CAUGHT_KEYS, 'trust'];

let loggerA: string;
let loggerB: string;
/** Catch ids by name, c1 oldest … c7 newest (c6 and c7 caught in the same millisecond). */
const c: Record<string, number> = {};
/** Record ids by name. */
const r: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
  const db = ctx.db.kysely;
  loggerA = await addLogger(db, 'Pike Hunter');
  loggerB = await addLogger(db, 'Old Salt');
  const rows = {
    c1: catchRow(loggerA, { caught_at: T - 5 * HOUR, map_id: 1, fish_id: 10, bait_id: 100, rod_type: 'standard' }),
    c2: catchRow(loggerA, {
      caught_at: T - 4 * HOUR,
      map_id: 1,
      fish_id: 11,
      bait_id: 101,
      rod_type: 'telescopic',
      star_type: 448,
      x: 300,
    }),
    c3: catchRow(loggerB, {
      caught_at: T - 3 * HOUR,
      map_id: 2,
      fish_id: 10,
      bait_id: 100,
      rod_type: 'ultralight',
      star_type: 450,
    }),
    c4: catchRow(loggerB, {
      caught_at: T - 2 * HOUR,
      map_id: 2,
      fish_id: 12,
      bait_id: 102,
      bait2_id: 101,
      night: true,
      weather: 'cloudy',
    }),
    c5: catchRow(loggerA, { caught_at: T - HOUR, map_id: 1, fish_id: 10, bait_id: 102, star_type: 452, y: 10 }),
    c6: catchRow(loggerB, { caught_at: T, map_id: 1, fish_id: 10, bait_id: 100 }),
    c7: catchRow(loggerA, { caught_at: T, map_id: 3, fish_id: 13, bait_id: 100 }),
  };
  const ids = await insertCatches(db, Object.values(rows));
  Object.keys(rows).forEach((name, i) => (c[name] = ids[i]!));

  const records = {
    r1: recordRow({ caught_at: T - 3 * HOUR, player_name: 'Pike Hunter', rod_type: 'telescopic', fish_id: 10 }),
    r2: recordRow({
      caught_at: T - 2 * HOUR,
      player_name: 'Old Salt',
      rod_type: 'standard',
      fish_id: 11,
      map_id: 2,
      // A record that shows where and how: the measured fields come back as stored.
      depth: 12.5,
      direction: 'back',
      angle: 270,
      game_hour: 6,
      temperature: 9,
      weather: 'sunny',
      night: true,
      x: 500,
      y: 250,
      time_spent: 30,
    }),
    r3: recordRow({ caught_at: T - HOUR, player_name: 'Pike Hunter', rod_type: 'standard', fish_id: 10 }),
    r4: recordRow({ caught_at: T, player_name: 'pike hunter', rod_type: 'ultralight', fish_id: 12, star_type: 0 }),
  };
  const recordIds = await insertRecords(db, Object.values(records));
  Object.keys(records).forEach((name, i) => (r[name] = recordIds[i]!));
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const ids = (body: { items: { id: number }[] }) => body.items.map((item) => item.id);

async function birdLogIds(query: string): Promise<number[]> {
  const res = await get(`/api/logs/bird?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ids(BirdLogPage.parse(res.json()));
}

async function officialIds(query: string, token?: string): Promise<number[]> {
  const url = `/api/logs/official?${query}`;
  const res = token ? await asUser(ctx.app, token, { method: 'GET', url }) : await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return ids(OfficialLogPage.parse(res.json()));
}

describe('GET /api/logs/bird', () => {
  it('lists every catch newest first, the same millisecond newest id first, in the contract shape', async () => {
    const res = await get('/api/logs/bird');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['items', 'total', 'page', 'page_size', 'total_exact']);
    expect(body).toMatchObject({ total: 7, page: 1, page_size: 20, total_exact: true });
    expect(ids(body)).toEqual([c.c7, c.c6, c.c5, c.c4, c.c3, c.c2, c.c1]);
    for (const item of body.items) expect(Object.keys(item)).toEqual(BIRD_KEYS);
    // Never who sent it.
    expect(res.body).not.toContain(loggerA);
    expect(res.body).not.toContain('report_id');

    const sandwich = BirdLogItem.parse(body.items[3]);
    expect(sandwich).toEqual({
      id: c.c4,
      caught_at: wireTime(T - 2 * HOUR),
      map_id: 2,
      fish_id: 12,
      bait_id: 102,
      bait2_id: 101,
      rod_type: 'standard',
      star_type: 0,
      weight: 1500,
      depth: 3.5,
      direction: 'front',
      angle: 45,
      game_hour: 24,
      temperature: 18.5,
      weather: 'cloudy',
      night: true,
      x: 120.5,
      y: 80.25,
      time_spent: 95,
      // Written straight into the table: the column's default, as for every catch stored before migration 0024.
      trust: 'established',
    });
  });

  it('filters by map, fish, bait (the first bait), star type and rod type, alone and together', async () => {
    expect(await birdLogIds('map_id=1')).toEqual([c.c6, c.c5, c.c2, c.c1]);
    expect(await birdLogIds('fish_id=10')).toEqual([c.c6, c.c5, c.c3, c.c1]);
    // c4 has bait 101 as its second bait only: the filter reads the first, as the bait guide counts.
    expect(await birdLogIds('bait_id=101')).toEqual([c.c2]);
    expect(await birdLogIds('star_type=452')).toEqual([c.c5]);
    expect(await birdLogIds('star_type=0')).toEqual([c.c7, c.c6, c.c4, c.c1]);
    expect(await birdLogIds('rod_type=ultralight')).toEqual([c.c3]);
    expect(await birdLogIds('map_id=1&fish_id=10&bait_id=100')).toEqual([c.c6, c.c1]);
    expect(await birdLogIds('map_id=1&fish_id=10&rod_type=standard&star_type=0')).toEqual([c.c6, c.c1]);
    expect(await birdLogIds('map_id=3&fish_id=10')).toEqual([]);
  });

  it('filters by a spot (the heat map cell link): minimums inclusive, maximums exclusive', async () => {
    // Every catch is at (120.5, 80.25) but c2 (x 300) and c5 (y 10).
    expect(await birdLogIds('map_id=1&x_min=120&x_max=121&y_min=80&y_max=81')).toEqual([c.c6, c.c1]);
    expect(await birdLogIds('map_id=1&x_min=120.5&x_max=300&y_max=80.25')).toEqual([c.c5]);
    expect(await birdLogIds('x_min=300')).toEqual([c.c2]);
    expect(await birdLogIds('x_max=300&y_min=80.25')).toEqual([c.c7, c.c6, c.c4, c.c3, c.c1]);
    expect((await get('/api/logs/bird?x_min=abc')).statusCode).toBe(422);
  });

  it('filters by time: `from` inclusive, `to` exclusive, offsets read as UTC', async () => {
    const from = wireTime(T - 4 * HOUR);
    const to = wireTime(T - HOUR);
    expect(await birdLogIds(`from=${from}&to=${to}`)).toEqual([c.c4, c.c3, c.c2]);
    expect(await birdLogIds(`from=${wireTime(T)}`)).toEqual([c.c7, c.c6]);
    expect(await birdLogIds(`to=${wireTime(T - 4 * HOUR)}`)).toEqual([c.c1]);
    // 20:00+08:00 is 12:00Z, the time of c6 and c7.
    expect(await birdLogIds(`from=${encodeURIComponent('2026-11-20T20:00:00+08:00')}`)).toEqual([c.c7, c.c6]);
    expect(await birdLogIds(`fish_id=10&from=${from}&to=${to}`)).toEqual([c.c3]);
  });

  it('pages newest first without overlaps, with the total of all matches', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`/api/logs/bird?page=${page}&page_size=3`);
      pages.push(BirdLogPage.parse(res.json()));
    }
    expect(pages.map(ids)).toEqual([[c.c7, c.c6, c.c5], [c.c4, c.c3, c.c2], [c.c1]]);
    expect(pages.map((p) => [p.total, p.page, p.page_size, p.total_exact])).toEqual([
      [7, 1, 3, true],
      [7, 2, 3, true],
      [7, 3, 3, true],
    ]);
    // Past the end: no items, the same total.
    expect(BirdLogPage.parse((await get('/api/logs/bird?page=4&page_size=3')).json())).toMatchObject({
      items: [],
      total: 7,
    });
  });

  it('refuses bad queries with 422 in the validation list shape', async () => {
    for (const query of [
      'page_size=101',
      'page=0',
      'map_id=abc',
      'star_type=445',
      'rod_type=spinning',
      'from=2026-11-20T08:00:00', // no time zone
      `from=${wireTime(T)}&to=${wireTime(T)}`, // an empty range
      'mine=maybe',
      `page=${LOG_COUNT_LIMIT / 20 + 1}&page_size=20`, // past the pages that are counted
    ]) {
      const res = await get(`/api/logs/bird?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: expect.arrayContaining(['query']) });
    }
  });

  it('mine=true: 401 without a valid token, nothing without a bound logger, else the bound logger’s catches', async () => {
    expect((await get('/api/logs/bird?mine=true')).statusCode).toBe(401);
    const bad = await asUser(ctx.app, 'not-a-token', { method: 'GET', url: '/api/logs/bird?mine=true' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: 'Unauthorized' });
    // Without `mine` a bad token is no reason to refuse a public list.
    expect((await asUser(ctx.app, 'not-a-token', { method: 'GET', url: '/api/logs/bird' })).statusCode).toBe(200);

    const { token } = await signedIn(ctx.app);
    const mine = (query = '') => asUser(ctx.app, token, { method: 'GET', url: `/api/logs/bird?mine=true${query}` });
    expect((await mine()).json()).toMatchObject({ items: [], total: 0, total_exact: true });

    expect((await bindLogger(ctx, token, loggerA)).statusCode).toBe(200);
    expect(ids((await mine()).json())).toEqual([c.c7, c.c5, c.c2, c.c1]);
    expect(ids((await mine('&fish_id=10')).json())).toEqual([c.c5, c.c1]);
    expect((await mine()).json().total).toBe(4);
    // The same user without `mine` sees everyone's catches.
    const all = await asUser(ctx.app, token, { method: 'GET', url: '/api/logs/bird' });
    expect(all.json().total).toBe(7);
  });
});

describe('GET /api/logs/bird/{id}', () => {
  it('answers one catch, 404 when there is none, 422 for an id that is no number', async () => {
    const res = await get(`/api/logs/bird/${c.c3}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(BIRD_KEYS);
    expect(BirdLogItem.parse(res.json())).toMatchObject({ id: c.c3, star_type: 450, rod_type: 'ultralight' });

    const missing = await get('/api/logs/bird/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'CATCH_NOT_FOUND' });
    expect((await get('/api/logs/bird/abc')).statusCode).toBe(422);
    expect((await get('/api/logs/bird/0')).statusCode).toBe(422);
  });
});

describe('GET /api/logs/official', () => {
  it('lists records newest first with the player, the measured fields null where the record has none', async () => {
    const body = OfficialLogPage.parse((await get('/api/logs/official')).json());
    expect(ids(body)).toEqual([r.r4, r.r3, r.r2, r.r1]);
    expect(body.total).toBe(4);
    expect(body.items[3]).toMatchObject({ player_name: 'Pike Hunter', depth: null, x: null, night: null });
    expect(body.items[2]).toMatchObject({
      id: r.r2,
      player_name: 'Old Salt',
      depth: 12.5,
      direction: 'back',
      angle: 270,
      game_hour: 6,
      weather: 'sunny',
      night: true,
      x: 500,
      y: 250,
    });
  });

  it('filters like the bird logs, and by category (the rod type)', async () => {
    expect(await officialIds('fish_id=10')).toEqual([r.r3, r.r1]);
    expect(await officialIds('category=standard')).toEqual([r.r3, r.r2]);
    expect(await officialIds('rod_type=standard')).toEqual([r.r3, r.r2]);
    expect(await officialIds('category=standard&fish_id=10')).toEqual([r.r3]);
    expect(await officialIds('category=telescopic&rod_type=standard')).toEqual([]);
    expect(await officialIds('map_id=2')).toEqual([r.r2]);
    expect(await officialIds('star_type=0')).toEqual([r.r4]);
    expect(await officialIds(`from=${wireTime(T - 2 * HOUR)}&to=${wireTime(T)}`)).toEqual([r.r3, r.r2]);
    expect((await get('/api/logs/official?category=fly')).statusCode).toBe(422);
  });

  it("mine=true: the records of the bound logger's player name, exactly as spelled", async () => {
    expect((await get('/api/logs/official?mine=true')).statusCode).toBe(401);
    const { token } = await signedIn(ctx.app);
    expect(await officialIds('mine=true', token)).toEqual([]);

    // A logger that registered without a player name has no records.
    const nameless = await addLogger(ctx.db.kysely, null);
    const bind = (loggerId: string) => bindLogger(ctx, token, loggerId);
    expect((await bind(nameless)).statusCode).toBe(200);
    expect(await officialIds('mine=true', token)).toEqual([]);

    // Another logger of the same player (a reinstall): the name decides, not the logger.
    expect((await bind(await addLogger(ctx.db.kysely, 'Pike Hunter'))).statusCode).toBe(200);
    expect(await officialIds('mine=true', token)).toEqual([r.r3, r.r1]);
    expect(await officialIds('mine=true&category=telescopic', token)).toEqual([r.r1]);
  });
});

describe('GET /api/logs/official/{id}', () => {
  it('answers one record, 404 when there is none', async () => {
    const res = await get(`/api/logs/official/${r.r2}`);
    expect(res.statusCode).toBe(200);
    expect(OfficialLogItem.parse(res.json())).toMatchObject({ id: r.r2, player_name: 'Old Salt' });
    expect(Object.keys(res.json())).toEqual([...CAUGHT_KEYS, 'player_name']);
    const missing = await get('/api/logs/official/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'RECORD_NOT_FOUND' });
  });
});

describe('OpenAPI', () => {
  it('documents every log route with its security, statuses and descriptions', async () => {
    const doc = (await get('/docs/json')).json();
    const list = doc.paths['/api/logs/bird'].get;
    expect(list.security).toEqual([{ bearer: [] }, {}]);
    expect(Object.keys(list.responses).sort()).toEqual(['200', '401', '422', '503']);
    expect(list.responses['401'].description).toMatch(/mine=true/);
    expect(doc.paths['/api/logs/official'].get.parameters.map((p: { name: string }) => p.name)).toContain('category');
    const one = doc.paths['/api/logs/official/{id}'].get;
    expect(Object.keys(one.responses).sort()).toEqual(['200', '404', '422', '503']);
    expect(one.responses['404'].description).toMatch(/No official record/);
  });
});

describe('a total beyond the count limit', () => {
  let big: TestContext;
  let logger: string;
  beforeAll(async () => {
    big = await createTestApp({ seed: false });
    logger = await addLogger(big.db.kysely);
    const rows = Array.from({ length: LOG_COUNT_LIMIT + 3 }, (_, i) =>
      catchRow(logger, { caught_at: T - i * 1000, fish_id: i % 2 === 0 ? 10 : 11 }),
    );
    await insertCatches(big.db.kysely, rows);
  }, 60_000);
  afterAll(() => big?.close());

  it('says total_exact: false with total = the limit, and counts exactly below it', async () => {
    const all = BirdLogPage.parse((await big.app.inject({ method: 'GET', url: '/api/logs/bird' })).json());
    expect(all).toMatchObject({ total: LOG_COUNT_LIMIT, total_exact: false });
    expect(all.items[0]!.caught_at).toBe(wireTime(T));

    const odd = BirdLogPage.parse(
      (await big.app.inject({ method: 'GET', url: '/api/logs/bird?fish_id=11&page=2' })).json(),
    );
    expect(odd).toMatchObject({ total: (LOG_COUNT_LIMIT + 2) / 2, total_exact: true });
    expect(odd.items[0]!.caught_at).toBe(wireTime(T - 41_000));

    // A public list's count is kept for a moment under load (decision 0033); a player's own list is always counted.
    let monotonic = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => monotonic);
    try {
      const repository = new LogsRepository(big.db.reads, big.db.dialect, 1_000);
      const paging = { page: 1, page_size: 20 };
      const fish11 = () => repository.listCatches({ fish_id: 11 }, paging);
      const own = () => repository.listCatches({ fish_id: 11, client_id: logger }, paging);
      expect((await fish11()).total).toBe((LOG_COUNT_LIMIT + 2) / 2);
      expect((await own()).total).toBe((LOG_COUNT_LIMIT + 2) / 2);
      await insertCatches(big.db.kysely, [catchRow(logger, { caught_at: T + 1000, fish_id: 11 })]);
      monotonic += 999;
      const kept = await fish11();
      expect(kept.total).toBe((LOG_COUNT_LIMIT + 2) / 2);
      // The items are never kept: the new catch leads the page at once.
      expect(kept.items[0]!.caught_at).toBe(wireTime(T + 1000));
      expect((await own()).total).toBe((LOG_COUNT_LIMIT + 4) / 2);
      monotonic += 1;
      expect((await fish11()).total).toBe((LOG_COUNT_LIMIT + 4) / 2);
    } finally {
      vi.restoreAllMocks();
    }

    // The last page that is counted still answers.
    const last = await big.app.inject({
      method: 'GET',
      url: `/api/logs/bird?page=${LOG_COUNT_LIMIT / 100}&page_size=100`,
    });
    expect(BirdLogPage.parse(last.json()).items).toHaveLength(100);
  });
});
