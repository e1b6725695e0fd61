/**
 * The defences in the data path (issue 24, decision 0039), inside the transaction of each group of catches, wherever
 * it runs (the server's connection or the catch-commit thread): a few statements per group, none per item.
 *
 * - `classifyCatches`, before the insert: each catch's trust level (src/shared/catch-trust.ts) from its logger (under
 *   review → flagged; in probation for `probationMs` after its first stored catch; bound to a verified account →
 *   verified; else established) and the fish's official record (heavier → flagged), and a logger's first activity.
 * - `gateRates`, after the insert (which decided which catches are new: a re-sent batch is answered `duplicate` and
 *   counts nothing): each logger's new catches counted into its UTC minute and hour of `caught_at`
 *   (`logger_catch_rate`), whatever the upload's own time, so a late batch counts where its catches fall. Those beyond
 *   a limit are taken out again (refused per item, `invalid` with the reason) and their logger is flagged. The counts
 *   are upserted first and the totals read back from the same statement: on PostgreSQL the rows stay locked by this
 *   transaction until it commits, so two instances counting the same logger's minute wait for each other and never
 *   both take its last place.
 *
 * Kept free of zod and the contracts' values, as catch-inserts.ts (the thread loads it).
 */
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { TRUST_CODE, TRUSTED_MAX, VISIBLE_MAX } from '#shared/catch-trust';
import type { Database } from '../db/schema';
import { type NewCatchRow, ownedKey } from './rows';

/** The limits: catches per logger and UTC minute / hour of `caught_at` (0: none); probation after the first catch. */
export interface TrustRules {
  perMinute: number;
  perHour: number;
  /** Ms after a logger's first stored catch during which its catches are in probation; 0: none. */
  probationMs: number;
  /**
   * Whether a catch heavier than its fish's official record is stored flagged (default true). The demo world's
   * seeding says false: its generated trophies and records are drawn apart, and its loggers are established.
   */
  checkRecords?: boolean;
}

/** No limit and no probation: what a writer built without rules judges by (a logger under review still flags). */
export const NO_TRUST_RULES: TrustRules = { perMinute: 0, perHour: 0, probationMs: 0 };

/** A refused catch: its `ownedKey` and the reason, as the batch answer's `errors` show it. */
export interface Refusal {
  field: string;
  msg: string;
}

/** A stored catch's rollup trust class in SQL (`trustClassOf`); only for catches `visibleSql` lets through. */
export const trustClassSql = () => sql<number>`(case when trust <= ${sql.lit(TRUSTED_MAX)} then 0 else 1 end)`;
/** The catches any rollup counts: not hidden. */
export const visibleSql = () => sql<boolean>`trust <= ${sql.lit(VISIBLE_MAX)}`;

const MINUTE_MS = 60_000;
/** Ids per `in (…)` list: far under both databases' bind-parameter limits. */
const IDS_PER_STATEMENT = 1000;
/** Rows per upsert of the counts. */
const COUNTS_PER_STATEMENT = 300;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface LoggerState {
  activeSince: number;
  flagged: boolean;
  verified: boolean;
}

/**
 * Sets `trust` on each row (before the insert) from its logger and the fish's official record, after marking the
 * first activity of loggers that had none (their probation starts with this group).
 */
