/**
 * No stored row can break a read, for words too (item 1 of the security findings; numbers: stored-extremes.test.ts).
 * A rod type, boat direction or weather that no version of the contract knows, written straight into the table (by
 * another tool, or a future logger's word), has no neutral value to stand for it in a catch: the logs and the stats
 * send what is stored rather than refusing the whole answer with a 500. The bait guide's weather split counts it as
 * the contract's own `unknown`. Its own app, so no other test's reads meet these rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaitGuideDetailResponse, BaitGuideResponse, HeatmapResponse } from '#shared/contracts/catches';
import { type CatchPlace, catchPlace } from './test/catch-fixtures';
import { addLogger, catchRow, insertCatches } from './test/log-test-data';
import { asUser, bindLogger, signedIn } from './test/accounts';
import { createTestApp, type TestContext } from './test/test-app';

let ctx: TestContext;
let place: CatchPlace;
let token: string;
let catchId: number;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' } });
  place = catchPlace(await ctx.services.catalogue.view());
  const loggerId = await addLogger(ctx.db.kysely, 'Wordy Angler');
  ({ token } = await signedIn(ctx.app));
  expect((await bindLogger(ctx, token, loggerId)).statusCode).toBe(200);
  [catchId = 0] = await insertCatches(ctx.db.kysely, [
    catchRow(loggerId, {
      map_id: place.mapId,
      fish_id: place.fishId,
      bait_id: place.baitId,
      caught_at: Date.now() - 60_000,
      rod_type: 'harpoon',
      direction: 'sideways',
      weather: 'acid_rain',
    }),
  ]);
  // A row written past the catch writer is in the heat map's rollup once the server has made it complete, as it does
  // at every start (server.ts).
  expect(await ctx.services.heatRollups.ensureComplete()).toBe(true);
});
afterAll(() => ctx?.close());

async function read(url: string, withToken = false) {
  const res = withToken ? await asUser(ctx.app, token, { method: 'GET', url }) : await ctx.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

describe('words outside the contract, written straight into the tables', () => {
  it('the stats and the bird log answer, showing the stored words', async () => {
    const stats = await read('/api/users/me/stats', true);
    expect(stats.recent_catches[0]).toMatchObject({ id: catchId, rod_type: 'harpoon', direction: 'sideways' });
    expect((await read(`/api/logs/bird/${catchId}`)).weather).toBe('acid_rain');
    expect((await read('/api/logs/bird?mine=true', true)).items[0].id).toBe(catchId);
    expect((await read('/api/logs/bird')).items.map((item: { id: number }) => item.id)).toContain(catchId);
  });

  it('the bait guide counts the catch, its weather split as unknown', async () => {
    const detail = BaitGuideDetailResponse.parse(await read(`/api/bait-guide/detail?fish_id=${place.fishId}`));
    // The test world holds no other catch (the demo world's catalogue only).
    expect(detail.by_weather.map(({ key, total }) => ({ key, total }))).toEqual([{ key: 'unknown', total: 1 }]);
    const guide = BaitGuideResponse.parse(await read(`/api/bait-guide?fish_id=${place.fishId}`));
    expect(guide.total).toBe(1);
  });

  it('the heat map counts it', async () => {
    const heat = HeatmapResponse.parse(await read(`/api/heatmap?map_id=${place.mapId}&range=1d`));
    expect(heat.total).toBe(1);
  });
});
