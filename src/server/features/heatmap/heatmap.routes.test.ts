/**
 * The heat map against the raw catches (docs/catch-data-api.md §3): for random catches and random filters, every cell's
 * count is exactly what the contract's cell formula gives over the stored catches, `total` agrees with `/logs/bird`,
 * window edges at UTC midnight are right, and the rollup stays exact while batches are written concurrently (also by
 * two writers, as two server processes would). Real database; the writer and the service run on a fixed clock.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type HeatmapResponse, wireTime } from '#shared/contracts/catches';
import { STAR_TYPES } from '#shared/game/catch-attributes';
import { createCatchWriter } from '../../catch-store/catch-store';
import { createTestApp, type TestContext } from '../../test/test-app';
import { catchPlace, type CatchPlace, validCatch } from '../../test/catch-fixtures';
import { arbitraryCatchTime, arbitraryHeatCatch, type HeatTestMap, heatTestMaps } from '../../test/heat-catches';
import { DAY_MS, gridOf } from '../../catch-store/catch-reads';
import { HeatmapRepository } from './heatmap.repository';
import { HeatmapService } from './heatmap.service';

let ctx: TestContext;
let place: CatchPlace;
/** 08:15 UTC: rolling windows end inside a day, so they have partial days at both ends. */
const NOW = Date.UTC(2026, 10, 20, 8, 15, 0);
const HOUR = 3_600_000;

let maps: HeatTestMap[];

const writer = () => createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => NOW }).writer;
const service = () =>
  new HeatmapService(new HeatmapRepository(ctx.db.reads, ctx.db.dialect), ctx.services.catalogue, () => NOW);

async function registerLogger(): Promise<{ client_id: string; client_token: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  return res.json();
}
const newLogger = async () => (await registerLogger()).client_id;

interface Stored {
  map_id: number;
  fish_id: number;
  star_type: number;
  caught_at: number;
  x: number;
  y: number;
}

/** The contract's answer, computed here from every stored catch. */
async function expectedCells(filters: {
  map_id: number;
  fish_id?: number;
  star_type?: number;
  from: number;
  to: number;
}) {
  const rows: Stored[] = await ctx.db.kysely
    .selectFrom('catch')
    .select(['map_id', 'fish_id', 'star_type', 'caught_at', 'x', 'y'])
    .execute();
  const map = maps.find((m) => m.mapId === filters.map_id)!;
  const grid = gridOf(map.bounds);
  const counts = new Map<string, number>();
  for (const r of rows) {
    if (r.map_id !== filters.map_id || r.caught_at < filters.from || r.caught_at >= filters.to) continue;
    if (filters.fish_id !== undefined && r.fish_id !== filters.fish_id) continue;
    if (filters.star_type !== undefined && r.star_type !== filters.star_type) continue;
    const col = Math.min(grid.cols - 1, Math.floor((r.x - grid.bounds.x_min) / grid.cell_w));
    const row = Math.min(grid.rows - 1, Math.floor((r.y - grid.bounds.y_min) / grid.cell_h));
    counts.set(`${col},${row}`, (counts.get(`${col},${row}`) ?? 0) + 1);
  }
  return [...counts]
    .map(([key, count]) => [...key.split(',').map(Number), count] as [number, number, number])
    .sort((a, b) => a[1] * 1000 + a[0] - (b[1] * 1000 + b[0]));
}

async function heatmapAt(query: Record<string, string | number>): Promise<HeatmapResponse> {
  const answer = await service().heatmap(query as never);
  return JSON.parse(answer.body.toString()) as HeatmapResponse;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const view = await ctx.services.catalogue.view();
  place = catchPlace(view);
  maps = heatTestMaps(view, 3, 3);
});
afterAll(() => ctx?.close());

/** A catch somewhere on one of the test maps: any time in the last 40 days, cell edges and the map's edges included. */
const arbitraryCatch = arbitraryHeatCatch(
  () => maps,
  () => place,
  // Exactly on a UTC midnight, and a millisecond either side, among them.
  arbitraryCatchTime(NOW - 40 * DAY_MS, NOW, Math.floor(NOW / DAY_MS), [1, 40]),
);

