/**
 * The all-time part of `GET /api/users/me/stats` (docs/catch-data-api.md §5): total catches, the personal best of
 * each fish and the trophies of the bound logger, none of another logger's. Real app, real database (SQLite, or
 * PostgreSQL's partitioned catch table with TEST_DATABASE_URL); on SQLite the statements' plans are checked to read
 * migration 0019's index, never the table's rows for the grouping.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_RECENT_TROPHIES_LIMIT, StatsResponse, wireTime } from '#shared/contracts/catches';
import { asUser, bindLogger, signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { addLogger, catchRow, insertCatches } from '../../test/log-test-data';
import { plansOf, statementRecorder } from '../../test/query-plans';
import { AllTimeRepository } from './all-time.repository';

let ctx: TestContext;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
});
afterAll(() => ctx?.close());

async function userWithLogger(): Promise<{ token: string; loggerId: string }> {
  const loggerId = await addLogger(ctx.db.kysely, 'Record Angler');
  const { token } = await signedIn(ctx.app);
  expect((await bindLogger(ctx, token, loggerId)).statusCode).toBe(200);
  return { token, loggerId };
}

async function statsOf(token: string): Promise<StatsResponse> {
  const res = await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me/stats' });
  expect(res.statusCode).toBe(200);
  return StatsResponse.parse(res.json());
}

const zeroTrophies = [446, 447, 448, 449, 450, 451, 452].map((star_type) => ({ star_type, count: 0 }));

describe('GET /api/users/me/stats, all time', () => {
  it('counts every catch, finds the heaviest of each fish and counts trophies by star type, of this logger only', async () => {
    const { token, loggerId } = await userWithLogger();
    const other = await addLogger(ctx.db.kysely);
    const now = Date.now();
    const at = (days: number) => now - days * DAY;
    const ids = await insertCatches(ctx.db.kysely, [
      // Fish 10: 2,500 g three times; the best is the earliest of them, whatever its star type.
      catchRow(loggerId, { fish_id: 10, weight: 1_500, caught_at: at(60) }),
      catchRow(loggerId, { fish_id: 10, weight: 2_500, caught_at: at(50), star_type: 446, map_id: 3, bait_id: 105 }),
      catchRow(loggerId, { fish_id: 10, weight: 2_500, caught_at: at(40) }),
      catchRow(loggerId, { fish_id: 10, weight: 2_500, caught_at: at(30), star_type: 446 }),
      // Fish 11: the heavier catch is the older one; a trophy of 452 lighter and newer.
      catchRow(loggerId, { fish_id: 11, weight: 800, caught_at: at(20), bait_id: 101, bait2_id: 102 }),
      catchRow(loggerId, { fish_id: 11, weight: 700, caught_at: at(2), star_type: 452 }),
      catchRow(loggerId, { fish_id: 12, weight: 3_000, caught_at: at(10), star_type: 448, map_id: 2 }),
      // Another logger's heavier fish 10, its trophies and a fish only it caught count for nobody here.
      catchRow(other, { fish_id: 10, weight: 9_999, caught_at: at(5), star_type: 446 }),
      catchRow(other, { fish_id: 13, weight: 5_000, caught_at: at(1), star_type: 450 }),
    ]);

    const body = await statsOf(token);
    expect(body.total_catches).toBe(7);
    expect(body.trophy_counts).toEqual([
      { star_type: 446, count: 2 },
      { star_type: 447, count: 0 },
      { star_type: 448, count: 1 },
      { star_type: 449, count: 0 },
      { star_type: 450, count: 0 },
      { star_type: 451, count: 0 },
      { star_type: 452, count: 1 },
    ]);
    // Newest personal best first.
    expect(body.personal_bests).toEqual([
      {
        fish_id: 12,
        catch_count: 1,
        id: ids[6],
        weight: 3_000,
        caught_at: wireTime(at(10)),
        map_id: 2,
        bait_id: 100,
        bait2_id: null,
        star_type: 448,
      },
      {
        fish_id: 11,
        catch_count: 2,
        id: ids[4],
        weight: 800,
        caught_at: wireTime(at(20)),
        map_id: 1,
        bait_id: 101,
        bait2_id: 102,
        star_type: 0,
      },
      {
        fish_id: 10,
        catch_count: 4,
        id: ids[1],
        weight: 2_500,
        caught_at: wireTime(at(50)),
        map_id: 3,
        bait_id: 105,
        bait2_id: null,
        star_type: 446,
      },
    ]);
    expect(body.recent_trophies).toEqual([
      { id: ids[5], caught_at: wireTime(at(2)), map_id: 1, fish_id: 11, star_type: 452, weight: 700 },
      { id: ids[6], caught_at: wireTime(at(10)), map_id: 2, fish_id: 12, star_type: 448, weight: 3_000 },
      { id: ids[3], caught_at: wireTime(at(30)), map_id: 1, fish_id: 10, star_type: 446, weight: 2_500 },
      { id: ids[1], caught_at: wireTime(at(50)), map_id: 3, fish_id: 10, star_type: 446, weight: 2_500 },
    ]);
  });

  it(`gives a best for each of many fish and lists only the ${STATS_RECENT_TROPHIES_LIMIT} newest trophies`, async () => {
    const { token, loggerId } = await userWithLogger();
    const base = Date.now() - 90 * DAY;
    // 130 fish, more than one statement's lookups; fish n's heaviest weighs 1,000 + n g, the lighter catch is newer.
    const rows = Array.from({ length: 130 }, (_, n) => [
      catchRow(loggerId, { fish_id: 1_000 + n, weight: 1_000 + n, caught_at: base + n * 60_000 }),
      catchRow(loggerId, { fish_id: 1_000 + n, weight: 900, caught_at: base + DAY + n * 60_000 }),
    ]).flat();
    const trophies = Array.from({ length: 7 }, (_, i) =>
      catchRow(loggerId, { fish_id: 1_000, weight: 500, caught_at: base + 2 * DAY + i * 60_000, star_type: 446 + i }),
    );
    const trophyIds = await insertCatches(ctx.db.kysely, [...rows, ...trophies]);

    const body = await statsOf(token);
    expect(body.total_catches).toBe(267);
    expect(body.personal_bests).toHaveLength(130);
    expect(body.personal_bests.map((best) => [best.fish_id, best.weight, best.catch_count])).toEqual(
      Array.from({ length: 130 }, (_, i) => {
        const n = 129 - i;
        return [1_000 + n, 1_000 + n, n === 0 ? 9 : 2];
      }),
    );
    expect(body.trophy_counts.map((trophy) => trophy.count)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(body.recent_trophies.map((trophy) => trophy.id)).toEqual(trophyIds.slice(-5).reverse());
  });

  it('counts two equally heavy catches of the same millisecond once each and shows the first stored', async () => {
    const { token, loggerId } = await userWithLogger();
    const at = Date.now() - 3 * DAY;
    const same = { fish_id: 20, weight: 4_000, caught_at: at, star_type: 449 };
    const ids = await insertCatches(ctx.db.kysely, [
      catchRow(loggerId, same),
      catchRow(loggerId, { ...same, map_id: 2 }),
      catchRow(loggerId, { fish_id: 20, weight: 3_000, caught_at: at - DAY }),
    ]);
    const body = await statsOf(token);
    expect(body.total_catches).toBe(3);
    expect(body.trophy_counts.find((trophy) => trophy.star_type === 449)?.count).toBe(2);
    expect(body.personal_bests).toMatchObject([{ fish_id: 20, catch_count: 3, id: ids[0], map_id: 1, weight: 4_000 }]);
  });

  it('answers zero, no bests and every trophy class at 0 without catches or without a bound logger', async () => {
    const { token } = await userWithLogger();
    expect(await statsOf(token)).toMatchObject({
      total_catches: 0,
      personal_bests: [],
      trophy_counts: zeroTrophies,
      recent_trophies: [],
    });
    const { token: unbound } = await signedIn(ctx.app);
    expect(await statsOf(unbound)).toMatchObject({
      total_catches: 0,
      personal_bests: [],
      trophy_counts: zeroTrophies,
      recent_trophies: [],
    });
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('SQLite plans', () => {
  it("reads only the logger's own entries of catch_client_caught (migration 0022), never the whole table", async () => {
    const loggerId = await addLogger(ctx.db.kysely);
    await insertCatches(ctx.db.kysely, [catchRow(loggerId, { star_type: 447 })]);
    const recorder = statementRecorder();
    const repository = new AllTimeRepository(ctx.db.kysely.withPlugin(recorder));
    await repository.groupsOf(loggerId);
    await repository.newestTrophies(loggerId, 5);

    const plans = await plansOf(ctx.db.kysely, recorder);
    expect(plans).toHaveLength(2);
    const [grouped, trophies] = plans as [string, string];
    // The grouping and the earliest-heaviest pass read the logger's index entries alone (covering: no row read); each
    // group's catch is then found by an exact (logger, time) lookup. Nothing scans the table or another index.
    expect(grouped).toMatch(/SEARCH catch USING COVERING INDEX catch_client_caught \(client_id=\?\)/);
    expect(grouped).toMatch(/SEARCH c USING COVERING INDEX catch_client_caught \(client_id=\?\)/);
    expect(grouped).toMatch(/SEARCH c USING INDEX catch_client_caught \(client_id=\? AND caught_at=\?\)/);
    expect(grouped).not.toMatch(/\bSCAN c(atch)?\b|catch_(star|fish|map|bait)_caught|catch_caught/);
    expect(trophies).toMatch(/USING (COVERING )?INDEX catch_client_caught \(client_id=\?\)/);
    expect(trophies).not.toMatch(/TEMP B-TREE/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL partitions', () => {
  it("holds migration 0022's catch_client_caught, with the weight, on every month of the partitioned catch table", async () => {
    const count = async (parent: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from pg_inherits where inhparent = ${parent}::regclass`.execute(
            ctx.db.kysely,
          )
        ).rows[0]!.n,
      );
    const partitions = await count('catch');
    expect(partitions).toBeGreaterThan(1);
    expect(await count('catch_client_caught')).toBe(partitions);
    const { rows } = await sql<{ def: string }>`select pg_get_indexdef('catch_client_caught'::regclass) as def`.execute(
      ctx.db.kysely,
    );
    // Migration 0024 appended the trust level (decision 0039).
    expect(rows[0]!.def).toMatch(
      /\(client_id, caught_at, id, map_id, fish_id, bait_id, star_type, rod_type, weight, trust\)/,
    );
    expect(await count('catch_client_star_fish').catch(() => 'gone')).toBe('gone');
  });
});
