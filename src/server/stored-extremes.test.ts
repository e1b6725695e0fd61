/**
 * No stored row can break a read (item 1 of the security findings): rows written straight into the tables, as an
 * older version or another tool could, hold the extremes each column takes — integers up to 2^62 (PostgreSQL's
 * `integer` columns: 2^31 − 1), ±Infinity and ±1e308 in doubles, NaN where PostgreSQL keeps it, times beyond what a
 * `Date` holds, sales whose sum passes 2^53 and SQLite's 2^63. Every read answers 200 with numbers the contract
 * allows, each at the nearest bound (db/stored-values.ts); data within the bounds still sums exactly. The uploads
 * refuse what the bounds do not allow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BaitGuideDetailResponse,
  BaitGuideResponse,
  BaitGuideTopResponse,
  BirdLogItem,
  BirdLogPage,
  CATCH_BOUNDS,
  HEATMAP_GRID,
  HeatCellResponse,
  HeatmapResponse,
  OfficialLogItem,
  OfficialLogPage,
  SALE_BOUNDS,
  StatsResponse,
} from '#shared/contracts/catches';
import { type CatchPlace, catchPlace, validSale } from './test/catch-fixtures';
import {
  addLogger,
  catchRow,
  insertCatches,
  insertRecords,
  insertSales,
  type NewCatch,
  recordRow,
  saleRow,
} from './test/log-test-data';
import { asUser, bindLogger, signedIn } from './test/accounts';
import { createTestApp, type TestContext } from './test/test-app';

let ctx: TestContext;
let place: CatchPlace;
/** The largest value an integer column holds on this database (both hold 2^62 in `bigint` columns). */
let intMax: number;
const BIG = 2 ** 62;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' } });
  place = catchPlace(await ctx.services.catalogue.view());
  intMax = ctx.db.dialect === 'sqlite' ? BIG : 2 ** 31 - 1;
});
afterAll(() => ctx?.close());

/** A user whose bound logger is a fresh one. */
async function boundUser(): Promise<{ token: string; loggerId: string }> {
  const loggerId = await addLogger(ctx.db.kysely, 'Extreme Angler');
  const { token } = await signedIn(ctx.app);
  expect((await bindLogger(ctx, token, loggerId)).statusCode).toBe(200);
  return { token, loggerId };
}

async function read(url: string, token?: string) {
  const res = token ? await asUser(ctx.app, token, { method: 'GET', url }) : await ctx.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** Catches at the extremes, on the test place's map and fish, in the last hour (inside every read's window). */
function extremeCatches(loggerId: string): NewCatch[] {
  const now = Date.now();
  const at = { map_id: place.mapId, fish_id: place.fishId, bait_id: place.baitId, caught_at: now - 30 * MINUTE };
  const extremes: Partial<NewCatch>[] = [
    { weight: intMax, angle: intMax, game_hour: intMax, time_spent: intMax, depth: Infinity, temperature: 1e308 },
    { weight: -intMax, angle: -intMax, game_hour: -intMax, time_spent: -intMax, depth: -Infinity, temperature: -1e308 },
    { x: 1e308, y: -1e308, depth: 1e308 },
    { x: Infinity, y: -Infinity },
    { x: -Infinity, y: Infinity, star_type: intMax, bait2_id: intMax },
    // SQLite keeps a fraction in an integer column.
    ...(ctx.db.dialect === 'sqlite' ? [{ weight: 1.5, game_hour: 3.25 }] : []),
    // PostgreSQL keeps NaN in a double.
    ...(ctx.db.dialect === 'postgres' ? [{ depth: NaN, temperature: NaN, x: NaN, y: NaN }] : []),
  ];
  return [
    ...extremes.map((fields) => catchRow(loggerId, { ...at, ...fields })),
    // Times beyond what a Date holds: the newest sorts first in every list.
    catchRow(loggerId, { ...at, caught_at: BIG }),
    catchRow(loggerId, { ...at, caught_at: -BIG }),
  ];
}

