/**
 * A map whose bounds change (a catalogue import; decision 0025): `HeatRollups.ensureBounds` rebuilds its rollup and
 * window sums so that every stored catch is in the cell the new bounds give, checked against a naive count of the
 * catches here, while writers with the new catalogue (the catch-commit thread on SQLite files) and with the old one
 * (another process not reloaded yet) keep writing, and when two processes rebuild at once. Real database.
 */
import { trustClassOf } from '#shared/catch-trust';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeatmapResponse, wireTime } from '#shared/contracts/catches';
import { createCatchWriter } from '../../catch-store/catch-store';
import { DAY_MS, dayOf, gridOf, type HeatGrid, WINDOW_DAYS } from '../../catch-store/catch-reads';
import { createTestApp, type TestContext } from '../../test/test-app';
import { catchPlace, type CatchPlace, validCatch } from '../../test/catch-fixtures';
import { arbitraryCatchTime, arbitraryHeatCatch, type HeatTestMap, heatTestMaps } from '../../test/heat-catches';
import { windowSums } from '../../test/heat-window-sums';

interface Bounds {
  x_min: number;
  y_min: number;
  x_max: number;
  y_max: number;
}

let ctx: TestContext;
let place: CatchPlace;
let loggerId: string;
/** The two test maps as the catalogue had them at first. */
let original: HeatTestMap[];
const NOW = Date.now();

/** Random valid catches on `maps` over the last 20 days (UTC midnights ±1 ms among them). */
function catches(maps: HeatTestMap[], count: number, seed: number): unknown[] {
  const at = arbitraryCatchTime(NOW - 20 * DAY_MS, NOW - 60_000, dayOf(NOW), [1, 20]);
  return fc.sample(
    arbitraryHeatCatch(
      () => maps,
      () => place,
      at,
    ),
    { numRuns: count, seed },
  );
}

async function write(
  writer: { writeCatches(loggerId: string, items: unknown[]): Promise<{ invalid: number }> },
  items: unknown[],
) {
  const answer = await writer.writeCatches(loggerId, items);
  expect(answer.invalid).toBe(0);
}

/** Writes `bounds` into the map's catalogue item (as an import does) and reloads the catalogue. */
async function moveBounds(mapId: number, bounds: Bounds): Promise<void> {
  const row = await ctx.db.kysely
    .selectFrom('category')
    .select('data')
    .where('id', '=', mapId)
    .executeTakeFirstOrThrow();
  const data = { ...JSON.parse(row.data), bounds };
  await ctx.db.kysely
    .updateTable('category')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', mapId)
    .execute();
  await ctx.services.catalogue.refresh();
}

/** Bounds moved and resized: some stored catches now lie outside them (they count in the nearest edge cell). */
function moved(bounds: Bounds, k: number): Bounds {
  const w = bounds.x_max - bounds.x_min;
  const h = bounds.y_max - bounds.y_min;
  return {
    x_min: bounds.x_min + 0.13 * k * w,
    y_min: bounds.y_min - 0.07 * k * h,
    x_max: bounds.x_max - 0.21 * k * w,
    y_max: bounds.y_max + 0.11 * k * h,
  };
}

/** The naive cell: the contract's formula, clamped to the grid as the writer and SQL do. */
function cellOf(grid: HeatGrid, x: number, y: number): number {
  const col = Math.max(0, Math.min(grid.cols - 1, Math.floor((x - grid.bounds.x_min) / grid.cell_w)));
  const row = Math.max(0, Math.min(grid.rows - 1, Math.floor((y - grid.bounds.y_min) / grid.cell_h)));
  return row * grid.cols + col;
}

const sortRows = <T extends Record<string, number>>(rows: T[]) =>
  rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as T)
    .sort((a, b) => JSON.stringify(Object.values(a)).localeCompare(JSON.stringify(Object.values(b))));