const arbitraryQuery = fc.record({
  mapIndex: fc.nat(),
  fishIndex: fc.option(fc.nat(), { nil: undefined }),
  star: fc.option(fc.constantFrom(...STAR_TYPES), { nil: undefined }),
  window: fc.oneof(
    fc.constantFrom('1d', '3d', '7d', '30d').map((range) => ({ range })),
    fc
      .tuple(fc.integer({ min: NOW - 42 * DAY_MS, max: NOW }), fc.integer({ min: 1, max: 20 * DAY_MS }))
      .map(([from, length]) => ({ from: wireTime(from), to: wireTime(from + length) })),
  ),
});

describe('counts equal a direct count over the raw catches', () => {
  it('for random catches and random filters (map, fish or all, star type or all, ranges and from–to)', async () => {
    const loggerId = await newLogger();
    // One reader for the whole run, as a server has: its kept answers and whole-day sums must agree too.
    const reader = service();
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryCatch, { minLength: 1, maxLength: 60 }), arbitraryQuery, async (items, q) => {
        const answer = await writer().writeCatches(loggerId, items);
        expect(answer.invalid).toBe(0);
        const map = maps[q.mapIndex % maps.length]!;
        const query: Record<string, string | number> = { map_id: map.mapId, ...q.window };
        if (q.fishIndex !== undefined) query.fish_id = map.fishIds[q.fishIndex % map.fishIds.length]!;
        if (q.star !== undefined) query.star_type = q.star;
        const heat = await heatmapAt(query);
        const from = 'from' in q.window ? Date.parse(q.window.from) : NOW - Number.parseInt(q.window.range) * DAY_MS;
        const to = 'to' in q.window ? Date.parse(q.window.to) : NOW;
        const expected = await expectedCells({ ...query, map_id: map.mapId, from, to } as never);
        const sorted = [...heat.cells].sort((a, b) => a[1] * 1000 + a[0] - (b[1] * 1000 + b[0]));
        expect(sorted).toEqual(expected);
        expect(heat.total).toBe(expected.reduce((sum, [, , n]) => sum + n, 0));
        expect(heat.max).toBe(Math.max(0, ...expected.map(([, , n]) => n)));
        const kept = JSON.parse((await reader.heatmap(query as never)).body.toString()) as HeatmapResponse;
        expect(kept).toEqual(heat);
      }),
      { numRuns: 40 },
    );
  });

  it('a square of cells (`size`) counts exactly the catches of its cells in the picture, cut at the edge', async () => {
    const loggerId = await newLogger();
    const reader = service();
    const arbitraryBlock = fc.record({
      size: fc.constantFrom(1, 2, 4, 8, 16, 32),
      col: fc.nat({ max: 127 }),
      row: fc.nat({ max: 127 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitraryCatch, { minLength: 1, maxLength: 40 }),
        arbitraryQuery,
        arbitraryBlock,
        async (items, q, block) => {
          expect((await writer().writeCatches(loggerId, items)).invalid).toBe(0);
          const map = maps[q.mapIndex % maps.length]!;
          const query: Record<string, string | number> = { map_id: map.mapId, ...q.window };
          if (q.fishIndex !== undefined) query.fish_id = map.fishIds[q.fishIndex % map.fishIds.length]!;
          if (q.star !== undefined) query.star_type = q.star;
          // Aligned as the page merges cells; the random corner also reaches past the grid's edge.
          const aligned = {
            ...block,
            col: block.col - (block.col % block.size),
            row: block.row - (block.row % block.size),
          };
          for (const { col, row, size } of [aligned, block]) {
            const heat = await heatmapAt(query);
            const inBlock = heat.cells.filter(([c, r]) => c >= col && c < col + size && r >= row && r < row + size);
            const detail = await reader.cell({ ...query, col, row, size } as never);
            expect(detail.total).toBe(inBlock.reduce((sum, [, , n]) => sum + n, 0));
            expect(detail.size).toBe(size);
            expect(detail.fishes.reduce((sum, fish) => sum + fish.count, 0)).toBeLessThanOrEqual(detail.total);
            const grid = gridOf(map.bounds);
            expect(detail.x_min).toBe(map.bounds.x_min + col * grid.cell_w);
            if (col + size >= grid.cols) expect(detail.x_max).toBe(map.bounds.x_max);
            else expect(detail.x_max).toBe(map.bounds.x_min + (col + size) * grid.cell_w);
            if (row + size >= grid.rows) expect(detail.y_max).toBe(map.bounds.y_max);
            else expect(detail.y_max).toBe(map.bounds.y_min + (row + size) * grid.cell_h);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a square counts the catches on its edge cells and none of those just outside it', async () => {
    const loggerId = await newLogger();
    const map = maps[2]!;
    const grid = gridOf(map.bounds);
    const fishId = map.fishIds[0]!;
    // One catch in the middle of each cell from (7, 7) to (12, 12): the square (8, 8) of 4 and a ring around it.
    const items = [];
    for (let col = 7; col <= 12; col++)
      for (let row = 7; row <= 12; row++)
        items.push(
          validCatch(place, {
            map_id: map.mapId,
            fish_id: fishId,
            weight: map.minWeight.get(fishId),
            star_type: 449,
            caught_at: wireTime(NOW - HOUR),
            x: grid.bounds.x_min + (col + 0.5) * grid.cell_w,
            y: grid.bounds.y_min + (row + 0.5) * grid.cell_h,
          }),
        );
    expect((await writer().writeCatches(loggerId, items)).created).toBe(36);
    const query = { map_id: map.mapId, fish_id: fishId, star_type: 449, range: '1d' };
    const heat = await heatmapAt(query);
    const inSquare = heat.cells.filter(([c, r]) => c >= 8 && c < 12 && r >= 8 && r < 12);
    const detail = await service().cell({ ...query, col: 8, row: 8, size: 4 } as never);
    expect(detail.total).toBe(inSquare.reduce((sum, [, , n]) => sum + n, 0));
    expect(detail.total).toBeGreaterThanOrEqual(16);
  });

  it('agrees with /logs/bird for the same filters, through HTTP', async () => {
    const logger = await registerLogger();
    const map = maps[0]!;
    const items = Array.from({ length: 30 }, (_, i) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: map.fishIds[i % map.fishIds.length],
        weight: map.minWeight.get(map.fishIds[i % map.fishIds.length]!),
        star_type: i % 2 === 0 ? 0 : 448,
        caught_at: wireTime(Date.now() - (i + 1) * 5 * HOUR),
      }),
    );
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/catches',
      headers: { authorization: `Bearer ${logger.client_token}` },
      payload: { items },
    });
    expect(upload.json().created).toBe(30);
    const from = wireTime(Date.now() - 3 * DAY_MS);
    const to = wireTime(Date.now());
    for (const extra of [
      '',
      `&fish_id=${map.fishIds[0]}`,
      '&star_type=448',
      `&fish_id=${map.fishIds[1]}&star_type=0`,
    ]) {
      const heat = await ctx.app.inject({ url: `/api/heatmap?map_id=${map.mapId}&from=${from}&to=${to}${extra}` });
      const logs = await ctx.app.inject({ url: `/api/logs/bird?map_id=${map.mapId}&from=${from}&to=${to}${extra}` });
      expect(heat.statusCode).toBe(200);
      expect(heat.json().total).toBe(logs.json().total);
      expect(heat.json().total).toBeGreaterThan(0);
    }
  });
});

