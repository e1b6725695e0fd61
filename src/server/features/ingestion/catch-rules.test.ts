/**
 * Every rule a catch upload is judged by (docs/catch-data-api.md §1), through `POST /api/c_report/catches` on
 * a real database: each case changes one field of a valid catch and expects exactly that field's error and nothing
 * stored, or expects an edge value to be accepted. The exact time edges (which need a fixed clock): catch-store/catch-writer.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatchBatchResponse, wireTime } from '#shared/contracts/catches';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type CatchPlace, catchPlace, validCatch } from '../../test/catch-fixtures';

let ctx: TestContext;
let place: CatchPlace;
let token: string;
let loggerId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  place = catchPlace(await ctx.services.catalogue.view());
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  ({ client_token: token, client_id: loggerId } = res.json());
});
afterAll(() => ctx?.close());

const DAY = 86_400_000;

async function judged(item: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/c_report/catches',
    headers: { authorization: `Bearer ${token}` },
    payload: { items: [item] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CatchBatchResponse.parse(res.json()).results[0]!;
}

async function isStored(reportId: unknown): Promise<boolean> {
  if (typeof reportId !== 'string') return false;
  const row = await ctx.db.kysely
    .selectFrom('catch')
    .select('id')
    .where('client_id', '=', loggerId)
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  return row !== undefined;
}

type Case = [label: string, change: (item: Record<string, unknown>) => void, fields: string[]];

const set = (field: string, value: unknown) => (item: Record<string, unknown>) => {
  item[field] = value;
};

describe('a catch is refused, and not stored, when', () => {
  const cases: Case[] = [
    // Catalogue rules.
    ['the map does not exist', set('map_id', 999_999), ['map_id']],
    ['the fish does not exist', set('fish_id', 999_999), ['fish_id']],
    [
      'the fish does not live on the map',
      (i) => Object.assign(i, { fish_id: place.foreignFishId, weight: place.foreignFishWeight }),
      ['fish_id'],
    ],
    ['the bait does not exist', set('bait_id', 999_999), ['bait_id']],
    ['the second bait does not exist', set('bait2_id', 999_999), ['bait2_id']],
    ['the second bait is the first one', (i) => (i.bait2_id = i.bait_id), ['bait2_id']],
    ['the weight is below the fish range', (i) => (i.weight = place.minWeight - 1), ['weight']],
    ['the weight is above the fish range', (i) => (i.weight = place.maxWeight + 1), ['weight']],
    ['x is west of the map', (i) => (i.x = place.bounds.x_min - 0.001), ['x']],
    ['x is east of the map', (i) => (i.x = place.bounds.x_max + 0.001), ['x']],
    ['y is south of the map', (i) => (i.y = place.bounds.y_min - 0.001), ['y']],
    ['y is north of the map', (i) => (i.y = place.bounds.y_max + 0.001), ['y']],
    // Time rules (a minute's margin either side: the server's clock runs on while the request is built).
    ['caught_at is more than 5 minutes ahead', set('caught_at', wireTime(Date.now() + 6 * 60_000)), ['caught_at']],
    ['caught_at is more than 400 days old', set('caught_at', wireTime(Date.now() - 400 * DAY - 60_000)), ['caught_at']],
    ['caught_at has no time zone', set('caught_at', '2026-01-02T03:04:05'), ['caught_at']],
    ['caught_at is not a time', set('caught_at', 'yesterday'), ['caught_at']],
    ['caught_at is a number', set('caught_at', Date.now()), ['caught_at']],
    // Ranges and enumerations.
    ['the depth is negative', set('depth', -0.1), ['depth']],
    ['the depth is over 200 m', set('depth', 200.1), ['depth']],
    ['the angle is 360', set('angle', 360), ['angle']],
    ['the angle is negative', set('angle', -1), ['angle']],
    ['the angle is fractional', set('angle', 12.5), ['angle']],
    ['the game hour is 25', set('game_hour', 25), ['game_hour']],
    ['the game hour is negative', set('game_hour', -1), ['game_hour']],
    ['the temperature is below -30', set('temperature', -30.5), ['temperature']],
    ['the temperature is above 50', set('temperature', 50.5), ['temperature']],
    ['time_spent is over a day', set('time_spent', 86_401), ['time_spent']],
    ['time_spent is negative', set('time_spent', -1), ['time_spent']],
    ['the weight is fractional', set('weight', 1000.5), ['weight']],
    ['the rod type is unknown', set('rod_type', 'spinning'), ['rod_type']],
    ['the star type is unknown', set('star_type', 445), ['star_type']],
    ['the direction is unknown', set('direction', 'left'), ['direction']],
    ['the weather is unknown', set('weather', 'snow'), ['weather']],
    // Types are never coerced.
    ['the weight is a string', (i) => (i.weight = String(i.weight)), ['weight']],
    ['night is a string', set('night', 'true'), ['night']],
    ['night is a number', set('night', 1), ['night']],
    ['the map id is a string', (i) => (i.map_id = String(i.map_id)), ['map_id']],
    ['x is null', set('x', null), ['x']],
    ['a required field is missing', (i) => delete i.weather, ['weather']],
    // Unknown fields and NUL characters.
    ['it has an unknown field', set('colour', 'green'), ['colour']],
    ['a string holds a NUL character', set('weather', 'sun\u0000ny'), ['weather']],
  ];

  it.each(cases)('%s', async (_label, change, fields) => {
    const item = validCatch(place);
    change(item);
    const result = await judged(item);
    expect(result.status).toBe('invalid');
    expect(result.report_id).toBe(item.report_id);
    expect(result.errors!.map((e) => e.field)).toEqual(fields);
    for (const error of result.errors!) expect(error.msg).not.toBe('');
    expect(await isStored(item.report_id)).toBe(false);
  });

  it.each([
    ['is missing', undefined],
    ['is empty', ''],
    ['is longer than 64 characters', 'r'.repeat(65)],
    ['has characters outside [A-Za-z0-9_.:-]', 'report 1'],
    ['is a number', 12],
  ])('the report id %s: answered with report_id null', async (_label, reportId) => {
    const item = validCatch(place);
    if (reportId === undefined) delete item.report_id;
    else item.report_id = reportId;
    const result = await judged(item);
    expect(result).toMatchObject({ report_id: null, status: 'invalid' });
    expect(result.errors!.length).toBeGreaterThan(0);
    expect(result.errors!.every((e) => e.field === 'report_id')).toBe(true);
  });

  it('an item is not an object', async () => {
    for (const item of [null, 12, 'catch', [1]]) {
      const result = await judged(item);
      expect(result).toMatchObject({ report_id: null, status: 'invalid' });
      expect(result.errors).toHaveLength(1);
    }
  });

  it('several rules are broken: every catalogue error is reported', async () => {
    const item = validCatch(place, { bait_id: 999_999, weight: place.maxWeight + 1, x: place.bounds.x_max + 1 });
    const result = await judged(item);
    expect(result.errors!.map((e) => e.field)).toEqual(['bait_id', 'weight', 'x']);
  });
});

describe('a catch is accepted at the edges', () => {
  const cases: Case[] = [
    ['the lightest weight of the fish', (i) => (i.weight = place.minWeight), []],
    ['the heaviest weight of the fish', (i) => (i.weight = place.maxWeight), []],
    ['the south-west corner of the map', (i) => Object.assign(i, { x: place.bounds.x_min, y: place.bounds.y_min }), []],
    ['the north-east corner of the map', (i) => Object.assign(i, { x: place.bounds.x_max, y: place.bounds.y_max }), []],
    ['depth 200', set('depth', 200), []],
    ['angle 0', set('angle', 0), []],
    ['angle 359', set('angle', 359), []],
    ['game hour 24', set('game_hour', 24), []],
    ['temperature -30', set('temperature', -30), []],
    ['temperature 50', set('temperature', 50), []],
    ['time_spent 0', set('time_spent', 0), []],
    ['time_spent 86,400', set('time_spent', 86_400), []],
    ['a time 4 minutes ahead', set('caught_at', wireTime(Date.now() + 4 * 60_000)), []],
    ['a time 399 days old', set('caught_at', wireTime(Date.now() - 399 * DAY)), []],
    [
      'a time with an offset',
      (i) => (i.caught_at = new Date(Date.now() - DAY - 5 * 3_600_000).toISOString().replace('Z', '-05:00')),
      [],
    ],
    ['a sandwich rig', (i) => (i.bait2_id = place.bait2Id), []],
    ['no second bait', (i) => delete i.bait2_id, []],
    ['star type 0 (unknown)', set('star_type', 0), []],
  ];

  it.each(cases)('%s', async (_label, change) => {
    const item = validCatch(place);
    change(item);
    const result = await judged(item);
    expect(result).toEqual({ report_id: item.report_id, status: 'created' });
    expect(await isStored(item.report_id)).toBe(true);
  });

  it('game hour 0, stored as 24', async () => {
    const item = validCatch(place, { game_hour: 0 });
    expect((await judged(item)).status).toBe('created');
    const row = await ctx.db.kysely
      .selectFrom('catch')
      .select('game_hour')
      .where('report_id', '=', item.report_id as string)
      .executeTakeFirstOrThrow();
    expect(row.game_hour).toBe(24);
  });

  it('depth 0 and every trophy star type', async () => {
    for (const star of [446, 447, 448, 449, 450, 451, 452]) {
      const result = await judged(validCatch(place, { depth: 0, star_type: star }));
      expect(result.status).toBe('created');
    }
  });
});
