/**
 * Retention of raw catches (`npm run catches:prune -- --older-than 400d`, decision 0029). PostgreSQL: the months
 * entirely older than the cutoff are detached and dropped whole (catch-partitions.ts) — no row deleted, nothing to
 * vacuum; the partly covered month stays until a later prune finds it entirely older. SQLite: the older catches are
 * deleted in chunks of CHUNK_ROWS, one short transaction each with a pause between, so a running server's writes get
 * the lock between them (its busy-wait rules, db/sqlite-busy-wait.ts, wait for one chunk, never for the whole prune).
 *
 * What stays: every table derived from the catches (the heat map's daily rollup, its window sums) keeps the pruned
 * days as counted; PRUNED_MARK tells the rollup's start-up check and a rebuild that days before it can no longer be
 * recounted from the catches (heat-rollups.ts). The readers of raw catches look back at most 30 days (the heat map's
 * partial days, the bait guide's 72 hours, the stats' today and recent catches), far inside the minimum.
 *
 * The minimum is the writer's: a report is accepted up to REPORT_MAX_AGE_DAYS old, and its stored copy is what makes
 * a resent report a duplicate (catch_key on PostgreSQL, the catch table's unique index on SQLite). Pruning younger
 * catches would let a resend be stored a second time; at REPORT_MAX_AGE_DAYS and more, the resend is refused as too
 * old before any duplicate check, so the rule's answers are unchanged. The cutoff is taken one more UTC day back
 * (clocks of several servers), at a day's start, so it splits no rollup day.
 */
import { setTimeout as pause } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { REPORT_MAX_AGE_DAYS } from '#shared/contracts/catches';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';
import {
  type CatchPartition,
  catchPartitions,
  DEFAULT_PARTITION,
  ensureCatchPartitionsAhead,
  monthStart,
} from './catch-partitions';
import { DAY_MS } from './heat-grid';
import { PRUNED_MARK } from './heat-rollups';

/** The smallest `--older-than`, in days: the writer's oldest acceptable report (see above). */
export const MIN_PRUNE_DAYS = REPORT_MAX_AGE_DAYS;

/** SQLite: catches deleted per transaction; PostgreSQL: catch_key rows per statement. */
export const CHUNK_ROWS = 10_000;

/** SQLite: the pause between two chunks, in which the server's waiting writes take the lock. */
const CHUNK_PAUSE_MS = 20;

/** A prune the operator asked for that cannot be run (too young a cutoff): the CLI prints it and exits 2. */
export class PruneRefusal extends Error {}

/** The first instant of the UTC day from which catches are kept, for `--older-than days` at `now`. */
export function pruneCutoff(now: number, days: number): number {
  if (!Number.isInteger(days) || days < MIN_PRUNE_DAYS)
    throw new PruneRefusal(
      `--older-than must be at least ${MIN_PRUNE_DAYS}d: loggers may resend reports up to ${REPORT_MAX_AGE_DAYS} days old, and only the stored catch makes a resent one a duplicate`,
    );
  return (Math.floor((now - days * DAY_MS) / DAY_MS) - 1) * DAY_MS;
}

export interface PruneOptions {
  olderThanDays: number;
  now?: number;
  /** Count what would go, remove nothing. */
  dryRun?: boolean;
  chunkRows?: number;
  /** Told after each chunk (SQLite) or month (PostgreSQL) removed. */
  onProgress?: (removed: number) => void;
}

export interface PruneResult {
  /** Catches older than this (epoch ms) were asked to go. */
  cutoff: number;
  /** PostgreSQL: the month partitions dropped (or that would be). */
  months: string[];
  /** Catches removed (or that would be). */
  catches: number;
}

