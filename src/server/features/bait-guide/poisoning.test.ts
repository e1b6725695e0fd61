/**
 * The poisoning test of issue 24 (decision 0039): 20 new loggers, registered from 20 addresses, send plausible catches
 * of one bait for one fish as fast as the server allows them (the logger simulator over real HTTP: a catch every 18 s
 * of `caught_at`, 200 in each hour, each logger coming online with its last `POISONING_HOURS` hours to upload). The
 * bait must not enter the bait guide's top three in its default view, whose trusted catches come from established
 * players; it may show with `trust=all`. The short form (one hour: 4,000 catches) runs in CI; `POISONING_HOURS=72`
 * sends the guide's whole window (288,000). Both databases.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaitGuideDetailResponse, BaitGuideResponse, BaitGuideTopResponse, wireTime } from '#shared/contracts/catches';
import { runLoggerSimulator, type SimulatedLogger } from '../../demo/logger-simulator';
import { catchPlace, type CatchPlace, validCatch } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';

const HOURS = Number(process.env.POISONING_HOURS ?? 1);
const LOGGERS = 20;
/** As fast as allowed: 200 catches an hour (the limit), at most 4 in a minute (of 6). */
const PACE_SECONDS = 18;
const PER_LOGGER = HOURS * 200;
/** The established players' catches of the fish in the last 72 hours, by bait: the guide's honest ranking. */
const HONEST = [40, 30, 20, 12];

let ctx: TestContext;
let url: string;
let place: CatchPlace;
let honestBaits: number[];
let poison: number;

beforeAll(async () => {
  // The server's default rules (the test app turns them off for the other tests).
  ctx = await createTestApp({
    env: {
      CATCH_RATE_PER_MINUTE: '6',
      CATCH_RATE_PER_HOUR: '200',
      LOGGER_PROBATION_HOURS: '24',
      LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '10',
    },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const view = await ctx.services.catalogue.view();
  place = catchPlace(view);
  const baits = [...view.baits.keys()];
  honestBaits = baits.slice(0, HONEST.length);
  // The bait the poisoners push: one the honest players never used for this fish.
  poison = baits[HONEST.length]!;

  // Established players (their probation long over), fishing at their own pace over the last two days.
  const players: string[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/clients',
      payload: { player_name: `Regular ${i}` },
      remoteAddress: `10.1.0.${i + 1}`,
    });
    players.push(res.json().client_id);
  }
  await ctx.db.kysely.updateTable('logger_client').set({ active_since: 0 }).where('client_id', 'in', players).execute();
  const now = Date.now();
  const items = HONEST.flatMap((count, b) =>
    Array.from({ length: count }, (_, i) => ({
      player: players[(b * 7 + i) % players.length]!,
      item: validCatch(place, {
        bait_id: honestBaits[b],
        caught_at: wireTime(now - 3_600_000 - (b * 100 + i) * 7 * 60_000),
      }),
    })),
  );
  const answer = await ctx.services.catchWriter.writeCatchesOfMany(
    items.map(({ player, item }) => ({ loggerId: player, item })),
  );
  expect(answer.created).toBe(items.length);
}, 60_000);
afterAll(() => ctx?.close());

async function guide(path: '' | '/detail', trust?: 'all') {
  const res = await ctx.app.inject({
    url: `/api/bait-guide${path}?fish_id=${place.fishId}&map_id=${place.mapId}${trust ? `&trust=${trust}` : ''}`,
  });
  expect(res.statusCode).toBe(200);
  return BaitGuideResponse.parse(res.json());
}

const topThree = (answer: { baits: { bait_id: number }[] }) => answer.baits.slice(0, 3).map((b) => b.bait_id);

describe('poisoning the bait guide', () => {
  it(`20 new loggers sending one bait as fast as allowed (${HOURS} h each) do not move it into the top three`, async () => {
    // Twenty loggers, each registered from an address of its own (an address may register 10 a day).
    const loggers: SimulatedLogger[] = [];
    for (let i = 0; i < LOGGERS; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/c_report/clients',
        payload: { player_name: `Poisoner ${i}` },
        remoteAddress: `10.66.${Math.floor(i / 200)}.${(i % 200) + 1}`,
      });
      expect(res.statusCode).toBe(201);
      const { client_id, client_token } = res.json();
      loggers.push({ id: client_id, token: client_token });
    }
    const before = await guide('');
    expect(topThree(before)).toEqual(honestBaits.slice(0, 3));

    const stats = await runLoggerSimulator({
      url,
      clients: 4,
      rate: 0,
      duration: 0,
      total: LOGGERS * PER_LOGGER,
      batchSize: 100,
      loggers,
      paceSeconds: PACE_SECONDS,
      backlogHours: HOURS,
      only: { fishId: place.fishId, mapId: place.mapId, baitId: poison },
      giveUpMs: 600_000,
    });
    // As fast as allowed: every catch within the limits, so every one stored.
    expect(stats).toMatchObject({ created: LOGGERS * PER_LOGGER, invalid: 0, failed: 0, loggers: LOGGERS });
    const flagged = await ctx.db.kysely
      .selectFrom('logger_client')
      .select('client_id')
      .where('flagged_at', 'is not', null)
      .execute();
    expect(flagged).toEqual([]);

    // The default view counts trusted catches: the poisoners' are in probation.
    const after = await guide('');
    expect(after.trust).toBe('trusted');
    expect(after.total).toBe(before.total);
    expect(topThree(after)).not.toContain(poison);
    const detail = BaitGuideDetailResponse.parse(
      (await ctx.app.inject({ url: `/api/bait-guide/detail?fish_id=${place.fishId}` })).json(),
    );
    expect(topThree(detail)).not.toContain(poison);
    const top = BaitGuideTopResponse.parse((await ctx.app.inject({ url: '/api/bait-guide/top' })).json());
    expect(top.fishes.find((f) => f.fish_id === place.fishId)?.baits.map((b) => b.bait_id)).not.toContain(poison);

    // Everything not hidden, on request: there it shows, first.
    const all = await guide('', 'all');
    expect(all.trust).toBe('all');
    expect(all.total).toBe(before.total + LOGGERS * PER_LOGGER);
    expect(all.baits[0]!.bait_id).toBe(poison);
  }, 600_000);
});
