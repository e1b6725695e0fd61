/**
 * The heat map's window sums (catch-store/heat-windows.ts, decision 0021) against the raw catches: once a day's windows
 * are built, the rolling 3, 7 and 30-day views read their whole days from them, and they stay exact while late catches
 * arrive, while batches commit during a build, and across a rollup rebuild; for each trust view (decision 0039: a
 * flagged logger's catches and hidden ones among them). Real database, fixed clock.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeatmapResponse, wireTime } from '#shared/contracts/catches';
import { DEFAULT_TRUST_VIEW, maxTrustOf, TRUST_VIEWS, TRUSTED_MAX, type TrustView } from '#shared/catch-trust';
import { createCatchWriter } from '../../catch-store/catch-store';
import { DAY_MS, dayOf, gridOf } from '../../catch-store/catch-reads';
import { createTestApp, type TestContext } from '../../test/test-app';
import { windowSums } from '../../test/heat-window-sums';
import type { HeatCellWindowTable } from '../../db/schema';
import { catchPlace, type CatchPlace, validCatch } from '../../test/catch-fixtures';
import { arbitraryCatchTime, arbitraryHeatCatch, type HeatTestMap, heatTestMaps } from '../../test/heat-catches';
import { HeatmapRepository } from './heatmap.repository';
import { HeatmapService } from './heatmap.service';

let ctx: TestContext;
let place: CatchPlace;
/** 15:40 UTC: every rolling view has partial days at both ends. */
const NOW = Date.UTC(2026, 10, 21, 15, 40, 0);
const TODAY = dayOf(NOW);
const RANGES = ['3d', '7d', '30d'] as const;

let maps: HeatTestMap[];
let loggerId: string;
/** A logger under review: its catches are stored flagged, counted only by `trust=all`. */
let flaggedId: string;

const store = () => createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => NOW });
/** A fresh reader (nothing kept), as after a start. */
const reader = () =>
  new HeatmapService(new HeatmapRepository(ctx.db.reads, ctx.db.dialect), ctx.services.catalogue, () => NOW, {
    keep: false,
    freshMs: 0,
  });

async function heatmap(query: Record<string, string | number>): Promise<HeatmapResponse> {
  return JSON.parse((await reader().heatmap(query as never)).body.toString()) as HeatmapResponse;
}

/** The answer's cells and its newest catch, counted here from every stored catch. */
async function expected(query: {
  map_id: number;
  fish_id?: number;
  star_type?: number;
  range: string;
  trust?: TrustView;
}) {
  const rows = await ctx.db.kysely
    .selectFrom('catch')
    .select(['map_id', 'fish_id', 'star_type', 'caught_at', 'x', 'y', 'trust'])
    .where('map_id', '=', query.map_id)
    .execute();
  const map = maps.find((m) => m.mapId === query.map_id)!;
  const grid = gridOf(map.bounds);
  const from = NOW - Number.parseInt(query.range) * DAY_MS;
  const counts = new Map<string, number>();
  let newest = -Infinity;
  for (const r of rows) {
    if (r.caught_at < from || r.caught_at >= NOW) continue;
    if (r.trust > maxTrustOf(query.trust ?? DEFAULT_TRUST_VIEW)) continue;
    if (query.fish_id !== undefined && r.fish_id !== query.fish_id) continue;
    if (query.star_type !== undefined && r.star_type !== query.star_type) continue;
    newest = Math.max(newest, r.caught_at);
    const col = Math.min(grid.cols - 1, Math.floor((r.x - grid.bounds.x_min) / grid.cell_w));
    const row = Math.min(grid.rows - 1, Math.floor((r.y - grid.bounds.y_min) / grid.cell_h));
    counts.set(`${col},${row}`, (counts.get(`${col},${row}`) ?? 0) + 1);
  }
  const cells = [...counts]
    .map(([key, count]) => [...key.split(',').map(Number), count] as [number, number, number])
    .sort((a, b) => a[1] * 1000 + a[0] - (b[1] * 1000 + b[0]));
  return { cells, updated_at: newest === -Infinity ? null : wireTime(newest) };
}

