/**
 * Property tests of the upload routes (fast-check): batches of valid, mutated and random items never make the
 * server answer 5xx; the answer accounts for every item in order; what it calls created is exactly what was added;
 * and re-sending any batch creates nothing new. Real app, real database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOAT_DIRECTIONS, ROD_TYPES, STAR_TYPES, WEATHER_KINDS } from '#shared/game/catch-attributes';
import { CatchBatchResponse, wireTime } from '#shared/contracts/catches';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { IngestionCatalogueView } from '../../catch-store/catch-store';

let ctx: TestContext;
let catalogue: IngestionCatalogueView;
let logger: { client_id: string; client_token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  catalogue = await ctx.services.catalogue.view();
  logger = (await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json();
});
afterAll(() => ctx?.close());

const DAY = 86_400_000;
// A small pool of report ids, so batches repeat keys within and across runs.
const reportId = fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `p-${i}`), 'x.y:z_1-2');

/** A catch that passes every rule: a fish on one of its maps, inside the bounds, within its weight range. */
function validCatch(): fc.Arbitrary<Record<string, unknown>> {
  const fishes = [...catalogue.fish].filter(([, fish]) => fish.data.maps.length > 0);
  const baits = [...catalogue.baits.keys()];
  const now = Date.now();
  return fc
    .record({
      fish: fc.constantFrom(...fishes),
      mapIndex: fc.nat(),
      u: fc.double({ min: 0, max: 1, noNaN: true }),
      v: fc.double({ min: 0, max: 1, noNaN: true }),
      w: fc.double({ min: 0, max: 1, noNaN: true }),
      baits: fc.uniqueArray(fc.constantFrom(...baits), { minLength: 2, maxLength: 2 }),
      sandwich: fc.boolean(),
      rest: fc.record({
        report_id: reportId,
        caught_at: fc.integer({ min: now - 399 * DAY, max: now + 4 * 60_000 }).map((t) => wireTime(t)),
        rod_type: fc.constantFrom(...ROD_TYPES),
        star_type: fc.constantFrom(...STAR_TYPES),
        depth: fc.double({ min: 0, max: 200, noNaN: true }),
        direction: fc.constantFrom(...BOAT_DIRECTIONS),
        angle: fc.integer({ min: 0, max: 359 }),
        game_hour: fc.integer({ min: 0, max: 24 }),
        temperature: fc.double({ min: -30, max: 50, noNaN: true }),
        weather: fc.constantFrom(...WEATHER_KINDS),
        night: fc.boolean(),
        time_spent: fc.integer({ min: 0, max: 86_400 }),
      }),
    })
    .map(({ fish: [fishId, fish], mapIndex, u, v, w, baits: [bait, bait2], sandwich, rest }) => {
      const mapId = fish.data.maps[mapIndex % fish.data.maps.length]!;
      const { x_min, x_max, y_min, y_max } = catalogue.maps.get(mapId)!.data.bounds;
      const { min_weight, max_weight } = fish.data;
      return {
        ...rest,
        map_id: mapId,
        fish_id: fishId,
        bait_id: bait,
        bait2_id: sandwich ? bait2 : null,
        weight: Math.round(min_weight + w * (max_weight - min_weight)),
        x: x_min + u * (x_max - x_min),
        y: y_min + v * (y_max - y_min),
      };
    });
}

/** A valid catch with one field replaced by any JSON value, removed, or an unknown field added. */
function mutatedCatch(): fc.Arbitrary<unknown> {
  return fc
    .tuple(validCatch(), fc.nat(), fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('replace', 'remove', 'add'))
    .map(([item, index, value, how]) => {
      const keys = Object.keys(item);
      const key = keys[index % keys.length]!;
      const copy: Record<string, unknown> = { ...item };
      if (how === 'replace') copy[key] = value;
      else if (how === 'remove') delete copy[key];
      else copy[`extra_${key}`] = value;
      return copy;
    });
}

/** Built once the catalogue is loaded. */
const anyItem = () =>
  fc.oneof(
    { weight: 3, arbitrary: validCatch() },
    { weight: 3, arbitrary: mutatedCatch() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );

function upload(path: 'catches' | 'sales', items: unknown[]) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/c_report/${path}`,
    headers: { authorization: `Bearer ${logger.client_token}` },
    payload: { items },
  });
}

const count = async (table: 'catch' | 'sale') =>
  (await ctx.db.kysely.selectFrom(table).select('id').where('client_id', '=', logger.client_id).execute()).length;

function checkAnswer(body: CatchBatchResponse, items: unknown[]): void {
  expect(body.results).toHaveLength(items.length);
  expect(body.created + body.duplicates + body.invalid).toBe(items.length);
  body.results.forEach((result, i) => {
    const sent = (items[i] as { report_id?: unknown } | null)?.report_id;
    // The key is echoed whenever it is a valid string; null only for an invalid item.
    if (result.report_id === null) expect(result.status).toBe('invalid');
    else expect(result.report_id).toBe(sent);
    expect(result.status === 'invalid').toBe(result.errors !== undefined);
  });
}

describe('uploads under random batches', () => {
  it('never answer 5xx, account for every item, and re-sending a batch creates nothing', async () => {
    let createdTotal = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(anyItem(), { minLength: 1, maxLength: 25 }), async (items) => {
        const before = await count('catch');
        const first = await upload('catches', items);
        expect(first.statusCode, first.body).toBe(200);
        const body = CatchBatchResponse.parse(first.json());
        checkAnswer(body, items);
        expect(await count('catch')).toBe(before + body.created);
        createdTotal += body.created;

        const again = await upload('catches', items);
        expect(again.statusCode).toBe(200);
        const second = CatchBatchResponse.parse(again.json());
        expect(second.created).toBe(0);
        expect(second.invalid).toBe(body.invalid);
        expect(await count('catch')).toBe(before + body.created);
      }),
      { numRuns: 60 },
    );
    // The generators do produce storable catches: the properties above are not only about refusals.
    expect(createdTotal).toBeGreaterThan(0);
  });

  it('never answer 5xx for sales either, and re-sending creates nothing', async () => {
    const sale = fc.record({
      report_id: reportId,
      sold_at: fc.integer({ min: Date.now() - 399 * DAY, max: Date.now() }).map((t) => wireTime(t)),
      income: fc.nat(),
      fish_count: fc.integer({ min: 1, max: 1000 }),
      star_count: fc.nat({ max: 1 }),
    });
    const anySale = fc.oneof(
      sale,
      fc
        .tuple(sale, fc.constantFrom('report_id', 'sold_at', 'income', 'fish_count', 'star_count'), fc.jsonValue())
        .map(([s, key, value]) => ({ ...s, [key]: value })),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(anySale, { minLength: 1, maxLength: 20 }), async (items) => {
        const first = await upload('sales', items);
        expect(first.statusCode, first.body).toBe(200);
        checkAnswer(CatchBatchResponse.parse(first.json()), items);
        const total = await count('sale');
        const again = await upload('sales', items);
        expect(again.statusCode).toBe(200);
        expect(again.json().created).toBe(0);
        expect(await count('sale')).toBe(total);
      }),
      { numRuns: 40 },
    );
  });
});
