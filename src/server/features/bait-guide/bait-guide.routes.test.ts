/**
 * The bait guide (docs/catch-data-api.md §4) against known catches: shares sum to 1 and are ranked by count then bait
 * id, the 72-hour window is exact at both ends, a map narrows it, a sandwich counts for its first bait, the detail's
 * splits add up, and the encyclopedia's top three come from the same window. Real database; a fixed clock where edges
 * matter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAIT_GUIDE_WINDOW_HOURS,
  type BaitCatchesResponse,
  BaitGuideDetailResponse,
  BaitGuideResponse,
  type BaitGuideTopResponse,
  depthBand,
  wireTime,
} from '#shared/contracts/catches';
import { shareInterval } from '#shared/share-interval';
import { createCatchWriter } from '../../catch-store/catch-store';
import { createTestApp, type TestContext } from '../../test/test-app';
import { catchPlace, type CatchPlace, validCatch } from '../../test/catch-fixtures';
import { BaitGuideRepository, TOP_SLICES } from './bait-guide.repository';
import { BaitGuideService } from './bait-guide.service';

let ctx: TestContext;
let place: CatchPlace;
let baits: number[];
/** A second map the test fish lives on, when the catalogue has one. */
let otherMap: number | undefined;
const NOW = Date.UTC(2026, 10, 20, 8, 15, 0);
const HOUR = 3_600_000;
const WINDOW = BAIT_GUIDE_WINDOW_HOURS * HOUR;

const service = () => new BaitGuideService(new BaitGuideRepository(ctx.db.reads, ctx.db.dialect), () => NOW);

async function newLogger(): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  return res.json().client_id;
}

/** Stores catches of a fish of its own (so tests of this file never see each other's catches). */
async function store(fishId: number, catches: Record<string, unknown>[], now = NOW): Promise<void> {
  const loggerId = await newLogger();
  const items = catches.map((overrides) => validCatch(place, { fish_id: fishId, ...overrides }));
  const answer = await createCatchWriter(ctx.db.kysely, ctx.services.catalogue, {
    clock: () => now,
  }).writer.writeCatches(loggerId, items);
  expect(answer.invalid).toBe(0);
}

/** Fish of the test map with the same weight range handling as the fixtures, one per test. */
let fishPool: { id: number; weight: number }[];
const takeFish = () => fishPool.shift()!;

beforeAll(async () => {
  ctx = await createTestApp();
  const view = await ctx.services.catalogue.view();
  place = catchPlace(view);
  baits = [...view.baits.keys()].slice(0, 6);
  fishPool = [...view.fish.values()]
    .filter((f) => f.data.maps.includes(place.mapId) && f.id !== place.fishId)
    .map((f) => ({ id: f.id, weight: f.data.min_weight }));
  otherMap = view.fish.get(place.fishId)!.data.maps.find((m) => m !== place.mapId);
});
afterAll(() => ctx?.close());

