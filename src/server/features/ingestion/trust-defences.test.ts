/**
 * The defences in the data path over HTTP, with the server's default rules (decision 0039): logger registrations
 * limited per address and binds per account; a new logger's catch in probation, listed at once with its mark and
 * counted by the heat map and the bait guide only with `trust=all`; a catch an operator hid listed and counted
 * nowhere; a seventh catch in one UTC minute refused per item. Real database, real HTTP through app.inject().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BaitGuideDetailResponse,
  BaitGuideResponse,
  BirdLogPage,
  HeatmapResponse,
  wireTime,
} from '#shared/contracts/catches';
import { asUser, bindLogger, signedIn } from '../../test/accounts';
import { type CatchPlace, catchPlace, validCatch } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let place: CatchPlace;
const MINUTE = 60_000;
let address = 0;

/** A logger registered from an address of its own. */
async function newLogger(): Promise<{ client_id: string; client_token: string }> {
  address += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/c_report/clients',
    payload: {},
    remoteAddress: `10.24.0.${address}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function upload(token: string, items: unknown[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/c_report/catches',
    headers: { authorization: `Bearer ${token}` },
    payload: { items },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { created: number; invalid: number; results: { status: string; errors?: unknown[] }[] };
}

const get = async (url: string) => {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

beforeAll(async () => {
  // The server's defaults, not the test app's (which turns the rules off for the other tests).
  ctx = await createTestApp({
    env: {
      CATCH_RATE_PER_MINUTE: '6',
      CATCH_RATE_PER_HOUR: '200',
      LOGGER_PROBATION_HOURS: '24',
      LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '10',
      LOGGER_BINDS_PER_ACCOUNT_PER_DAY: '3',
    },
  });
  place = catchPlace(await ctx.services.catalogue.view());
});
afterAll(() => ctx?.close());

describe('logger registration', () => {
  it('is limited per address a day, whatever the minute', async () => {
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {}, remoteAddress });
    for (let i = 0; i < 10; i++) expect((await from('10.99.0.1')).statusCode).toBe(201);
    const refused = await from('10.99.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect((await from('10.99.0.2')).statusCode).toBe(201);
  });

  it('binding loggers is limited per account a day', async () => {
    const { token } = await signedIn(ctx.app);
    for (let i = 0; i < 3; i++)
      expect((await bindLogger(ctx, token, (await newLogger()).client_id)).statusCode).toBe(200);
    const refused = await bindLogger(ctx, token, (await newLogger()).client_id);
    expect(refused.statusCode).toBe(429);
  });
});

describe("a new logger's catch", () => {
  it('is listed at once with its mark, and counted by the heat map and the bait guide only with trust=all', async () => {
    const logger = await newLogger();
    const item = validCatch(place, { caught_at: wireTime(Date.now() - 10 * MINUTE) });
    const guide = async (path: string, trust?: string) =>
      get(`/api/bait-guide${path}?fish_id=${place.fishId}${trust ? `&trust=${trust}` : ''}`);
    // The other tests of this file store catches of the same fish, in any order: what this one adds is the difference.
    const [plainBefore, wideBefore] = [
      BaitGuideResponse.parse(await guide('')),
      BaitGuideResponse.parse(await guide('', 'all')),
    ];
    expect((await upload(logger.client_token, [item])).created).toBe(1);

    const listed = BirdLogPage.parse(await get(`/api/logs/bird?map_id=${place.mapId}&page_size=100`));
    expect(listed.items.find((c) => c.caught_at === item.caught_at)?.trust).toBe('probation');

    const heat = (trust?: string) =>
      get(`/api/heatmap?map_id=${place.mapId}&range=1d${trust ? `&trust=${trust}` : ''}`).then((body) =>
        HeatmapResponse.parse(body),
      );
    const [trusted, all] = [await heat(), await heat('all')];
    expect(trusted.trust).toBe('trusted');
    expect(all.trust).toBe('all');
    expect(all.total - trusted.total).toBeGreaterThanOrEqual(1);
    expect((await heat('trusted')).total).toBe(trusted.total);

    const [plain, wide] = [BaitGuideResponse.parse(await guide('')), BaitGuideResponse.parse(await guide('', 'all'))];
    expect(plain).toMatchObject({ trust: 'trusted' });
    expect(wide).toMatchObject({ trust: 'all' });
    expect(plain.total).toBe(plainBefore.total);
    expect(wide.total - wideBefore.total).toBe(1);
    const detail = BaitGuideDetailResponse.parse(await guide('/detail', 'all'));
    expect(detail.total).toBe(wide.total);
    expect(detail.trust).toBe('all');
    const badTrust = await ctx.app.inject({ url: `/api/bait-guide?fish_id=${place.fishId}&trust=some` });
    expect(badTrust.statusCode).toBe(422);
  });

  it('hidden by an operator is listed and counted nowhere, and back once restored', async () => {
    const logger = await newLogger();
    const item = validCatch(place, { caught_at: wireTime(Date.now() - 20 * MINUTE) });
    await upload(logger.client_token, [item]);
    const { id } = await ctx.db.kysely
      .selectFrom('catch')
      .select('id')
      .where('client_id', '=', logger.client_id)
      .executeTakeFirstOrThrow();
    const all = async () =>
      HeatmapResponse.parse(await get(`/api/heatmap?map_id=${place.mapId}&range=1d&trust=all`)).total;
    const before = await all();
    expect(await ctx.services.catchModeration.hideCatches({ ids: [Number(id)] })).toBe(1);
    expect(await all()).toBe(before - 1);
    expect((await ctx.app.inject({ url: `/api/logs/bird/${id}` })).statusCode).toBe(404);
    const listed = BirdLogPage.parse(await get(`/api/logs/bird?map_id=${place.mapId}&page_size=100`));
    expect(listed.items.map((c) => c.id)).not.toContain(Number(id));
    expect(await ctx.services.catchModeration.restoreCatches({ ids: [Number(id)] })).toBe(1);
    expect(await all()).toBe(before);
    expect((await get(`/api/logs/bird/${id}`)).trust).toBe('probation');
  });
});

describe('game reality', () => {
  it('refuses a seventh catch in one UTC minute of caught_at, with the reason, and stores the others', async () => {
    const logger = await newLogger();
    const minute = Math.floor((Date.now() - 2 * 3_600_000) / MINUTE) * MINUTE;
    const items = Array.from({ length: 7 }, (_, i) => validCatch(place, { caught_at: wireTime(minute + i * 5000) }));
    const answer = await upload(logger.client_token, items);
    expect(answer).toMatchObject({ created: 6, invalid: 1 });
    expect(answer.results[6]).toMatchObject({
      status: 'invalid',
      errors: [{ field: 'caught_at', msg: expect.stringMatching(/the logger is flagged for review/) }],
    });
    const mine = await ctx.db.kysely
      .selectFrom('logger_client')
      .select('flag_reason')
      .where('client_id', '=', logger.client_id)
      .executeTakeFirstOrThrow();
    expect(mine.flag_reason).toBe('rate');
  });
});

describe('a bound logger', () => {
  it("lists its player's own catches with their mark (mine=true)", async () => {
    const { token } = await signedIn(ctx.app);
    const logger = await newLogger();
    expect((await bindLogger(ctx, token, logger.client_id)).statusCode).toBe(200);
    await upload(logger.client_token, [validCatch(place, { caught_at: wireTime(Date.now() - 30 * MINUTE) })]);
    const res = await asUser(ctx.app, token, { url: '/api/logs/bird?mine=true' });
    expect(BirdLogPage.parse(res.json()).items.map((c) => c.trust)).toEqual(['probation']);
  });
});