describe('windows at UTC midnight', () => {
  it('counts a from–to range across midnight, and one spanning whole days, to the millisecond', async () => {
    const loggerId = await newLogger();
    const map = maps[1]!;
    const midnight = Math.floor(NOW / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const at = (time: number, x = map.bounds.x_min) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: map.fishIds[0],
        weight: map.minWeight.get(map.fishIds[0]!),
        star_type: 0,
        caught_at: wireTime(time),
        x,
        y: map.bounds.y_min,
      });
    const times = [midnight - HOUR - 1, midnight - HOUR, midnight - 1, midnight, midnight + HOUR - 1, midnight + HOUR];
    times.push(midnight + DAY_MS - 1, midnight + DAY_MS, midnight + DAY_MS + HOUR);
    expect(
      (
        await writer().writeCatches(
          loggerId,
          times.map((t) => at(t)),
        )
      ).created,
    ).toBe(times.length);
    const total = async (from: number, to: number) =>
      (await heatmapAt({ map_id: map.mapId, from: wireTime(from), to: wireTime(to) })).total -
      (await expectedOthers(map.mapId, from, to, loggerId));
    // 23:00 → 01:00: raw only; the catch at 01:00 sharp is outside (`to` exclusive), the one at 23:00 inside.
    expect(await total(midnight - HOUR, midnight + HOUR)).toBe(4);
    // 23:00 the day before → 01:00 the day after: one whole day from the rollup, both ends raw.
    expect(await total(midnight - HOUR, midnight + DAY_MS + HOUR)).toBe(7);
    // Exactly the whole day.
    expect(await total(midnight, midnight + DAY_MS)).toBe(4);
  });
});