describe('GET /bait-guide', () => {
  it('ranks baits by count then id, shares sum to 1, and the window is exactly the last 72 hours', async () => {
    const fish = takeFish();
    const at = (time: number, bait: number) => ({ caught_at: wireTime(time), bait_id: bait, weight: fish.weight });
    await store(fish.id, [
      at(NOW - HOUR, baits[2]!),
      at(NOW - 2 * HOUR, baits[2]!),
      at(NOW - 3 * HOUR, baits[2]!),
      at(NOW - 4 * HOUR, baits[1]!),
      at(NOW - 5 * HOUR, baits[0]!),
      // A tie with baits[0] (1 each): the lower id first.
      at(NOW - WINDOW, baits[3]!),
      // Outside: a millisecond older than 72 hours, and one in the future beyond `now`.
      at(NOW - WINDOW - 1, baits[4]!),
      at(NOW + 60_000, baits[4]!),
      // A sandwich counts for its first bait only.
      { ...at(NOW - 6 * HOUR, baits[1]!), bait2_id: baits[5]! },
    ]);
    const guide = await service().guide({ fish_id: fish.id });
    expect(guide).toMatchObject({
      fish_id: fish.id,
      map_id: null,
      total: 7,
      from: wireTime(NOW - WINDOW),
      to: wireTime(NOW),
    });
    const tied = [baits[0]!, baits[3]!].sort((a, b) => a - b);
    expect(guide.baits.map((b) => [b.bait_id, b.count])).toEqual([
      [baits[2], 3],
      [baits[1], 2],
      [tied[0], 1],
      [tied[1], 1],
    ]);
    expect(guide.baits.reduce((sum, b) => sum + b.share, 0)).toBeCloseTo(1, 12);
    expect(guide.baits[0]!.share).toBeCloseTo(3 / 7, 12);
  });

  it('narrows to one map', async () => {
    const fish = { id: place.fishId, weight: place.minWeight };
    if (otherMap === undefined) return expect(otherMap).toBeUndefined();
    const before = await service().guide({ fish_id: fish.id, map_id: otherMap });
    await store(fish.id, [
      { map_id: otherMap, caught_at: wireTime(NOW - HOUR), bait_id: baits[0] },
      { map_id: place.mapId, caught_at: wireTime(NOW - HOUR), bait_id: baits[0] },
    ]);
    const after = await service().guide({ fish_id: fish.id, map_id: otherMap });
    expect(after.map_id).toBe(otherMap);
    expect(after.total).toBe(before.total + 1);
  });

  it('answers an empty guide for a fish without catches, and 422 for a bad query', async () => {
    const fish = takeFish();
    const res = await ctx.app.inject({ url: `/api/bait-guide?fish_id=${fish.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fish_id: fish.id, total: 0, baits: [] });
    for (const query of ['', 'fish_id=0', 'fish_id=abc', 'fish_id=1&map_id=-3']) {
      const bad = await ctx.app.inject({ url: `/api/bait-guide?${query}` });
      expect(bad.statusCode, query).toBe(422);
    }
  });
});

describe('GET /bait-guide/detail', () => {
  it('splits the same catches by game hour, depth band and weather, each split adding up to the total', async () => {
    const fish = takeFish();
    const c = (bait: number, game_hour: number, depth: number, weather: string) => ({
      caught_at: wireTime(NOW - HOUR),
      bait_id: bait,
      weight: fish.weight,
      game_hour,
      depth,
      weather,
    });
    await store(fish.id, [
      c(baits[0]!, 6, 0.5, 'sunny'),
      c(baits[0]!, 6, 1, 'sunny'),
      c(baits[1]!, 22, 4.9, 'drizzle'),
      c(baits[1]!, 0, 5, 'drizzle'),
      c(baits[0]!, 22, 120, 'overcast'),
    ]);
    const detail = JSON.parse(await service().detailJson({ fish_id: fish.id })) as BaitGuideDetailResponse;
    expect(detail.total).toBe(5);
    expect(detail.by_hour.map((h) => [h.key, h.total])).toEqual([
      [6, 2],
      [22, 2],
      // The logger's hour 0 is stored and shown as 24.
      [24, 1],
    ]);
    expect(detail.by_depth.map((d) => [d.key, d.total])).toEqual([
      ['0-1', 1],
      ['1-2', 1],
      ['2-5', 1],
      ['5-10', 1],
      ['100+', 1],
    ]);
    expect(new Map(detail.by_weather.map((w) => [w.key, w.total]))).toEqual(
      new Map([
        ['sunny', 2],
        ['drizzle', 2],
        ['overcast', 1],
      ]),
    );
    for (const split of [detail.by_hour, detail.by_depth, detail.by_weather]) {
      expect(split.reduce((sum, part) => sum + part.total, 0)).toBe(detail.total);
      for (const part of split) expect(part.baits.reduce((sum, b) => sum + b.share, 0)).toBeCloseTo(1, 12);
    }
    expect(
      detail.by_hour
        .find((h) => h.key === 22)!
        .baits.map((b) => b.bait_id)
        .sort(),
    ).toEqual([baits[0]!, baits[1]!].sort());
  });

  it('names the depth bands by their lower edge', () => {
    expect([0, 0.99, 1, 2, 4.99, 5, 10, 20, 49.9, 50, 100, 200].map(depthBand)).toEqual([
      '0-1',
      '0-1',
      '1-2',
      '2-5',
      '2-5',
      '5-10',
      '10-20',
      '20-50',
      '20-50',
      '50-100',
      '100+',
      '100+',
    ]);
  });
});

describe('kept answers', () => {
  it('are served again only while they hold: a new catch of the fish, the window sliding past one re-count', async () => {
    const fish = takeFish();
    let now = NOW;
    const repository = new BaitGuideRepository(ctx.db.reads, ctx.db.dialect);
    let counted = 0;
    for (const method of ['baitCounts', 'catches'] as const) {
      const original = repository[method].bind(repository) as (...args: never[]) => Promise<never>;
      repository[method] = ((...args: never[]) => {
        counted += 1;
        return original(...args);
      }) as never;
    }
    const reader = new BaitGuideService(repository, () => now);
    const at = (time: number) => ({ caught_at: wireTime(time), bait_id: baits[0]!, weight: fish.weight });
    await store(fish.id, [at(NOW - WINDOW + 30 * 60_000), at(NOW - HOUR)], now);
    const totals = async () => {
      const guide = await reader.guide({ fish_id: fish.id });
      const detail = JSON.parse(await reader.detailJson({ fish_id: fish.id })) as BaitGuideDetailResponse;
      expect(detail.total).toBe(guide.total);
      expect(guide.to).toBe(wireTime(now));
      // A detail kept as text still goes out with the window's new times.
      expect([detail.from, detail.to]).toEqual([guide.from, guide.to]);
      return guide.total;
    };
    expect(await totals()).toBe(2);
    expect(counted).toBe(2);
    // Unchanged a minute later: the kept counts, with the window's new times.
    now += 60_000;
    expect(await totals()).toBe(2);
    expect(counted).toBe(2);
    // The window slides past the older catch.
    now = NOW + 31 * 60_000;
    expect(await totals()).toBe(1);
    expect(counted).toBe(4);
    // A new catch of the fish, uploaded by another writer.
    await store(fish.id, [at(now - 60_000)], now);
    expect(await totals()).toBe(2);
    expect(counted).toBe(6);
    // And kept again.
    expect(await totals()).toBe(2);
    expect(counted).toBe(6);
  });
});

describe('GET /bait-guide/top', () => {
  it("lists every fish's three most used baits of the last 72 hours in one answer", async () => {
    const fish = takeFish();
    const now = Date.now();
    const c = (bait: number, count: number) =>
      Array.from({ length: count }, () => ({ caught_at: wireTime(now - HOUR), bait_id: bait, weight: fish.weight }));
    await store(fish.id, [...c(baits[0]!, 1), ...c(baits[1]!, 4), ...c(baits[2]!, 3), ...c(baits[3]!, 2)], now);
    const res = await ctx.app.inject({ url: '/api/bait-guide/top' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const entry = res.json().fishes.find((f: { fish_id: number }) => f.fish_id === fish.id);
    expect(entry.total).toBe(10);
    expect(entry.baits.map((b: { bait_id: number }) => b.bait_id)).toEqual([baits[1], baits[2], baits[3]]);
  });

  it('counts the window in slices, each catch once: at every slice edge and at both ends of the window', async () => {
    const fish = takeFish();
    const from = NOW - WINDOW;
    const step = Math.ceil(WINDOW / TOP_SLICES);
    const at = (time: number, bait = baits[0]!) => ({ caught_at: wireTime(time), bait_id: bait, weight: fish.weight });
    const edges = Array.from({ length: TOP_SLICES }, (_, i) => at(from + i * step, baits[i % 2]!));
    // In: the window's first instant, every slice's first instant (the first of them is the window's), the last
    // millisecond; out: just before the window, and its end (exclusive).
    await store(fish.id, [...edges, at(NOW - 1), at(from - 1), at(NOW)]);
    const entry = (await service().top({ map_id: place.mapId })).fishes.find((f) => f.fish_id === fish.id)!;
    expect(entry.total).toBe(TOP_SLICES + 1);
    expect(entry.baits).toEqual([
      {
        bait_id: baits[0]!,
        count: TOP_SLICES / 2 + 1,
        share: (TOP_SLICES / 2 + 1) / (TOP_SLICES + 1),
        ...shareInterval(TOP_SLICES / 2 + 1, TOP_SLICES + 1),
      },
      {
        bait_id: baits[1]!,
        count: TOP_SLICES / 2,
        share: TOP_SLICES / 2 / (TOP_SLICES + 1),
        ...shareInterval(TOP_SLICES / 2, TOP_SLICES + 1),
      },
    ]);
  });

  it('is reused for a minute, then served once more while a fresh answer is computed', async () => {
    const fish = takeFish();
    let now = NOW;
    const guide = new BaitGuideService(new BaitGuideRepository(ctx.db.reads, ctx.db.dialect), () => now);
    const totalOf = async () =>
      (await guide.top({ map_id: place.mapId })).fishes.find((f) => f.fish_id === fish.id)?.total;
    const one = { caught_at: wireTime(NOW - HOUR), bait_id: baits[0], weight: fish.weight };
    await store(fish.id, [one]);
    expect(await totalOf()).toBe(1);
    await store(fish.id, [one]);
    now = NOW + 59_000;
    expect(await totalOf()).toBe(1);
    now = NOW + 60_000;
    // Stale: answered at once from the old result, while the new one is computed.
    expect(await totalOf()).toBe(1);
    await expect.poll(totalOf).toBe(2);
  });

  it('keeps a bounded number of answers, however many map ids are asked', async () => {
    let now = NOW;
    const guide = new BaitGuideService(new BaitGuideRepository(ctx.db.reads, ctx.db.dialect), () => now);
    const fish = takeFish();
    await store(fish.id, [{ caught_at: wireTime(NOW - HOUR), bait_id: baits[0], weight: fish.weight }]);
    const first = await guide.top({ map_id: place.mapId });
    for (let map = 1_000_000; map < 1_000_100; map++) expect((await guide.top({ map_id: map })).fishes).toEqual([]);
    // The first answer was dropped: asked again (within its minute) it is computed anew, with the newer catch.
    await store(fish.id, [{ caught_at: wireTime(NOW - HOUR), bait_id: baits[0], weight: fish.weight }]);
    now = NOW + 1000;
    const again = await guide.top({ map_id: place.mapId });
    const total = (answer: typeof first) => answer.fishes.find((f) => f.fish_id === fish.id)?.total;
    expect(total(first)).toBe(1);
    expect(total(again)).toBe(2);
  });
});

describe('GET /bait-guide/bait (a bait page, issue 26)', () => {
  /** Baits no other test of this file stores catches with (they use the first six). */
  const pageBait = async (index: number) => [...(await ctx.services.catalogue.view()).baits.keys()][index]!;

  it('counts the bait’s catches per fish and per map, exactly, over exactly the last 72 hours', async () => {
    const bait = await pageBait(7);
    const [a, b] = [takeFish(), takeFish()];
    const own = { id: place.fishId, weight: place.minWeight };
    const at = (fish: { id: number; weight: number }, time: number, extra: Record<string, unknown> = {}) => ({
      fish_id: fish.id,
      weight: fish.weight,
      caught_at: wireTime(time),
      bait_id: bait,
      ...extra,
    });
    const loggerId = await newLogger();
    const items = [
      at(a, NOW - HOUR),
      at(a, NOW - 2 * HOUR),
      at(a, NOW - WINDOW),
      at(b, NOW - 3 * HOUR),
      at(own, NOW - 4 * HOUR),
      // Outside the window at both ends.
      at(a, NOW - WINDOW - 1),
      at(b, NOW + 60_000),
      // As a second bait (a sandwich rig's) it does not count; another bait's catch does not either.
      at(b, NOW - HOUR, { bait_id: baits[0], bait2_id: bait }),
      at(b, NOW - HOUR, { bait_id: baits[1] }),
      ...(otherMap === undefined ? [] : [at(own, NOW - 5 * HOUR, { map_id: otherMap })]),
    ].map((overrides) => validCatch(place, overrides));
    const written = await createCatchWriter(ctx.db.kysely, ctx.services.catalogue, {
      clock: () => NOW,
    }).writer.writeCatches(loggerId, items);
    expect(written.invalid).toBe(0);

    const page = await service().baitCatches({ bait_id: bait });
    const onOther = otherMap === undefined ? 0 : 1;
    expect(page).toMatchObject({ bait_id: bait, from: wireTime(NOW - WINDOW), to: wireTime(NOW), total: 5 + onOther });
    const [low, high] = [b.id, own.id].sort((x, y) => x - y);
    const tiedAtOne = onOther
      ? [[b.id, 1]]
      : [
          [low, 1],
          [high, 1],
        ];
    expect(page.fishes.map((f) => [f.fish_id, f.count])).toEqual(
      onOther ? [[a.id, 3], [own.id, 2], ...tiedAtOne] : [[a.id, 3], ...tiedAtOne],
    );
    expect(page.fishes[0]!.share).toBeCloseTo(3 / page.total, 12);
    expect(page.fishes.reduce((sum, f) => sum + f.share, 0)).toBeCloseTo(1, 12);
    expect(page.maps.map((m) => [m.map_id, m.count])).toEqual(
      onOther
        ? [
            [place.mapId, 5],
            [otherMap, 1],
          ]
        : [[place.mapId, 5]],
    );
    expect(page.maps.reduce((sum, m) => sum + m.share, 0)).toBeCloseTo(1, 12);
  });

  it('answers the counts over HTTP, an empty page for a bait without catches, 404 and 422', async () => {
    const bait = await pageBait(8);
    const fish = takeFish();
    const now = Date.now();
    await store(
      fish.id,
      [now - HOUR, now - 2 * HOUR].map((time) => ({ caught_at: wireTime(time), bait_id: bait, weight: fish.weight })),
      now,
    );
    const res = await ctx.app.inject({ url: `/api/bait-guide/bait?bait_id=${bait}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bait_id: bait,
      total: 2,
      fishes: [{ fish_id: fish.id, count: 2, share: 1 }],
      maps: [{ map_id: place.mapId, count: 2, share: 1 }],
    });

    const unused = await pageBait(9);
    const empty = await ctx.app.inject({ url: `/api/bait-guide/bait?bait_id=${unused}` });
    expect(empty.json()).toMatchObject({ bait_id: unused, total: 0, fishes: [], maps: [] });

    const unknown = Math.max(...(await ctx.services.catalogue.view()).baits.keys()) + 1000;
    const missing = await ctx.app.inject({ url: `/api/bait-guide/bait?bait_id=${unknown}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'BAIT_NOT_FOUND' });
    for (const query of ['', 'bait_id=0', 'bait_id=-2', 'bait_id=abc', 'bait_id=1.5', 'bait_id=1&bait_id=2']) {
      const bad = await ctx.app.inject({ url: `/api/bait-guide/bait?${query}` });
      expect(bad.statusCode, query).toBe(422);
      expect(bad.json().detail[0].loc, query).toEqual(['query', 'bait_id']);
    }
  });
});

describe('share intervals (issue 25, decision 0034)', () => {
  /** The published 95 % Wilson interval of 3 of 4 (Newcombe 1998's method 3, to four places) and of 1 of 4. */
  const THREE_OF_FOUR = { share_lower: 0.3006, share_upper: 0.9544 };
  const ONE_OF_FOUR = { share_lower: 0.0456, share_upper: 0.6994 };
  const expectInterval = (got: { share_lower: number; share_upper: number }, want: typeof THREE_OF_FOUR) => {
    expect(got.share_lower).toBeCloseTo(want.share_lower, 4);
    expect(got.share_upper).toBeCloseTo(want.share_upper, 4);
  };
  const json = async <T>(url: string): Promise<T> => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('every share of the guide, its detail, the top baits and a bait’s page carries its 95 % Wilson interval', async () => {
    const fish = takeFish();
    const other = takeFish();
    const bait = [...(await ctx.services.catalogue.view()).baits.keys()][10]!;
    const now = Date.now();
    const at = (bait: number, game_hour: number, fishOf = fish) => ({
      fish_id: fishOf.id,
      caught_at: wireTime(now - HOUR),
      bait_id: bait,
      weight: fishOf.weight,
      game_hour,
    });
    // The fish: 3 of 4 with `bait`, 1 of 4 with baits[0], all at game hour 6 but one at 7. Another fish: 1 with `bait`.
    await store(fish.id, [at(bait, 6), at(bait, 6), at(bait, 7), at(baits[0]!, 6), at(bait, 6, other)], now);

    const guide = await json<BaitGuideResponse>(`/api/bait-guide?fish_id=${fish.id}`);
    expect(guide.total).toBe(4);
    expect(guide.baits.map((b) => [b.bait_id, b.count, b.share])).toEqual([
      [bait, 3, 0.75],
      [baits[0], 1, 0.25],
    ]);
    expectInterval(guide.baits[0]!, THREE_OF_FOUR);
    expectInterval(guide.baits[1]!, ONE_OF_FOUR);

    const detail = await json<BaitGuideDetailResponse>(`/api/bait-guide/detail?fish_id=${fish.id}`);
    expect(detail.baits).toEqual(guide.baits);
    // Both are sent without re-validation (trustedResponse): exactly their schemas' shapes, nothing left out or added.
    expect(BaitGuideResponse.parse(guide)).toEqual(guide);
    expect(BaitGuideDetailResponse.parse(detail)).toEqual(detail);
    const sent = await ctx.app.inject({ url: `/api/bait-guide/detail?fish_id=${fish.id}` });
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    // Each split's shares are of its own total: at hour 6, 2 of 3 with `bait`; at hour 7, 1 of 1.
    const six = detail.by_hour.find((h) => h.key === 6)!;
    expect(six.total).toBe(3);
    expect(six.baits[0]).toEqual({ bait_id: bait, count: 2, share: 2 / 3, ...shareInterval(2, 3) });
    expect(six.baits[0]!.share_lower).toBeCloseTo(0.2077, 4);
    const seven = detail.by_hour.find((h) => h.key === 7)!;
    expect(seven.baits).toEqual([
      { bait_id: bait, count: 1, share: 1, share_lower: shareInterval(1, 1).share_lower, share_upper: 1 },
    ]);
    expect(seven.baits[0]!.share_lower).toBeCloseTo(0.2065, 4);
    for (const split of [detail.by_hour, detail.by_depth, detail.by_weather])
      for (const part of split)
        for (const b of part.baits) {
          expect(b.share_lower).toBeLessThanOrEqual(b.share);
          expect(b.share_upper).toBeGreaterThanOrEqual(b.share);
        }

    // Asked on the test map, a key no other test of this file asks the app for (its answer is kept a minute).
    const top = await json<BaitGuideTopResponse>(`/api/bait-guide/top?map_id=${place.mapId}`);
    const entry = top.fishes.find((f) => f.fish_id === fish.id)!;
    expect(entry.baits).toEqual(guide.baits);

    const page = await json<BaitCatchesResponse>(`/api/bait-guide/bait?bait_id=${bait}`);
    expect(page.total).toBe(4);
    expect(page.fishes.map((f) => [f.fish_id, f.count])).toEqual([
      [fish.id, 3],
      [other.id, 1],
    ]);
    expectInterval(page.fishes[0]!, THREE_OF_FOUR);
    expectInterval(page.fishes[1]!, ONE_OF_FOUR);
    expect(page.maps).toEqual([{ map_id: place.mapId, count: 4, share: 1, ...shareInterval(4, 4) }]);
    expect(page.maps[0]!.share_lower).toBeCloseTo(4 / (4 + 1.96 ** 2), 12);
  });
});