/** The parts of an answer the test checks. */
const counted = (answer: HeatmapResponse) => ({ cells: answer.cells, updated_at: answer.updated_at });

/** Every view of every test map: all fish and each fish, all star types and one, each rolling range and trust. */
function* views() {
  for (const map of maps)
    for (const fish_id of [undefined, ...map.fishIds])
      for (const star_type of [undefined, 0])
        for (const range of RANGES)
          for (const trust of TRUST_VIEWS) yield { map_id: map.mapId, fish_id, star_type, range, trust };
}

async function expectAllExact() {
  for (const view of views()) {
    const query = Object.fromEntries(Object.entries(view).filter(([, v]) => v !== undefined));
    const answer = await heatmap(query as Record<string, string | number>);
    expect(counted(answer), JSON.stringify(view)).toEqual(await expected(view));
  }
}

/**
 * A catch on a test map in the last `days` days, or reported as caught up to five minutes ahead (a logger's clock
 * may run fast: it counts from its time on).
 */
const arbitraryCatch = (days: number) =>
  arbitraryHeatCatch(
    () => maps,
    () => place,
    arbitraryCatchTime(NOW - days * DAY_MS, NOW + 5 * 60_000, TODAY, [0, days]),
  );

/** Writes the items, every third one as the flagged logger's; hides every seventh catch stored. */
async function write(items: unknown[]) {
  const flagged = items.filter((_, i) => i % 3 === 2);
  const answers = [
    await store().writer.writeCatches(
      loggerId,
      items.filter((_, i) => i % 3 !== 2),
    ),
    await store().writer.writeCatches(flaggedId, flagged),
  ];
  for (const answer of answers) expect(answer.invalid).toBe(0);
  const stored = await ctx.db.kysely
    .selectFrom('catch')
    .select('id')
    .orderBy('id', 'desc')
    .limit(items.length)
    .execute();
  const hidden = stored.map((row) => Number(row.id)).filter((id) => id % 7 === 0);
  if (hidden.length > 0) await ctx.services.catchModeration.hideCatches({ ids: hidden });
}

beforeAll(async () => {
  ctx = await createTestApp();
  const view = await ctx.services.catalogue.view();
  place = catchPlace(view);
  maps = heatTestMaps(view, 2, 2);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  loggerId = res.json().client_id;
  const flagged = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  flaggedId = flagged.json().client_id;
  await ctx.services.catchModeration.flagLogger(flaggedId);
  await write(fc.sample(arbitraryCatch(35), { numRuns: 300, seed: 7 }));
});
afterAll(() => ctx?.close());

