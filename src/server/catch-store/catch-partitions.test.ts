/**
 * The catch table partitioned by month on PostgreSQL (migration 0017, decision 0029) and the retention prune on both
 * databases, on real ones: the migration moves rows into their months, the duplicate rule holds across months,
 * partitions ahead are created once whoever asks, the default partition is emptied, and a prune removes old catches
 * (whole months on PostgreSQL, chunks on SQLite) keeping the rollups and the heat map's answers.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireTime } from '#shared/contracts/catches';
import { down, up } from '../db/migrations/0017-catch-partitions';
import { type CatchPlace, catchPlace, newReportId, validCatch } from '../test/catch-fixtures';
import { createTestApp, type TestContext } from '../test/test-app';
import {
  catchPartitions,
  DEFAULT_PARTITION,
  ensureCatchPartitions,
  ensureCatchPartitionsAhead,
  monthStart,
  partitionName,
} from './catch-partitions';
import { MIN_PRUNE_DAYS, parseDays, pruneCatches, pruneCutoff, PruneRefusal } from './catch-prune';
import { CatchWriter } from './catch-writer';
import { PRUNED_MARK } from './heat-rollups';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const DAY = 86_400_000;
const NOW = Date.now();

let ctx: TestContext;
let place: CatchPlace;
beforeAll(async () => {
  ctx = await createTestApp();
  place = catchPlace(await ctx.services.catalogue.view());
});
afterAll(() => ctx?.close());

async function newLogger(): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  return res.json().client_id;
}

const writer = () => new CatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => NOW });

type CatchRowItem = { client_id: string; report_id: string } & Record<string, unknown>;

/** Stored catches as `judgeCatches` would make them, straight into the table (older than the writer accepts). */
async function storeDirectly(loggerId: string, times: number[], keys = postgres): Promise<CatchRowItem[]> {
  const rows = times.map((time) => {
    const item = validCatch(place, { caught_at: wireTime(time) });
    return {
      ...item,
      client_id: loggerId,
      caught_at: time,
      bait2_id: null,
      created_at: time,
    } as unknown as CatchRowItem;
  });
  await ctx.db.kysely
    .insertInto('catch')
    .values(rows as never)
    .execute();
  if (keys)
    await ctx.db.kysely
      .insertInto('catch_key')
      .values(rows.map(({ client_id, report_id }) => ({ client_id, report_id })))
      .execute();
  return rows;
}

const where = async (loggerId: string) =>
  (
    await sql<{ part: string; caught_at: string }>`
      select tableoid::regclass::text as part, caught_at from catch where client_id = ${loggerId} order by caught_at`.execute(
      ctx.db.kysely,
    )
  ).rows.map((row) => [row.part.replace(/^.*\./, ''), Number(row.caught_at)]);

describe('the duplicate rule across months', () => {
  it('refuses a report resent with the same report_id whatever its caught_at, and stores it once', async () => {
    const loggerId = await newLogger();
    const reportId = newReportId('dup');
    const at = (time: number) => validCatch(place, { report_id: reportId, caught_at: wireTime(time) });
    const first = await writer().writeCatches(loggerId, [at(NOW - 100 * DAY)]);
    expect(first.results.map((r) => r.status)).toEqual(['created']);
    // Another month, then the same month again: duplicates both.
    const again = await writer().writeCatches(loggerId, [at(NOW - DAY)]);
    const same = await writer().writeCatches(loggerId, [at(NOW - 100 * DAY)]);
    expect([again.results[0]!.status, same.results[0]!.status]).toEqual(['duplicate', 'duplicate']);
    const stored = await ctx.db.kysely
      .selectFrom('catch')
      .select('caught_at')
      .where('client_id', '=', loggerId)
      .execute();
    expect(stored.map((row) => Number(row.caught_at))).toEqual([NOW - 100 * DAY]);
  });
});