export async function classifyCatches(
  trx: Transaction<Database>,
  rows: NewCatchRow[],
  rules: TrustRules,
): Promise<void> {
  if (rows.length === 0) return;
  const loggerIds = [...new Set(rows.map((row) => row.client_id))];
  // First, a write: the first activity of loggers that had none (server time, never a catch's own: the group's
  // earliest upload). On SQLite it takes the write lock before anything is read, as a transaction that read first
  // could not take it while another connection writes (SQLITE_BUSY, decision 0016).
  let since = Infinity;
  for (const row of rows) since = Math.min(since, row.created_at);
  for (const ids of chunks(loggerIds, IDS_PER_STATEMENT))
    await trx
      .updateTable('logger_client')
      .set({ active_since: since })
      .where('client_id', 'in', ids)
      .where('active_since', 'is', null)
      .execute();
  const states = new Map<string, LoggerState>();
  for (const ids of chunks(loggerIds, IDS_PER_STATEMENT)) {
    const found = await trx
      .selectFrom('logger_client as l')
      .leftJoin('users as u', 'u.client_id', 'l.client_id')
      .select(['l.client_id', 'l.active_since', 'l.flagged_at', 'u.is_verified'])
      .where('l.client_id', 'in', ids)
      .execute();
    for (const row of found)
      states.set(row.client_id, {
        activeSince: Number(row.active_since ?? since),
        flagged: row.flagged_at !== null,
        verified: Boolean(row.is_verified),
      });
  }
  const fishIds = rules.checkRecords === false ? [] : [...new Set(rows.map((row) => row.fish_id))];
  const records = new Map<number, number>();
  for (const ids of chunks(fishIds, IDS_PER_STATEMENT)) {
    const found = await trx
      .selectFrom('official_record')
      .select(['fish_id', (eb) => eb.fn.max('weight').as('record')])
      .where('fish_id', 'in', ids)
      .groupBy('fish_id')
      .execute();
    for (const row of found) records.set(Number(row.fish_id), Number(row.record));
  }
  for (const row of rows) {
    const state = states.get(row.client_id);
    const record = records.get(row.fish_id);
    if (state?.flagged || (record !== undefined && row.weight > record)) row.trust = TRUST_CODE.flagged;
    else if (rules.probationMs > 0 && row.created_at < (state?.activeSince ?? since) + rules.probationMs)
      row.trust = TRUST_CODE.probation;
    else row.trust = state?.verified ? TRUST_CODE.verified : TRUST_CODE.established;
  }
}

interface RateKey {
  client_id: string;
  span: number;
  bucket: number;
}

const keyOf = (k: RateKey) => `${k.client_id}\n${k.span}\n${k.bucket}`;

/**
 * Counts the group's new catches (`created`, in the group's order) into their loggers' minutes and hours; answers
 * those within the limits and the refusals (by `ownedKey`) of the others, which it has deleted again and whose
 * loggers it has flagged. `now` is the time a flag is dated with.
 */