/** The map's rollup and built window sums against a naive count of its stored catches with `bounds`. */
async function expectCountedWith(mapId: number, bounds: Bounds): Promise<void> {
  const grid = gridOf(bounds);
  const stored = await ctx.db.kysely
    .selectFrom('catch')
    .select(['fish_id', 'star_type', 'caught_at', 'x', 'y', 'trust'])
    .where('map_id', '=', mapId)
    .execute();
  const sums = new Map<string, { count: number; last_at: number }>();
  const add = (key: string, at: number) => {
    const sum = sums.get(key) ?? { count: 0, last_at: -Infinity };
    sum.count += 1;
    sum.last_at = Math.max(sum.last_at, at);
    sums.set(key, sum);
  };
  const classOf = (c: { trust: number }) => trustClassOf(c.trust)!;
  for (const c of stored)
    add(`${classOf(c)},${dayOf(c.caught_at)},${c.star_type},${cellOf(grid, c.x!, c.y!)}`, c.caught_at);
  const naiveDays = sortRows(
    [...sums].map(([key, sum]) => {
      const [trust_class, day, star_type, cell] = key.split(',').map(Number) as [number, number, number, number];
      return { trust_class, day, star_type, cell, count: sum.count, last_at: sum.last_at };
    }),
  );
  const rollup = await ctx.db.kysely
    .selectFrom('heat_cell_day')
    .select(['trust_class', 'day', 'star_type', 'cell', 'count', 'last_at'])
    .where('map_id', '=', mapId)
    .execute();
  expect(stored.length).toBeGreaterThan(0);
  expect(sortRows(rollup)).toEqual(naiveDays);

  const built = await ctx.db.kysely
    .selectFrom('heat_window_built')
    .select('end_day')
    .where('map_id', '=', mapId)
    .execute();
  expect(built.length).toBeGreaterThan(0);
  for (const { end_day } of built) {
    sums.clear();
    for (const days of WINDOW_DAYS)
      for (const c of stored) {
        const day = dayOf(c.caught_at);
        if (day < Number(end_day) - days + 1 || day >= Number(end_day)) continue;
        const cell = cellOf(grid, c.x!, c.y!);
        add(`0,${days},${classOf(c)},${c.star_type},${cell}`, c.caught_at);
        add(`${c.fish_id},${days},${classOf(c)},${c.star_type},${cell}`, c.caught_at);
      }
    const newest = new Map<string, number>();
    const naive = sortRows(
      [...sums].map(([key, sum]) => {
        const [fish_id, days, trust_class, star_type, cell] = key.split(',').map(Number) as number[] as [
          number,
          number,
          number,
          number,
          number,
        ];
        const group = `${fish_id},${days},${trust_class},${star_type}`;
        newest.set(group, Math.max(newest.get(group) ?? -Infinity, sum.last_at));
        return { fish_id, days, trust_class, star_type, cell, count: sum.count };
      }),
    );
    const windows = await windowSums(ctx.db.kysely, mapId, Number(end_day));
    expect(sortRows(windows.cells), `windows ending in day ${end_day}`).toEqual(naive);
    const naiveNewest = [...newest].map(([group, last_at]) => {
      const [fish_id, days, trust_class, star_type] = group.split(',').map(Number) as [number, number, number, number];
      return { fish_id, days, trust_class, star_type, last_at };
    });
    expect(sortRows(windows.newest), `newest catches ending in day ${end_day}`).toEqual(sortRows(naiveNewest));
  }
}

/** The heat map over HTTP answers the naive count of the last 30 days with the catalogue's bounds. */
async function expectHeatmap(mapId: number, bounds: Bounds): Promise<void> {
  const res = await ctx.app.inject({ url: `/api/heatmap?map_id=${mapId}&range=30d` });
  expect(res.statusCode).toBe(200);
  const answer = res.json<HeatmapResponse>();
  expect(answer.bounds).toEqual(bounds);
  const grid = gridOf(bounds);
  const stored = await ctx.db.kysely.selectFrom('catch').select(['x', 'y']).where('map_id', '=', mapId).execute();
  const counts = new Map<number, number>();
  for (const c of stored) counts.set(cellOf(grid, c.x!, c.y!), (counts.get(cellOf(grid, c.x!, c.y!)) ?? 0) + 1);
  const cells = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([cell, count]) => [cell % grid.cols, Math.floor(cell / grid.cols), count]);
  expect(answer.cells).toEqual(cells);
}

/** The test maps as the catalogue has them now. */
const testMaps = async () => heatTestMaps(await ctx.services.catalogue.view(), 2, 2);

const versionOf = async (mapId: number) =>
  ctx.db.kysely.selectFrom('heat_map_version').selectAll().where('map_id', '=', mapId).executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestApp();
  const view = await ctx.services.catalogue.view();
  place = catchPlace(view);
  original = heatTestMaps(view, 2, 2);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  loggerId = res.json().client_id;
  // Through the app's writer: on SQLite files its groups commit on the catch-commit thread.
  await write(ctx.services.catchWriter, catches(original, 300, 3));
  await ctx.services.heatRollups.ensureWindows();
  // Maps that never had a catch counted have no bounds stored yet: stored now (nothing to recount).
  await ctx.services.heatRollups.ensureBounds();
});
afterAll(() => ctx?.close());