describe.runIf(postgres)('PostgreSQL partitions', () => {
  it('migration 0017 moves the rows of several months into their partitions, ids and the duplicate rule kept', async () => {
    const loggerId = await newLogger();
    // As the migrator runs them: each in a transaction.
    await ctx.db.kysely.transaction().execute((trx) => down(trx));
    const kinds = await sql<{ relkind: string }>`select relkind from pg_class where oid = 'catch'::regclass`.execute(
      ctx.db.kysely,
    );
    expect(kinds.rows[0]!.relkind).toBe('r');
    const times = [NOW - 380 * DAY, NOW - 200 * DAY, NOW - 40 * DAY, NOW - DAY, NOW];
    // The writer of this code writes catch_key, which the older schema lacks: the rows go in as that writer stored them.
    const stored = await storeDirectly(loggerId, times, false);
    const items = stored.map((row) =>
      validCatch(place, { report_id: row.report_id, caught_at: wireTime(Number(row.caught_at)) }),
    );
    const before = await ctx.db.kysely.selectFrom('catch').select(['id', 'caught_at']).orderBy('id').execute();
    await ctx.db.kysely.transaction().execute((trx) => up(trx));

    const after = await ctx.db.kysely.selectFrom('catch').select(['id', 'caught_at']).orderBy('id').execute();
    expect(after).toEqual(before);
    expect(await where(loggerId)).toEqual(times.map((time) => [partitionName(monthStart(time)), time]));
    const kind = await sql<{ relkind: string }>`select relkind from pg_class where oid = 'catch'::regclass`.execute(
      ctx.db.kysely,
    );
    expect(kind.rows[0]!.relkind).toBe('p');
    // The months ahead exist, the default partition is empty.
    const names = (await catchPartitions(ctx.db.kysely)).map((p) => p.name);
    expect(names).toContain(partitionName(monthStart(NOW, 3)));
    const inDefault = await sql<{ n: number }>`select count(*)::int as n from catch_default`.execute(ctx.db.kysely);
    expect(inDefault.rows[0]!.n).toBe(0);
    // The keys moved: every report resent is a duplicate; a new one is stored with the next id.
    const resent = await writer().writeCatches(loggerId, items);
    expect(resent.results.every((r) => r.status === 'duplicate')).toBe(true);
    const fresh = await writer().writeCatches(loggerId, [validCatch(place, { caught_at: wireTime(NOW) })]);
    expect(fresh.results[0]!.status).toBe('created');
    const newest = await ctx.db.kysely.selectFrom('catch').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(newest.id).toBeGreaterThan(Math.max(...before.map((row) => row.id)));
  });

  it('an insert for a month not created lands in the default partition, and is moved to its own month after', async () => {
    const loggerId = await newLogger();
    const future = Date.UTC(new Date(NOW).getUTCFullYear() + 3, 4, 10);
    await storeDirectly(loggerId, [future]);
    expect(await where(loggerId)).toEqual([[DEFAULT_PARTITION, future]]);

    // Two instances at once: each month created once, no error; then nothing more to create.
    const [a, b] = await Promise.all([
      ensureCatchPartitionsAhead(ctx.db.kysely),
      ensureCatchPartitionsAhead(ctx.db.kysely),
    ]);
    expect([...a, ...b]).toEqual([partitionName(monthStart(future))]);
    expect(await ensureCatchPartitionsAhead(ctx.db.kysely)).toEqual([]);
    expect(await where(loggerId)).toEqual([[partitionName(monthStart(future)), future]]);
    // Months ahead asked for are created idempotently too.
    const later = monthStart(future, 2);
    expect(await ensureCatchPartitions(ctx.db.kysely, later, later)).toEqual([partitionName(later)]);
    expect(await ensureCatchPartitions(ctx.db.kysely, later, later)).toEqual([]);
  });

  it('a read with a time range visits only its months (partition pruning)', async () => {
    const from = NOW - 3 * DAY;
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select id from catch where caught_at >= ${sql.lit(from)} and caught_at < ${sql.lit(NOW)}`.execute(
      ctx.db.kysely,
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    const visited = new Set(text.match(/catch_y\d{4}m\d{2}|catch_default/g));
    const months = new Set([partitionName(monthStart(from)), partitionName(monthStart(NOW))]);
    expect(visited).toEqual(months);
  });
});

describe('prune', () => {
  it('refuses an --older-than below the writer’s 400 days, and reads durations like 400d', () => {
    expect(() => pruneCutoff(NOW, MIN_PRUNE_DAYS - 1)).toThrow(PruneRefusal);
    expect(pruneCutoff(NOW, 400) % DAY).toBe(0);
    expect(pruneCutoff(NOW, 400)).toBeLessThanOrEqual(NOW - 401 * DAY);
    expect([parseDays('400d'), parseDays('400'), parseDays('-4d'), parseDays('1.5d'), parseDays('0d')]).toEqual([
      400,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('removes the old catches, keeps the younger ones, the rollups and the heat map’s answers', async () => {
    const loggerId = await newLogger();
    const old = [NOW - 700 * DAY, NOW - 650 * DAY, NOW - 600 * DAY, NOW - 560 * DAY, NOW - 500 * DAY];
    const oldRows = old.flatMap((time) => Array.from({ length: 5 }, (_, i) => time + i * 60_000));
    await storeDirectly(loggerId, oldRows);
    const youngTimes = [NOW - 20 * DAY, NOW - 2 * DAY, NOW - 60_000];
    const young = youngTimes.map((time) => validCatch(place, { caught_at: wireTime(time) }));
    await writer().writeCatches(loggerId, young);
    if (postgres) await ensureCatchPartitionsAhead(ctx.db.kysely);
    // The old catches counted into the rollup, as the writer would have counted them then.
    await ctx.services.heatRollups.rebuild();
    await ctx.services.heatRollups.ensureWindows();

    const mapId = place.mapId;
    const heat30 = `/api/heatmap?map_id=${mapId}&range=30d`;
    // An old heat map of whole days: read from the rollup.
    const oldFrom = wireTime(Math.floor((NOW - 710 * DAY) / DAY) * DAY);
    const oldTo = wireTime(Math.floor((NOW - 490 * DAY) / DAY) * DAY);
    const heatOld = `/api/heatmap?map_id=${mapId}&from=${oldFrom}&to=${oldTo}`;
    const answer = async (url: string) => (await ctx.app.inject({ url })).json();
    const [before30, beforeOld] = [await answer(heat30), await answer(heatOld)];
    expect(beforeOld.total).toBe(oldRows.length);
    const rollup = async () =>
      ctx.db.kysely
        .selectFrom('heat_cell_day')
        .selectAll()
        .orderBy('map_id')
        .orderBy('day')
        .orderBy('star_type')
        .orderBy('cell')
        .execute();
    const rollupBefore = await rollup();

    const dry = await pruneCatches(ctx.db.kysely, { olderThanDays: 400, now: NOW, dryRun: true });
    expect(dry.catches).toBeGreaterThanOrEqual(oldRows.length);
    expect(
      await ctx.db.kysely.selectFrom('catch').select('id').where('client_id', '=', loggerId).execute(),
    ).toHaveLength(oldRows.length + young.length);

    const progress: number[] = [];
    const result = await pruneCatches(ctx.db.kysely, {
      olderThanDays: 400,
      now: NOW,
      chunkRows: 7,
      onProgress: (n) => progress.push(n),
    });
    const left = (
      await ctx.db.kysely.selectFrom('catch').select('caught_at').where('client_id', '=', loggerId).execute()
    ).map((row) => Number(row.caught_at));
    // This logger's old catches all go (their months lie wholly before the cutoff), the younger ones all stay.
    expect(left.sort((a, b) => a - b)).toEqual(youngTimes);
    expect(result.catches).toBeGreaterThanOrEqual(oldRows.length);
    if (postgres) {
      expect(result.months.length).toBeGreaterThanOrEqual(5);
      const names = (await catchPartitions(ctx.db.kysely)).map((p) => p.name);
      for (const name of result.months) expect(names).not.toContain(name);
      expect(names).toContain(partitionName(monthStart(result.cutoff)));
      // Their keys went with them: only the younger catches' are left.
      const keys = await ctx.db.kysely
        .selectFrom('catch_key')
        .select('report_id')
        .where('client_id', '=', loggerId)
        .execute();
      expect(keys).toHaveLength(youngTimes.length);
    } else {
      // Chunks of 7: several transactions, none larger.
      expect(progress.length).toBeGreaterThanOrEqual(Math.ceil(oldRows.length / 7));
      expect(Math.max(...progress)).toBeLessThanOrEqual(7);
    }
    expect(await rollup()).toEqual(rollupBefore);
    const mark = await ctx.db.kysely
      .selectFrom('meta')
      .select('value')
      .where('key', '=', PRUNED_MARK)
      .executeTakeFirst();
    expect(Number(mark?.value)).toBeGreaterThan(0);
    // The start-up check finds the rollup complete (the pruned days are not recounted from nothing), a rebuild keeps
    // them, and the heat map answers as before, the last 30 days and the old whole days alike.
    expect(await ctx.services.heatRollups.ensureComplete()).toBe(false);
    await ctx.services.heatRollups.rebuild();
    expect(await rollup()).toEqual(rollupBefore);
    expect(await answer(heat30)).toEqual(before30);
    expect(await answer(heatOld)).toEqual(beforeOld);
  });
});