export async function gateRates(
  trx: Transaction<Database>,
  created: readonly NewCatchRow[],
  rules: TrustRules,
  now: number,
): Promise<{ accepted: NewCatchRow[]; refused: Map<string, Refusal> }> {
  const spans: [number, number][] = [];
  if (rules.perMinute > 0) spans.push([1, rules.perMinute]);
  if (rules.perHour > 0) spans.push([60, rules.perHour]);
  if (spans.length === 0 || created.length === 0) return { accepted: [...created], refused: new Map() };

  const added = new Map<string, RateKey & { count: number }>();
  const keysOf = (row: NewCatchRow) =>
    spans.map(([span, limit]) => {
      const key = { client_id: row.client_id, span, bucket: Math.floor(row.caught_at / (span * MINUTE_MS)) };
      return { id: keyOf(key), key, limit };
    });
  for (const row of created)
    for (const { id, key } of keysOf(row)) {
      const entry = added.get(id);
      if (entry) entry.count += 1;
      else added.set(id, { ...key, count: 1 });
    }
  // In key order: two transactions upserting the same keys lock them in the same order (PostgreSQL: no deadlock).
  const upserts = [...added.values()].sort(byRateKey);
  const before = new Map<string, number>();
  for (const chunk of chunks(upserts, COUNTS_PER_STATEMENT)) {
    const totals = await trx
      .insertInto('logger_catch_rate')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['client_id', 'span', 'bucket']).doUpdateSet({
          count: sql<number>`logger_catch_rate.count + excluded.count`,
        }),
      )
      .returning(['client_id', 'span', 'bucket', 'count'])
      .execute();
    for (const total of totals) {
      const id = keyOf({ client_id: total.client_id, span: Number(total.span), bucket: Number(total.bucket) });
      before.set(id, Number(total.count) - added.get(id)!.count);
    }
  }

  const accepted: NewCatchRow[] = [];
  const refusedRows: NewCatchRow[] = [];
  const taken = new Map<string, number>();
  for (const row of created) {
    const keys = keysOf(row);
    const fits = keys.every(({ id, limit }) => before.get(id)! + (taken.get(id) ?? 0) < limit);
    if (!fits) {
      refusedRows.push(row);
      continue;
    }
    for (const { id } of keys) taken.set(id, (taken.get(id) ?? 0) + 1);
    accepted.push(row);
  }
  const refused = new Map<string, Refusal>();
  if (refusedRows.length === 0) return { accepted, refused };

  // The refused catches counted nothing after all: their counts go back, the rows go.
  const giveBack = upserts
    .map((entry) => ({ ...entry, count: (taken.get(keyOf(entry)) ?? 0) - entry.count }))
    .filter((entry) => entry.count < 0);
  for (const chunk of chunks(giveBack, COUNTS_PER_STATEMENT))
    await trx
      .insertInto('logger_catch_rate')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['client_id', 'span', 'bucket']).doUpdateSet({
          count: sql<number>`logger_catch_rate.count + excluded.count`,
        }),
      )
      .execute();
  await deleteCatches(trx, refusedRows);
  const flagged = [...new Set(refusedRows.map((row) => row.client_id))].sort();
  for (const ids of chunks(flagged, IDS_PER_STATEMENT))
    await trx
      .updateTable('logger_client')
      .set({ flagged_at: now, flag_reason: 'rate' })
      .where('client_id', 'in', ids)
      .where('flagged_at', 'is', null)
      .execute();
  const msg =
    `More catches than a player can land: at most ${describe(rules)} of caught_at per logger; this catch was not ` +
    'stored and the logger is flagged for review';
  for (const row of refusedRows) refused.set(ownedKey(row.client_id, row.report_id), { field: 'caught_at', msg });
  return { accepted, refused };
}

function describe(rules: TrustRules): string {
  const parts = [];
  if (rules.perMinute > 0) parts.push(`${rules.perMinute} in any UTC minute`);
  if (rules.perHour > 0) parts.push(`${rules.perHour} in any UTC hour`);
  return parts.join(' and ');
}

/** Deletes catches just inserted by this transaction (and, on PostgreSQL, their keys), by (logger, time, report id). */
async function deleteCatches(trx: Transaction<Database>, rows: readonly NewCatchRow[]): Promise<void> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  for (const chunk of chunks(rows, 300)) {
    const triples = sql.join(
      chunk.map((row) => sql`(${row.client_id}, cast(${row.caught_at} as bigint), ${row.report_id})`),
    );
    // The logger's index leads with (client_id, caught_at): each row is one seek, whatever the logger stored before.
    await sql`delete from catch where (client_id, caught_at, report_id) in (values ${triples})`.execute(trx);
    if (postgres) {
      const pairs = sql.join(chunk.map((row) => sql`(${row.client_id}, ${row.report_id})`));
      await sql`delete from catch_key where (client_id, report_id) in (values ${pairs})`.execute(trx);
    }
  }
}

function byRateKey(a: RateKey, b: RateKey): number {
  return a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : a.span - b.span || a.bucket - b.bucket;
}

/**
 * Counts every logger's minutes and hours again from the stored catches, in one transaction (`rebuildDerived`: a
 * bulk load stores catches without counting them). Spans as literals: PostgreSQL matches the grouped expression with
 * the selected one by its text.
 */
export async function recountRates(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('logger_catch_rate').execute();
    for (const span of [1, 60]) {
      const bucket = sql`floor(caught_at / ${sql.lit(span * MINUTE_MS)})`;
      await sql`insert into logger_catch_rate (client_id, span, bucket, count)
        select client_id, ${sql.lit(span)}, ${bucket}, count(*) from catch group by client_id, ${bucket}`.execute(trx);
    }
  });
}