describe('heat map rollups after a change of map bounds', () => {
  it('store the bounds every map was counted with, and rebuild nothing while the catalogue keeps them', async () => {
    expect(await ctx.services.heatRollups.ensureBounds()).toEqual([]);
    for (const map of await testMaps()) {
      expect(await versionOf(map.mapId)).toMatchObject(map.bounds);
      await expectCountedWith(map.mapId, map.bounds);
    }
  });

  it('rebuild the moved map so every catch is in its new cell, while writers with the new and the old catalogue go on', async () => {
    const [map, other] = (await testMaps()) as [HeatTestMap, HeatTestMap];
    const before = await versionOf(map.mapId);
    const otherBefore = await versionOf(other.mapId);
    // Another process's writer, its catalogue not reloaded yet: it judges with the old bounds.
    const oldView = await ctx.services.catalogue.view();
    const stale = createCatchWriter(ctx.db.kysely, { view: async () => oldView });
    const staleMaps = heatTestMaps(oldView, 2, 2);
    const bounds = moved(map.bounds, 1);
    await moveBounds(map.mapId, bounds);
    const current = heatTestMaps(await ctx.services.catalogue.view(), 2, 2);
    expect(current[0]!.bounds).toEqual(bounds);

    // A catch inside the new bounds and outside the old ones: the judge (and the thread) have the new catalogue.
    const outsideOld = validCatch(place, {
      map_id: map.mapId,
      fish_id: map.fishIds[0],
      weight: map.minWeight.get(map.fishIds[0]!),
      x: bounds.x_min,
      y: bounds.y_min,
      caught_at: wireTime(NOW - 3_600_000),
    });
    await write(ctx.services.catchWriter, [outsideOld]);
    // Until the map is rebuilt, its heat map is the map as its rollup is counted: the old bounds, exactly.
    await expectHeatmap(map.mapId, map.bounds);

    const [rebuilt] = await Promise.all([
      ctx.services.heatRollups.ensureBounds(),
      write(ctx.services.catchWriter, catches(current, 60, 5)),
      write(stale.writer, catches(staleMaps, 60, 6)),
    ]);
    expect(rebuilt).toEqual([map.mapId]);
    // After the rebuild too, the stale writer's catches land in the new cells.
    await write(stale.writer, catches(staleMaps, 40, 7));
    expect(await ctx.services.heatRollups.ensureBounds()).toEqual([]);

    const after = await versionOf(map.mapId);
    expect(after).toMatchObject(bounds);
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    expect(Number(after.changes)).toBeGreaterThan(Number(before.changes));
    await expectCountedWith(map.mapId, bounds);
    await expectCountedWith(other.mapId, other.bounds);
    expect(await versionOf(other.mapId)).toMatchObject(other.bounds);
    expect(Number((await versionOf(other.mapId)).changes)).toBeGreaterThan(Number(otherBefore.changes));
    await expectHeatmap(map.mapId, bounds);
  });

  it('rebuild a map once when two processes call ensureBounds at once', async () => {
    const map = (await testMaps())[1]!;
    const bounds = moved(map.bounds, 2);
    await moveBounds(map.mapId, bounds);
    // A second process: its own rollups over the same database and (reloaded) catalogue.
    const { rollups: elsewhere } = createCatchWriter(ctx.db.kysely, ctx.services.catalogue);
    const before = await versionOf(map.mapId);
    const results = await Promise.all([ctx.services.heatRollups.ensureBounds(), elsewhere.ensureBounds()]);
    expect(results.flat()).toEqual([map.mapId]);
    expect(Number((await versionOf(map.mapId)).version)).toBe(Number(before.version) + 1);
    await expectCountedWith(map.mapId, bounds);
    await expectHeatmap(map.mapId, bounds);
  });

  it('rebuild back to the first bounds exactly (a rollback)', async () => {
    for (const map of original) await moveBounds(map.mapId, moved(map.bounds, 3));
    await ctx.services.heatRollups.ensureBounds();
    for (const map of original) await moveBounds(map.mapId, map.bounds);
    expect((await ctx.services.heatRollups.ensureBounds()).sort()).toEqual(original.map((m) => m.mapId).sort());
    for (const map of original) {
      await expectCountedWith(map.mapId, map.bounds);
      await expectHeatmap(map.mapId, map.bounds);
    }
  });
});