export async function pruneCatches(db: Kysely<Database>, options: PruneOptions): Promise<PruneResult> {
  const cutoff = pruneCutoff(options.now ?? Date.now(), options.olderThanDays);
  const chunk = options.chunkRows ?? CHUNK_ROWS;
  const result =
    dialectOf(db) === 'sqlite'
      ? await pruneInChunks(db, cutoff, chunk, options)
      : await pruneMonths(db, cutoff, chunk, options);
  // The loggers' hour counters of the pruned time (decisions 0039, 0045): no catch can be reported there any more
  // (the 400-day rule), so they count nothing a batch could meet. The refusals of those hours go too (decision
  // 0041): the console's counts of a logger then cover the same time as its stored catches.
  if (!options.dryRun) {
    await db
      .deleteFrom('logger_catch_rate')
      .where('span', '=', 60)
      .where('bucket', '<', Math.floor(cutoff / 3_600_000))
      .execute();
    await db.deleteFrom('catch_refusal').where('hour', '<', cutoff).execute();
  }
  return result;
}

async function pruneMonths(
  db: Kysely<Database>,
  cutoff: number,
  chunk: number,
  options: PruneOptions,
): Promise<PruneResult> {
  // Rows the default partition caught go to months of their own first, so none older than the cutoff stays there.
  if (!options.dryRun) await ensureCatchPartitionsAhead(db, options.now);
  const months = (await catchPartitions(db)).filter((month) => month.to <= cutoff);
  let catches = 0;
  if (options.dryRun) {
    // The default partition's old rows would be moved into months of their own, then dropped with them.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.id(DEFAULT_PARTITION)} where caught_at < ${monthStart(cutoff)}`.execute(db);
    catches += rows[0]!.n;
  }
  for (const month of months) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(month.name)}`.execute(db);
    catches += rows[0]!.n;
    if (options.dryRun) continue;
    await dropMonth(db, month, chunk);
    options.onProgress?.(rows[0]!.n);
  }
  return { cutoff, months: months.map((month) => month.name), catches };
}

/**
 * One month: its catches' keys leave catch_key in chunks (walking the partition by id), then the partition is
 * detached and dropped with the prune mark raised, in one transaction. Cut short, a second run takes it up again.
 */
async function dropMonth(db: Kysely<Database>, month: CatchPartition, chunk: number): Promise<void> {
  for (let last = -1; ;) {
    const { rows } = await sql<{ last: string | null }>`
      with part as (
        select id, client_id, report_id from ${sql.id(month.name)} where id > ${last} order by id limit ${chunk}),
      gone as (
        delete from catch_key k using part p where k.client_id = p.client_id and k.report_id = p.report_id)
      select max(id) as last from part`.execute(db);
    if (rows[0]!.last === null) break;
    last = Number(rows[0]!.last);
  }
  await db.transaction().execute(async (trx) => {
    await raiseMark(trx, month.to / DAY_MS);
    await sql`alter table catch detach partition ${sql.id(month.name)}`.execute(trx);
    await sql`drop table ${sql.id(month.name)}`.execute(trx);
  });
}

async function pruneInChunks(
  db: Kysely<Database>,
  cutoff: number,
  chunk: number,
  options: PruneOptions,
): Promise<PruneResult> {
  if (options.dryRun) {
    const row = await db
      .selectFrom('catch')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('caught_at', '<', cutoff)
      .executeTakeFirstOrThrow();
    return { cutoff, months: [], catches: Number(row.n) };
  }
  let catches = 0;
  for (let first = true; ; first = false) {
    if (!first) await pause(CHUNK_PAUSE_MS);
    const removed = await db.transaction().execute(async (trx) => {
      // The mark before the first delete commits: the rollup's start-up check never sees a day half pruned.
      if (first) await raiseMark(trx, cutoff / DAY_MS);
      const result = await sql`
        delete from catch where id in (select id from catch where caught_at < ${cutoff} limit ${chunk})`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    });
    catches += removed;
    if (removed === 0) break;
    options.onProgress?.(removed);
  }
  return { cutoff, months: [], catches };
}

/** PRUNED_MARK raised to `day` (never lowered: an earlier prune may have gone further). */
async function raiseMark(db: Kysely<Database>, day: number): Promise<void> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', PRUNED_MARK).executeTakeFirst();
  if (row && Number(row.value) >= day) return;
  await db
    .insertInto('meta')
    .values({ key: PRUNED_MARK, value: String(day) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(day) }))
    .execute();
}

/** `400d` → 400; anything else → undefined. */
export function parseDays(text: string): number | undefined {
  const match = /^([1-9][0-9]{0,5})d$/.exec(text);
  return match ? Number(match[1]) : undefined;
}
