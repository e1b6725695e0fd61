import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import { validSale } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';
import { ACTIVITY_MARK } from '../demo-state';
import { generateDemoWorld } from '../generate-world';
import { seedDemoWorld } from '../seed-demo-world';
import { starWeightsFor } from '../star-weights';
import { isInWater } from '../water/water-shapes';
import { DEMO_FISH } from '../world/fish';
import { DEMO_MAPS } from '../world/maps';
import { DEMO_LOGGER_COUNT } from './demo-loggers';
import { DAY_MS } from './simulate-catches';

// One small demo world (2,000 catches) on a real migrated database, SQLite or PostgreSQL under `npm run test:pg`;
// the tests only read it, except the last, which seeds again and checks nothing was added.
const CATCHES = 2000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
let ctx: TestContext;
let first: Awaited<ReturnType<typeof seedDemoWorld>>;

const seed = (catches: number) => seedDemoWorld(ctx.db.kysely, { mediaDir: ctx.config.dataDir, catches, now: NOW });

beforeAll(async () => {
  ctx = await createTestApp();
  first = await seed(CATCHES);
});
afterAll(() => ctx.close());

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const tokenHashes = () =>
  ctx.db.kysely.selectFrom('logger_client').select(['client_id', 'token_hash']).orderBy('client_id').execute();
const allCatches = () => ctx.db.kysely.selectFrom('catch').selectAll().execute();
const count = async (table: 'catch' | 'sale' | 'official_record' | 'logger_client') =>
  Number(
    (
      await ctx.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo activity', () => {
  it('stores the wanted number of catches, with sales, official records and the demo loggers', async () => {
    expect(first.activity).toEqual({ catches: CATCHES, sales: expect.any(Number), records: 20 });
    expect(await count('catch')).toBe(CATCHES);
    expect(await count('sale')).toBe(first.activity!.sales);
    expect(first.activity!.sales).toBeGreaterThan(100);
    expect(await count('official_record')).toBe(20);
    expect(await count('logger_client')).toBe(DEMO_LOGGER_COUNT);
  });

  it('puts every catch on a map of its fish, inside the bounds, in open water, within the 90 days', async () => {
    const fishMaps = new Map(
      generateDemoWorld()
        .filter((r) => r.group_type === 'fish')
        .map((r) => [r.id, (JSON.parse(r.data) as { maps: number[] }).maps]),
    );
    for (const c of await allCatches()) {
      const map = DEMO_MAPS.find((m) => m.id === c.map_id)!;
      expect(fishMaps.get(c.fish_id)).toContain(c.map_id);
      expect(c.x).toBeGreaterThanOrEqual(map.bounds.x_min);
      expect(c.x).toBeLessThanOrEqual(map.bounds.x_max);
      expect(c.y).toBeGreaterThanOrEqual(map.bounds.y_min);
      expect(c.y).toBeLessThanOrEqual(map.bounds.y_max);
      expect(isInWater(c.map_id, c.x, c.y), `catch ${c.report_id} at ${c.x},${c.y} on map ${c.map_id}`).toBe(true);
      expect(c.caught_at).toBeLessThan(NOW);
      expect(c.caught_at).toBeGreaterThan(NOW - 90 * DAY_MS);
    }
  });

  it('makes trophies rare and at least as heavy as their star threshold', async () => {
    const catches = await allCatches();
    const trophies = catches.filter((c) => c.star_type !== 0);
    expect(trophies.length).toBeGreaterThan(0);
    expect(trophies.length).toBeLessThan(catches.length * 0.1);
    for (const c of trophies) {
      const thresholds = starWeightsFor(DEMO_FISH.find((f) => f.id === c.fish_id)!);
      const threshold = thresholds.find((t) => t.star_type === c.star_type)!;
      expect(TROPHY_STAR_TYPES).toContain(c.star_type);
      expect(c.weight).toBeGreaterThanOrEqual(threshold.min_weight);
    }
  });

  it('gives each fish favourite baits: its top bait is far above an even share', async () => {
    const catches = await allCatches();
    const byFish = groupBy(catches, (c) => c.fish_id);
    const [fishId, ofFish] = [...byFish].sort((a, b) => b[1].length - a[1].length)[0]!;
    const baits = groupBy(ofFish, (c) => c.bait_id);
    const top = Math.max(...[...baits.values()].map((list) => list.length));
    // 233 baits: an even share would be under 1 %; the favourite takes far more.
    expect(top / ofFish.length, `fish ${fishId}`).toBeGreaterThan(0.2);
  });

  it('records official records of heavy fish (star class 448 or above) with player names', async () => {
    const records = await ctx.db.kysely.selectFrom('official_record').selectAll().execute();
    for (const r of records) {
      expect(r.star_type).toBeGreaterThanOrEqual(448);
      expect(r.player_name.length).toBeGreaterThan(0);
    }
  });

  it('gives demo loggers upload tokens nobody can derive from their public ids', async () => {
    const loggers = await tokenHashes();
    expect(new Set(loggers.map((l) => l.token_hash)).size).toBe(DEMO_LOGGER_COUNT);
    for (const { client_id } of loggers.slice(0, 5)) {
      // What the token used to be: a fixed prefix and the public id.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/c_report/sales',
        headers: { authorization: `Bearer demo-logger:${client_id}` },
        payload: { items: [validSale()] },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('adds nothing when seeded again, and remembers how far it got', async () => {
    const loggersBefore = await tokenHashes();
    const again = await seed(CATCHES);
    expect(again.activity).toBeUndefined();
    expect(await count('catch')).toBe(CATCHES);
    const mark = await ctx.db.kysely
      .selectFrom('meta')
      .select('value')
      .where('key', '=', ACTIVITY_MARK)
      .executeTakeFirstOrThrow();
    expect(mark.value).toBe(String(CATCHES));

    // Even a run that forgot its mark repeats the same report ids: duplicates, nothing new.
    await ctx.db.kysely.deleteFrom('meta').where('key', '=', ACTIVITY_MARK).execute();
    const rerun = await seed(CATCHES);
    expect(rerun.activity).toEqual({ catches: 0, sales: 0, records: 0 });
    expect(await count('catch')).toBe(CATCHES);
    // The same loggers with the tokens (unknown to all) they were first given.
    expect(await tokenHashes()).toEqual(loggersBefore);
  });
});