/** A few catches of every test map's fish in the last days (tests that need data write their own: any order). */
async function someCatches(now: number): Promise<void> {
  const loggerId = await newLogger();
  const items = maps.flatMap((map) =>
    map.fishIds.map((fishId, i) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: fishId,
        weight: map.minWeight.get(fishId),
        star_type: 448,
        caught_at: wireTime(now - (i + 1) * 7 * HOUR),
      }),
    ),
  );
  await createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => now }).writer.writeCatches(
    loggerId,
    items,
  );
}

/** Catches other tests of this file stored in a window (the database is shared by the file). */
async function expectedOthers(mapId: number, from: number, to: number, except: string): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('catch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('map_id', '=', mapId)
    .where('caught_at', '>=', from)
    .where('caught_at', '<', to)
    .where('client_id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('whole-day sums kept in memory', () => {
  it("are reused until a late upload by another process counts into an ended day, and never hide today's catches", async () => {
    const map = maps[1]!;
    const reader = service();
    const read = async () =>
      JSON.parse((await reader.heatmap({ map_id: map.mapId, range: '30d' } as never)).body.toString()).total;
    const at = (time: number) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: map.fishIds[0],
        weight: map.minWeight.get(map.fishIds[0]!),
        caught_at: wireTime(time),
      });
    const before = await read();
    // Another process (its own writer and rollup) uploads a catch of three days ago, then one of the current hour.
    const other = createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => NOW }).writer;
    expect((await other.writeCatches(await newLogger(), [at(NOW - 3 * DAY_MS)])).created).toBe(1);
    expect(await read()).toBe(before + 1);
    expect((await other.writeCatches(await newLogger(), [at(NOW - 60_000)])).created).toBe(1);
    expect(await read()).toBe(before + 2);
    const version = async () =>
      (
        await ctx.db.kysely
          .selectFrom('heat_map_version')
          .select('version')
          .where('map_id', '=', map.mapId)
          .executeTakeFirst()
      )?.version;
    // The current day's catch raised no version: only ended days are kept.
    const v = await version();
    await other.writeCatches(await newLogger(), [at(NOW - 120_000)]);
    expect(await version()).toBe(v);
    expect(await read()).toBe(before + 3);
  });
});

describe('whole answers kept', () => {
  it('are served again only while they hold: a new batch, the window sliding past a catch or onto one re-count', async () => {
    // A map no other test writes to, so that only this test's catches move its answers.
    const view = await ctx.services.catalogue.view();
    const map = [...view.maps.values()][5]!;
    const fish = [...view.fish.values()].find((f) => f.data.maps.includes(map.id))!;
    const at = (time: number) =>
      validCatch(place, { map_id: map.id, fish_id: fish.id, weight: fish.data.min_weight, caught_at: wireTime(time) });
    let now = NOW;
    // Writers (other processes, say) on the same moving clock as the reader.
    const upload = async (time: number) =>
      (
        await createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => now }).writer.writeCatches(
          await newLogger(),
          [at(time)],
        )
      ).created;
    const repository = new HeatmapRepository(ctx.db.reads, ctx.db.dialect);
    let counted = 0;
    const cells = repository.cells.bind(repository);
    repository.cells = (...args) => {
      counted += 1;
      return cells(...args);
    };
    const reader = new HeatmapService(repository, ctx.services.catalogue, () => now);
    const read = async () => {
      const heat = JSON.parse((await reader.heatmap({ map_id: map.id, range: '7d' } as never)).body.toString());
      const direct = await ctx.db.kysely
        .selectFrom('catch')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('map_id', '=', map.id)
        .where('caught_at', '>=', now - 7 * DAY_MS)
        .where('caught_at', '<', now)
        .executeTakeFirstOrThrow();
      expect(heat.total).toBe(Number(direct.n));
      return heat.total as number;
    };

    expect(await upload(NOW - 7 * DAY_MS + 30 * 60_000)).toBe(1);
    expect(await read()).toBe(1);
    expect(counted).toBe(1);
    // Nothing changed: the kept answer, not a count, also a minute later.
    expect(await read()).toBe(1);
    now += 60_000;
    expect(await read()).toBe(1);
    expect(counted).toBe(1);
    // The window slides past that catch: it leaves, counted again.
    now = NOW + 31 * 60_000;
    expect(await read()).toBe(0);
    expect(counted).toBe(2);
    // A batch on the map: counted again, with its catch.
    expect(await upload(now - 60_000)).toBe(1);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    expect(counted).toBe(3);
    // A catch uploaded ahead of its time: not yet in the window; once the window reaches it, it is counted, though no
    // batch came in between.
    expect(await upload(now + 4 * 60_000)).toBe(1);
    expect(await read()).toBe(1);
    expect(counted).toBe(4);
    now += 5 * 60_000;
    expect(await read()).toBe(2);
    expect(counted).toBe(5);
  });
});