describe('heat map window sums', () => {
  it('are built once per map and day, and every rolling view answers exactly from them', async () => {
    const { rollups } = store();
    await rollups.rebuild();
    const mapCount = (await ctx.services.catalogue.view()).maps.size;
    expect(await rollups.ensureWindows(NOW)).toBe(mapCount);
    expect(await rollups.ensureWindows(NOW)).toBe(0);
    await expectAllExact();
  });

  it('are what the whole days are read from: a changed window shows in the answer', async () => {
    await store().rollups.ensureWindows(NOW);
    const map = maps[0]!;
    const fishId = map.fishIds[0]!;
    const total = async (fish_id?: number) =>
      (await heatmap({ map_id: map.mapId, range: '7d', ...(fish_id !== undefined && { fish_id }) })).total;
    const before = { all: await total(), fish: await total(fishId) };

    // All fish, as built: the packed sums (one string per trust class and star type); the default view reads class 0.
    const packed = () =>
      ctx.db.kysely
        .updateTable('heat_window_packed')
        .where('map_id', '=', map.mapId)
        .where('days', '=', 7)
        .where('end_day', '=', TODAY)
        .where('trust_class', '=', 0);
    const extended = await packed()
      .set({ cells: sql<string>`cells || ',0,1000'` })
      .executeTakeFirst();
    expect(Number(extended.numUpdatedRows)).toBeGreaterThan(0);
    expect((await total()) - before.all).toBe(1000 * Number(extended.numUpdatedRows));
    await packed()
      .set({ cells: sql<string>`substr(cells, 1, length(cells) - 7)` })
      .execute();

    // All fish, added since the build (a late catch's row beside the packed sums), and one fish's rows.
    const late = {
      map_id: map.mapId,
      days: 7,
      end_day: TODAY,
      trust_class: 0,
      star_type: 0,
      cell: 0,
      count: 1000,
      last_at: 0,
    };
    await ctx.db.kysely
      .insertInto('heat_cell_window')
      .values({ ...late, fish_id: 0 })
      .onConflict((oc) =>
        oc
          .columns(['map_id', 'fish_id', 'days', 'end_day', 'trust_class', 'star_type', 'cell'])
          .doUpdateSet({ count: sql<number>`heat_cell_window.count + 1000` }),
      )
      .execute();
    expect((await total()) - before.all).toBe(1000);
    const fishRows = () =>
      ctx.db.kysely
        .updateTable('heat_cell_window')
        .where('map_id', '=', map.mapId)
        .where('fish_id', '=', fishId)
        .where('days', '=', 7)
        .where('end_day', '=', TODAY)
        .where('trust_class', '=', 0);
    const changed = await fishRows()
      .set((eb) => ({ count: eb('count', '+', 1000) }))
      .executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBeGreaterThan(0);
    expect((await total(fishId)) - before.fish).toBe(1000 * Number(changed.numUpdatedRows));
    await fishRows()
      .set((eb) => ({ count: eb('count', '-', 1000) }))
      .execute();
    await ctx.db.kysely
      .updateTable('heat_cell_window')
      .set((eb) => ({ count: eb('count', '-', 1000) }))
      .where('map_id', '=', map.mapId)
      .where('fish_id', '=', 0)
      .where('days', '=', 7)
      .where('end_day', '=', TODAY)
      .where('trust_class', '=', 0)
      .where('star_type', '=', 0)
      .where('cell', '=', 0)
      .execute();
    expect(await total()).toBe(before.all);
  });

  it('read the same when built before migration 0016: all-fish sums as rows, nothing packed', async () => {
    const { rollups } = store();
    await rollups.ensureWindows(NOW);
    // The packed sums turned into one row per cell, as builds before the migration wrote them.
    const rows: HeatCellWindowTable[] = [];
    for (const map of maps) {
      const { cells, newest } = await windowSums(ctx.db.kysely, map.mapId, TODAY);
      const lastAt = (days: number, trust: number, star: number) =>
        newest.find((n) => n.fish_id === 0 && n.days === days && n.trust_class === trust && n.star_type === star)!
          .last_at;
      for (const c of cells.filter((cell) => cell.fish_id === 0))
        rows.push({ ...c, map_id: map.mapId, end_day: TODAY, last_at: lastAt(c.days, c.trust_class, c.star_type) });
    }
    expect(rows.length).toBeGreaterThan(0);
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('heat_cell_window').where('fish_id', '=', 0).execute();
      await trx.deleteFrom('heat_window_packed').execute();
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto('heat_cell_window')
          .values(rows.slice(i, i + 100))
          .execute();
    });
    await expectAllExact();
    // Built again, packed, for the other tests.
    await rollups.rebuild();
    await rollups.ensureWindows(NOW);
  });

  it('stay exact as late catches arrive, for random batches and views', async () => {
    await store().rollups.ensureWindows(NOW);
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryCatch(32), { minLength: 1, maxLength: 40 }), async (items) => {
        await write(items);
        const map = maps[items.length % maps.length]!;
        for (const range of RANGES)
          for (const trust of TRUST_VIEWS) {
            const view = { map_id: map.mapId, range, trust };
            expect(counted(await heatmap(view))).toEqual(await expected(view));
            const fish = { ...view, fish_id: map.fishIds[0]! };
            expect(counted(await heatmap(fish))).toEqual(await expected(fish));
          }
      }),
      { numRuns: 15, seed: 11 },
    );
  });

  it('count a catch reported as caught a few minutes ahead only from its time on, newest catch included', async () => {
    await store().rollups.ensureWindows(NOW);
    const map = maps[1]!;
    const fishId = map.fishIds[0]!;
    const at = (ms: number) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: fishId,
        weight: map.minWeight.get(fishId),
        star_type: 0,
        caught_at: wireTime(ms),
        x: map.bounds.x_min,
        y: map.bounds.y_min,
      });
    await write([at(NOW + 2 * 60_000), at(NOW - 90_000)]);
    for (const range of ['1d', ...RANGES]) {
      const view = { map_id: map.mapId, range };
      const answer = await heatmap(view);
      expect(counted(answer), range).toEqual(await expected(view));
      expect(answer.updated_at).toBe(wireTime(NOW - 90_000));
    }
  });

  it('stay exact when batches commit while they are built (two writers, as two server processes)', async () => {
    const { rollups } = store();
    await rollups.rebuild();
    await rollups.ensureWindows(NOW);
    // Tomorrow's windows are missing: build them while late catches of their days are written concurrently.
    const later = NOW + DAY_MS;
    const lateItems = fc.sample(arbitraryCatch(3), { numRuns: 200, seed: 13 });
    const other = createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => later });
    await Promise.all([
      other.rollups.ensureWindows(later),
      ...Array.from({ length: 8 }, (_, i) => other.writer.writeCatches(loggerId, lateItems.slice(i * 25, i * 25 + 25))),
      store().rollups.ensureWindows(later),
    ]);
    const built = await ctx.db.kysely
      .selectFrom('heat_window_built')
      .select('map_id')
      .where('end_day', '=', TODAY + 1)
      .execute();
    expect(built.length).toBe((await ctx.services.catalogue.view()).maps.size);
    const tomorrow = new HeatmapService(
      new HeatmapRepository(ctx.db.reads, ctx.db.dialect),
      ctx.services.catalogue,
      () => later,
      { keep: false, freshMs: 0 },
    );
    for (const map of maps)
      for (const fish_id of [undefined, map.fishIds[0]!])
        for (const range of RANGES) {
          const query = { map_id: map.mapId, range, ...(fish_id && { fish_id }) };
          const answer = JSON.parse((await tomorrow.heatmap(query as never)).body.toString()) as HeatmapResponse;
          const from = later - Number.parseInt(range) * DAY_MS;
          const rows = await ctx.db.kysely
            .selectFrom('catch')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('map_id', '=', map.mapId)
            .where('caught_at', '>=', from)
            .where('caught_at', '<', later)
            .where('trust', '<=', TRUSTED_MAX)
            .$if(fish_id !== undefined, (q) => q.where('fish_id', '=', fish_id!))
            .executeTakeFirstOrThrow();
          expect(answer.total, JSON.stringify(query)).toBe(Number(rows.n));
        }
  });

  it('are forgotten when the rollup is rebuilt and counted again; old ones are dropped', async () => {
    const { rollups } = store();
    await rollups.ensureWindows(NOW - 3 * DAY_MS);
    await rollups.rebuild();
    for (const table of ['heat_cell_window', 'heat_window_packed'] as const) {
      const left = await ctx.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(left.n), table).toBe(0);
    }
    // Until they are built again, the views count from the daily rollup, exactly.
    await expectAllExact();
    await rollups.ensureWindows(NOW - 3 * DAY_MS);
    await rollups.ensureWindows(NOW);
    const ends = await ctx.db.kysely.selectFrom('heat_window_built').select('end_day').distinct().execute();
    expect(ends.map((row) => Number(row.end_day))).toEqual([TODAY]);
    await expectAllExact();
  });
});
