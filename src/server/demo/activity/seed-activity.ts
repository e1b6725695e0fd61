/**
 * Fills the demo world with 90 days of activity ending now: the demo loggers, their catches and sales, and official
 * records, all through the one writer's bulk entry points (`CatchWriter`), so every item is judged as an upload is.
 *
 * Work goes in chunks of CHUNK catches (one transaction each). After each chunk the meta key `demo_activity` records
 * how many catches are done, so a restarted server (or `npm run seed -- --catches N` on a bigger target) continues
 * where it stopped; report ids are deterministic, so even a chunk done twice inserts nothing twice.
 *
 * A large seed into a table that holds few catches goes through the catch store's bulk load instead
 * (bulk-catches.ts, decision 0022): the same chunks, judged by the same rules, stored without the indexes, which are
 * built once at the end with the heat map's rollups. It stores exactly what the writer path would.
 */
import type { Kysely } from 'kysely';
import { createCatchBulkLoad, createCatchWriter } from '../../catch-store/catch-store';
import type { Database } from '../../db/schema';
import { CatalogueRepository } from '../../features/catalogue/catalogue.repository';
import { CatalogueSnapshot } from '../../features/catalogue/catalogue-snapshot';
import { unknownTokenHash } from '../../features/loggers/logger-clients.repository';
import { ACTIVITY_MARK, activityDone } from '../demo-state';
import { seedCatchesInBulk } from './bulk-catches';
import { demoLoggers } from './demo-loggers';
import { demoCatchChunk, demoRecords, demoSaleChunk, timeSlice } from './simulate-catches';

/** Catches per chunk and transaction: big enough for bulk speed, small enough to keep memory flat at 5 M. */
export const CHUNK = 10_000;
/** Official records per transaction. */
const RECORD_BATCH = 1000;
/**
 * The bulk load pays from about this many catches to add (building nine indexes and the rollups once costs a few
 * seconds at any size), and while the table holds at most twice as many as are added: building the indexes over the
 * stored rows again costs about a sixth of inserting a row into them (decision 0022).
 */
const BULK_FROM = 50_000;
const BULK_WHILE_STORED_PER_ADDED = 2;

export interface ActivityOptions {
  /** Catches wanted in total (DEMO_CATCHES or `--catches`). */
  catches: number;
  /** "Now" (epoch ms): the activity ends here. The only thing not seeded. */
  now?: number;
  /** Called after each chunk with the catches done so far (the CLI's progress line). */
  progress?: (done: number, total: number) => void;
  /** `writer`: every chunk through the catch writer; `bulk`: the catch store's bulk load; `auto` (default): bulk when it pays. */
  path?: 'auto' | 'writer' | 'bulk';
}

export interface ActivityResult {
  /** Catches, sales and records the writer created in this run (not counting duplicates). */
  catches: number;
  sales: number;
  records: number;
}

/** A few thousand official records for a full demo world; a small one gets one per hundred catches. */
const recordCountFor = (catches: number) => Math.min(3000, Math.ceil(catches / 100));

async function createLoggers(db: Kysely<Database>, now: number) {
  const loggers = demoLoggers();
  const createdAt = new Date(now - 91 * 86_400_000).toISOString();
  await db
    .insertInto('logger_client')
    .values(
      loggers.map((l) => ({
        client_id: l.loggerId,
        // A random secret thrown away: demo loggers only own the generated catches, and nobody may upload as one
        // (their ids are public on every demo site). A re-run keeps the first one (the insert does nothing).
        token_hash: unknownTokenHash(),
        player_name: l.playerName,
        version: 'demo',
        created_at: createdAt,
        // Established from the start (decision 0039): the demo world's catches count in every default view.
        active_since: 0,
      })),
    )
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  return loggers;
}

export async function seedDemoActivity(db: Kysely<Database>, options: ActivityOptions): Promise<ActivityResult> {
  const now = options.now ?? Date.now();
  const total = options.catches;
  const result: ActivityResult = { catches: 0, sales: 0, records: 0 };
  let done = await activityDone(db);
  // The writer reads the catalogue the seeding just stored, from this database, and counts into the heat map.
  const catalogue = new CatalogueSnapshot(new CatalogueRepository(db));
  // An interrupted bulk load is finished, whatever the target: the catch table lacks its indexes until then (and
  // the official records, written after it, are still to come).
  const inBulk = await createCatchBulkLoad(db, catalogue).inProgress();
  if (done >= total && !inBulk) return result;

  // The demo world's loggers are established and its catches trusted (decision 0039): no probation, no limit (the
  // generator spreads each logger's catches thinly), and no record rule (its trophies and records are drawn apart).
  const { writer } = createCatchWriter(db, catalogue, {
    clock: () => now,
    trustRules: { perMinute: 0, perHour: 0, probationMs: 0, checkRecords: false },
  });
  const loggers = await createLoggers(db, now);
  const chunks = Math.ceil(total / CHUNK);
  if (inBulk || (await bulkPays(db, options.path ?? 'auto', total - done))) {
    const seed = { db, catalogue, loggers, now, total, chunk: CHUNK, done, progress: options.progress };
    const stored = await seedCatchesInBulk(seed);
    result.catches = stored.catches;
    result.sales = stored.sales;
  } else {
    for (let chunk = Math.floor(done / CHUNK); chunk * CHUNK < total; chunk++) {
      const from = chunk * CHUNK;
      const count = Math.min(CHUNK, total - from);
      const slice = timeSlice(chunk, chunks, now);
      const catches = await writer.writeCatchesOfMany(demoCatchChunk(chunk, from, count, loggers, slice));
      if (catches.invalid > 0) throw new Error(invalidMessage(catches.results));
      const sales = await writer.writeSalesOfMany(demoSaleChunk(chunk, count, loggers, slice));
      if (sales.invalid > 0) throw new Error(invalidMessage(sales.results));
      result.catches += catches.created;
      result.sales += sales.created;
      done = from + count;
      await db
        .insertInto('meta')
        .values({ key: ACTIVITY_MARK, value: String(done) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(done) }))
        .execute();
      options.progress?.(done, total);
    }
  }

  const records = demoRecords(recordCountFor(total), loggers, now);
  for (let i = 0; i < records.length; i += RECORD_BATCH) {
    const answer = await writer.writeRecords(records.slice(i, i + RECORD_BATCH));
    if (answer.invalid > 0) throw new Error(invalidMessage(answer.results));
    result.records += answer.created;
  }
  return result;
}

async function bulkPays(db: Kysely<Database>, path: ActivityOptions['path'], adding: number): Promise<boolean> {
  if (path !== 'auto') return path === 'bulk';
  if (adding < BULK_FROM) return false;
  const stored = await db
    .selectFrom('catch')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(stored.n) <= adding * BULK_WHILE_STORED_PER_ADDED;
}

/** A generated item the writer refused is a bug in the generator: fail loudly with the first error. */
function invalidMessage(results: readonly { status: string; errors?: unknown }[]): string {
  const first = results.find((r) => r.status === 'invalid');
  return `demo activity: the writer refused a generated item: ${JSON.stringify(first)}`;
}