describe('rows outside the bounds, written straight into the tables', () => {
  let token: string;
  let catchIds: number[];
  let recordIds: number[];

  beforeAll(async () => {
    const user = await boundUser();
    token = user.token;
    catchIds = await insertCatches(ctx.db.kysely, extremeCatches(user.loggerId));
    const records = extremeCatches(user.loggerId).map(({ client_id: _c, report_id: _r, ...caught }) =>
      recordRow({ ...caught, player_name: 'Extreme Angler' }),
    );
    recordIds = await insertRecords(ctx.db.kysely, records);
    const today = Date.now() - MINUTE;
    await insertSales(ctx.db.kysely, [
      saleRow(user.loggerId, { sold_at: today, income: 2 ** 53 - 1, fish_count: BIG, star_count: -BIG }),
      saleRow(user.loggerId, { sold_at: today, income: BIG }),
      saleRow(user.loggerId, { sold_at: today, income: BIG }),
      saleRow(user.loggerId, { sold_at: today, income: -BIG }),
      saleRow(user.loggerId, { sold_at: BIG, income: 5 }),
    ]);
  });

  it('the stats: income sums with each sale at most its bound, the lists within the contract', async () => {
    const body = StatsResponse.parse(await read('/api/users/me/stats', token));
    expect(body.today_income).toBe(3 * SALE_BOUNDS.income.max);
    expect(body.recent_sales[0]).toMatchObject({ sold_at: '+275760-09-13T00:00:00Z', income: 5 });
    const { income, fish_count } = SALE_BOUNDS;
    expect(body.recent_sales).toContainEqual(
      expect.objectContaining({ income: income.max, fish_count: fish_count.max, star_count: 0 }),
    );
    expect(body.recent_sales).toContainEqual(expect.objectContaining({ income: 0 }));
    expect(body.recent_catches[0]!.caught_at).toBe('+275760-09-13T00:00:00Z');
  });

  it('the bird log: lists (public and mine) and every catch, each number at its nearest bound', async () => {
    for (const url of ['/api/logs/bird', '/api/logs/bird?mine=true', `/api/logs/bird?map_id=${place.mapId}`]) {
      const page = BirdLogPage.parse(await read(url, token));
      expect(page.items[0]!.caught_at).toBe('+275760-09-13T00:00:00Z');
    }
    const items = await Promise.all(catchIds.map(async (id) => BirdLogItem.parse(await read(`/api/logs/bird/${id}`))));
    expect(items[0]).toMatchObject({
      weight: CATCH_BOUNDS.weight.max,
      angle: 359,
      game_hour: 24,
      time_spent: 86_400,
      depth: 200,
      temperature: 50,
    });
    expect(items[1]).toMatchObject({ weight: 0, angle: 0, game_hour: 1, time_spent: 0, depth: 0, temperature: -30 });
    expect(items[3]).toMatchObject({ x: Number.MAX_VALUE, y: -Number.MAX_VALUE });
    expect(items[4]).toMatchObject({ star_type: 0, bait2_id: Math.min(intMax, Number.MAX_SAFE_INTEGER) });
    expect(items.at(-1)!.caught_at).toBe('-271821-04-20T00:00:00Z');
  });

  it('the official log: lists (public and mine) and every record', async () => {
    for (const url of ['/api/logs/official', '/api/logs/official?mine=true']) {
      const page = OfficialLogPage.parse(await read(url, token));
      expect(page.items[0]!.caught_at).toBe('+275760-09-13T00:00:00Z');
    }
    for (const id of recordIds) OfficialLogItem.parse(await read(`/api/logs/official/${id}`));
  });

  it('the heat map: points off the map count in the nearest edge cell; its cells detail them', async () => {
    const query = `map_id=${place.mapId}&range=1d`;
    const map = HeatmapResponse.parse(await read(`/api/heatmap?${query}`));
    for (const [col, row] of map.cells) {
      expect(col).toBeGreaterThanOrEqual(0);
      expect(col).toBeLessThan(HEATMAP_GRID);
      expect(row).toBeGreaterThanOrEqual(0);
      expect(row).toBeLessThan(HEATMAP_GRID);
    }
    const last = HEATMAP_GRID - 1;
    const corners = [
      [last, 0],
      [0, last],
    ];
    for (const [col, row] of corners) {
      const cell = HeatCellResponse.parse(await read(`/api/heatmap/cell?${query}&col=${col}&row=${row}`));
      expect(cell.total, `${col},${row}`).toBeGreaterThan(0);
    }
    for (const fish of ['', `&fish_id=${place.fishId}`])
      HeatmapResponse.parse(await read(`/api/heatmap?${query}${fish}`));
  });

  it('the bait guide: the fish, its detail and the top baits', async () => {
    BaitGuideResponse.parse(await read(`/api/bait-guide?fish_id=${place.fishId}`));
    const detail = BaitGuideDetailResponse.parse(await read(`/api/bait-guide/detail?fish_id=${place.fishId}`));
    for (const { key } of detail.by_hour) expect(key >= 1 && key <= 24, String(key)).toBe(true);
    BaitGuideTopResponse.parse(await read('/api/bait-guide/top'));
  });
});

describe('within the bounds', () => {
  it('sums a day of the largest sales exactly', async () => {
    const { token, loggerId } = await boundUser();
    const max = SALE_BOUNDS.income.max;
    await insertSales(
      ctx.db.kysely,
      Array.from({ length: 3 }, () => saleRow(loggerId, { sold_at: Date.now() - MINUTE, income: max })),
    );
    expect(StatsResponse.parse(await read('/api/users/me/stats', token)).today_income).toBe(3 * max);
  });

  it('uploads refuse sales beyond the bounds, with the bound in the message', async () => {
    const logger = (await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/sales',
      headers: { authorization: `Bearer ${logger.client_token}` },
      payload: { items: [validSale({ income: 2 ** 53 - 1 }), validSale({ income: SALE_BOUNDS.income.max })] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((result: { status: string }) => result.status)).toEqual(['invalid', 'created']);
    expect(res.json().results[0].errors).toEqual([
      { field: 'income', msg: `Input should be less than or equal to ${SALE_BOUNDS.income.max}` },
    ]);
  });
});
