/**
 * PostgreSQL: the catch table is partitioned by month of `caught_at` (migration 0017, decision 0029), one partition
 * per UTC month (`catch_y2025m01`: epoch ms from the month's first instant, inclusive, to the next month's) and a
 * DEFAULT partition (`catch_default`) so an insert never fails for a month not created yet. `ensureCatchPartitions`
 * creates the months ahead (the server at start-up and daily) and moves any rows the default partition caught into
 * partitions of their own, so the default stays empty: a month created later must not find its rows there, and
 * PostgreSQL refuses to create a partition whose rows sit in the default.
 *
 * Idempotent and safe with two processes running it at once: one transaction under a transaction-level advisory lock,
 * each month checked before it is created. SQLite has no partitions: every function here does nothing there.
 */
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/database';
import { REPORT_MAX_AGE_DAYS } from '#shared/contracts/catches';
import type { Database } from '../db/schema';
import { DAY_MS } from './heat-grid';

/** Months created ahead of the current one: a server down for two months still finds its month on start-up. */
export const MONTHS_AHEAD = 3;

/** Name of the partition holding what no month holds. */
export const DEFAULT_PARTITION = 'catch_default';

/** The advisory lock key of partition maintenance (any constant the project uses for nothing else). */
const PARTITIONS_LOCK = 17_0029;

/** The first instant (epoch ms, UTC) of the month holding `at`, `offset` months later. */
export function monthStart(at: number, offset = 0): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
}

/** `catch_y2025m01` for the month starting at `start`. */
export function partitionName(start: number): string {
  const date = new Date(start);
  return `catch_y${date.getUTCFullYear()}m${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A month partition of the catch table: its name and `[from, to)` bounds in epoch ms. */
export interface CatchPartition {
  name: string;
  from: number;
  to: number;
}

/** The month partitions attached to the catch table, oldest first (the default left out). */
export async function catchPartitions(db: Kysely<Database>): Promise<CatchPartition[]> {
  if (dialectOf(db) === 'sqlite') return [];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'catch'::regclass and c.relname ~ '^catch_y[0-9]{4}m[0-9]{2}$'`.execute(db);
  return rows
    .map(({ name }) => {
      const from = Date.UTC(Number(name.slice(7, 11)), Number(name.slice(12, 14)) - 1, 1);
      return { name, from, to: monthStart(from, 1) };
    })
    .sort((a, b) => a.from - b.from);
}

/**
 * Creates the month partitions of `[monthStart(from), monthStart(to)]` that are missing, and those of any month whose
 * rows sit in the default partition (moved there into it); the default partition too if missing. Answers the names
 * created. Runs in `inTransaction` when given (the migration), else in a transaction of its own.
 */
export async function ensureCatchPartitions(
  db: Kysely<Database>,
  from: number,
  to: number,
  inTransaction?: Kysely<Database>,
): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') return [];
  const work = async (t: Kysely<Database>) => {
    await sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`.execute(t);
    await sql`create table if not exists ${sql.id(DEFAULT_PARTITION)} partition of catch default`.execute(t);
    const months = new Set<number>();
    for (let start = monthStart(from); start <= monthStart(to); start = monthStart(start, 1)) months.add(start);
    // The months of the rows a missing partition left in the default (a server down longer than MONTHS_AHEAD, an
    // old catch whose month was pruned… though the writer's 400-day rule keeps those out).
    const strays = await sql<{ low: string | null; high: string | null }>`
      select min(caught_at) as low, max(caught_at) as high from ${sql.id(DEFAULT_PARTITION)}`.execute(t);
    const { low, high } = strays.rows[0]!;
    if (low !== null && high !== null)
      for (let start = monthStart(Number(low)); start <= Number(high); start = monthStart(start, 1)) months.add(start);
    const existing = new Set((await catchPartitions(t)).map((p) => p.name));
    const created: string[] = [];
    for (const start of [...months].sort((a, b) => a - b)) {
      const name = partitionName(start);
      if (existing.has(name)) continue;
      await createMonth(t, name, start, monthStart(start, 1));
      created.push(name);
    }
    return created;
  };
  return inTransaction ? work(inTransaction) : db.transaction().execute(work);
}

/** Creates one month's partition; rows of that month in the default partition are moved into it first. */
async function createMonth(trx: Kysely<Database>, name: string, from: number, to: number): Promise<void> {
  const strays = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.id(DEFAULT_PARTITION)}
    where caught_at >= ${from} and caught_at < ${to}`.execute(trx);
  if (strays.rows[0]!.n === 0) {
    await sql`
      create table if not exists ${sql.id(name)} partition of catch
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
    return;
  }
  // PostgreSQL refuses a new partition whose rows sit in the default: the rows go into a plain table of the same
  // shape, leave the default, and the table is attached (its check constraint spares the attach a scan).
  await sql`create table ${sql.id(name)} (like catch including defaults)`.execute(trx);
  await sql`
    alter table ${sql.id(name)} add constraint ${sql.id(`${name}_month`)}
    check (caught_at >= ${sql.lit(from)} and caught_at < ${sql.lit(to)})`.execute(trx);
  await sql`
    with moved as (
      delete from ${sql.id(DEFAULT_PARTITION)} where caught_at >= ${from} and caught_at < ${to} returning *)
    insert into ${sql.id(name)} select * from moved`.execute(trx);
  await sql`
    alter table catch attach partition ${sql.id(name)} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(
    trx,
  );
  await sql`alter table ${sql.id(name)} drop constraint ${sql.id(`${name}_month`)}`.execute(trx);
}

/**
 * The server's call: every month a catch may still be accepted for (the writer refuses catches older than
 * REPORT_MAX_AGE_DAYS), this one and MONTHS_AHEAD after it, and the default partition's strays.
 */
export function ensureCatchPartitionsAhead(db: Kysely<Database>, now = Date.now()): Promise<string[]> {
  return ensureCatchPartitions(db, oldestAccepted(now), monthStart(now, MONTHS_AHEAD));
}

/** The oldest time a catch is accepted for at `now` (a day's margin for clocks). */
export const oldestAccepted = (now: number) => now - (REPORT_MAX_AGE_DAYS + 1) * DAY_MS;