describe('whole answers kept, fresh for a while (decision 0033)', () => {
  it('serve a kept answer unchecked within the fresh window, and the new batch once it has passed', async () => {
    const view = await ctx.services.catalogue.view();
    const map = [...view.maps.values()][6]!;
    const fish = [...view.fish.values()].find((f) => f.data.maps.includes(map.id))!;
    const upload = async () =>
      (
        await writer().writeCatches(await newLogger(), [
          validCatch(place, {
            map_id: map.id,
            fish_id: fish.id,
            weight: fish.data.min_weight,
            caught_at: wireTime(NOW - HOUR),
          }),
        ])
      ).created;
    let monotonic = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => monotonic);
    try {
      const reader = new HeatmapService(
        new HeatmapRepository(ctx.db.reads, ctx.db.dialect),
        ctx.services.catalogue,
        () => NOW,
        { keep: true, freshMs: 1_000 },
      );
      const total = async () =>
        (
          JSON.parse(
            (await reader.heatmap({ map_id: map.id, range: '1d' } as never)).body.toString(),
          ) as HeatmapResponse
        ).total;
      const before = await total();
      expect(await upload()).toBe(1);
      monotonic += 999;
      expect(await total()).toBe(before);
      monotonic += 1;
      expect(await total()).toBe(before + 1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('exact while batches are written concurrently', () => {
  it('by two writers at once (two server processes), with retries of the same reports', async () => {
    const [a, b] = [await newLogger(), await newLogger()];
    const map = maps[2]!;
    const item = (i: number) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: map.fishIds[i % map.fishIds.length],
        weight: map.minWeight.get(map.fishIds[i % map.fishIds.length]!),
        star_type: STAR_TYPES[i % STAR_TYPES.length],
        caught_at: wireTime(NOW - (i % 5) * DAY_MS - (i + 1) * 1000),
        // Few cells, so the two writers update the same rollup rows.
        x: map.bounds.x_min + (i % 3),
        y: map.bounds.y_min + (i % 2),
      });
    const batches = Array.from({ length: 12 }, (_, k) => Array.from({ length: 40 }, (_, i) => item(k * 40 + i)));
    const [one, two] = [writer(), writer()];
    const reads: Promise<HeatmapResponse>[] = [];
    await Promise.all(
      batches.flatMap((batch, k) => {
        reads.push(heatmapAt({ map_id: map.mapId, range: '7d' }));
        // Every batch twice, by both writers and both loggers' ids: the retries must count nothing twice.
        return [one.writeCatches(k % 2 ? a : b, batch), two.writeCatches(k % 2 ? a : b, batch)];
      }),
    );
    const stored = await expectedCells({ map_id: map.mapId, from: NOW - 7 * DAY_MS, to: NOW });
    const final = await heatmapAt({ map_id: map.mapId, range: '7d' });
    expect(final.total).toBe(stored.reduce((sum, [, , n]) => sum + n, 0));
    expect([...final.cells].sort((p, q) => p[1] * 1000 + p[0] - (q[1] * 1000 + q[0]))).toEqual(stored);
    // Reads during the writes saw whole batches only: a multiple of the batch size more than before.
    const before = final.total - 12 * 40;
    for (const read of await Promise.all(reads)) expect((read.total - before) % 40).toBe(0);
  });

  it('answers a read while a large write is under way, from the last commit', async () => {
    const loggerId = await newLogger();
    const map = maps[0]!;
    const before = await heatmapAt({ map_id: map.mapId, range: '7d' });
    const entries = Array.from({ length: 5000 }, (_, i) => ({
      loggerId,
      item: validCatch(place, {
        map_id: map.mapId,
        fish_id: map.fishIds[0],
        weight: map.minWeight.get(map.fishIds[0]!),
        caught_at: wireTime(NOW - (i + 1) * 60_000),
      }),
    }));
    const done: string[] = [];
    const write = writer()
      .writeCatchesOfMany(entries)
      .then(() => done.push('write'));
    // Let the write begin its transaction, then read.
    await new Promise((resolve) => setImmediate(resolve));
    const read = heatmapAt({ map_id: map.mapId, range: '7d' }).then((answer) => {
      done.push('read');
      return answer;
    });
    const [, during] = await Promise.all([write, read]);
    expect(done).toEqual(['read', 'write']);
    // It saw the database as before the write: nothing of an uncommitted transaction.
    expect(during.total).toBe(before.total);
    expect((await heatmapAt({ map_id: map.mapId, range: '7d' })).total).toBe(before.total + 5000);
  });

  it('rebuilds the rollup at start-up when it does not count the stored catches', async () => {
    await someCatches(NOW);
    const map = maps[0]!;
    const before = await heatmapAt({ map_id: map.mapId, range: '30d' });
    expect(before.total).toBeGreaterThan(0);
    await ctx.db.kysely.deleteFrom('heat_cell_day').where('map_id', '=', map.mapId).execute();
    expect((await heatmapAt({ map_id: map.mapId, range: '30d' })).total).toBeLessThan(before.total);
    expect(await ctx.services.heatRollups.ensureComplete()).toBe(true);
    expect(await heatmapAt({ map_id: map.mapId, range: '30d' })).toEqual(before);
    expect(await ctx.services.heatRollups.ensureComplete()).toBe(false);
  });

  it('recounts only the days asked, after a tool removed catches', async () => {
    await someCatches(NOW);
    const map = maps[0]!;
    const day = Math.floor(NOW / DAY_MS) - 2;
    // Two catches of that day on the map, written by the writer (so counted in the rollup), then removed directly.
    const fishId = map.fishIds[0]!;
    const at = (time: number) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: fishId,
        weight: map.minWeight.get(fishId),
        caught_at: wireTime(time),
      });
    const loggerId = await newLogger();
    await writer().writeCatches(loggerId, [at(day * DAY_MS + 3_600_000), at(day * DAY_MS + 7_200_000)]);
    await ctx.db.kysely.deleteFrom('catch').where('client_id', '=', loggerId).execute();
    const range = { map_id: map.mapId, from: wireTime((day - 1) * DAY_MS), to: wireTime((day + 2) * DAY_MS) };
    const expected = await expectedCells({ map_id: map.mapId, from: (day - 1) * DAY_MS, to: (day + 2) * DAY_MS });
    expect((await heatmapAt(range)).cells).not.toEqual(expected);
    await ctx.services.heatRollups.rebuild([day, day + 1]);
    expect((await heatmapAt(range)).cells).toEqual(expected);
    expect(await ctx.services.heatRollups.ensureComplete()).toBe(false);
  });
});

describe('the route', () => {
  it('answers the contract shape with an ETag, and 304 for an unchanged picture', async () => {
    // Through HTTP the service runs on the real clock.
    await someCatches(Date.now());
    const map = maps[0]!;
    const first = await ctx.app.inject({ url: `/api/heatmap?map_id=${map.mapId}&range=30d` });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ map_id: map.mapId, cols: 128, rows: 128, bounds: map.bounds });
    expect(body.cell_w).toBe((map.bounds.x_max - map.bounds.x_min) / 128);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await ctx.app.inject({
      url: `/api/heatmap?map_id=${map.mapId}&range=30d`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({
      url: `/api/heatmap?map_id=${map.mapId}&range=30d&star_type=452`,
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 404 MAP_NOT_FOUND for an unknown map and 422 for bad filters', async () => {
    expect((await ctx.app.inject({ url: '/api/heatmap?map_id=999999' })).json()).toEqual({ detail: 'MAP_NOT_FOUND' });
    for (const query of [
      '',
      'map_id=abc',
      `map_id=${maps[0]!.mapId}&range=2d`,
      `map_id=${maps[0]!.mapId}&star_type=7`,
      `map_id=${maps[0]!.mapId}&from=2026-01-02T00:00:00Z`,
      `map_id=${maps[0]!.mapId}&range=7d&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
      `map_id=${maps[0]!.mapId}&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
    ]) {
      const res = await ctx.app.inject({ url: `/api/heatmap?${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(Array.isArray(res.json().detail), query).toBe(true);
    }
  });

  it('tells what was caught in one cell, under the same filters', async () => {
    // Through HTTP the service runs on the real clock.
    await someCatches(Date.now());
    const map = maps[0]!;
    const heat = (
      await ctx.app.inject({ url: `/api/heatmap?map_id=${map.mapId}&range=30d` })
    ).json() as HeatmapResponse;
    const [col, row, count] = heat.cells.reduce((best, cell) => (cell[2] > best[2] ? cell : best));
    const res = await ctx.app.inject({ url: `/api/heatmap/cell?map_id=${map.mapId}&range=30d&col=${col}&row=${row}` });
    expect(res.statusCode).toBe(200);
    const cell = res.json();
    expect(cell.total).toBe(count);
    expect(cell.fishes.reduce((sum: number, f: { count: number }) => sum + f.count, 0)).toBeLessThanOrEqual(count);
    expect(cell.fishes[0].count).toBeGreaterThan(0);
    expect(cell.x_min).toBeCloseTo(map.bounds.x_min + col * heat.cell_w);
    expect(cell.depth.min).toBeLessThanOrEqual(cell.depth.max);
    const empty = await ctx.app.inject({
      url: `/api/heatmap/cell?map_id=${map.mapId}&range=1d&col=127&row=0&star_type=451`,
    });
    expect(empty.json()).toMatchObject({ total: 0, fishes: [], baits: [], depth: null });
    expect((await ctx.app.inject({ url: `/api/heatmap/cell?map_id=${map.mapId}&col=128&row=0` })).statusCode).toBe(422);
    for (const size of ['0', '33', '2.5', 'x']) {
      const bad = await ctx.app.inject({ url: `/api/heatmap/cell?map_id=${map.mapId}&col=0&row=0&size=${size}` });
      expect(bad.statusCode, size).toBe(422);
      expect(bad.json().detail[0].loc, size).toContain('size');
    }
    // A square around the busiest cell holds at least its catches, through HTTP.
    const block = await ctx.app.inject({
      url: `/api/heatmap/cell?map_id=${map.mapId}&range=30d&col=${col - (col % 4)}&row=${row - (row % 4)}&size=4`,
    });
    expect(block.json()).toMatchObject({ size: 4, col: col - (col % 4), row: row - (row % 4) });
    expect(block.json().total).toBeGreaterThanOrEqual(count);
  });
});

describe('OpenAPI', () => {
  // 503: SERVER_OVERLOADED, on every route but the health checks (decision 0027).
  it('documents the heat map and bait guide routes as public, with their statuses and descriptions', async () => {
    const doc = (await ctx.app.inject({ url: '/docs/json' })).json();
    const routes: [string, string[]][] = [
      ['/api/heatmap', ['200', '304', '404', '422', '503']],
      ['/api/heatmap/cell', ['200', '404', '422', '503']],
      ['/api/bait-guide', ['200', '422', '503']],
      ['/api/bait-guide/detail', ['200', '422', '503']],
      ['/api/bait-guide/top', ['200', '422', '503']],
    ];
    for (const [path, statuses] of routes) {
      const get = doc.paths[path].get;
      expect(get.security, path).toEqual([]);
      expect(get.description.length, path).toBeGreaterThan(40);
      expect(Object.keys(get.responses).sort(), path).toEqual(statuses);
    }
  });
});
