/**
 * The defences in the data path (issue 24, decision 0039), inside the transaction of each group of catches, wherever
 * it runs (the server's connection or the catch-commit thread): a few statements per group, none per item.
 *
 * - `classifyCatches`, before the insert: each catch's trust level (src/shared/catch-trust.ts) from its logger (under
 *   review → flagged; in probation for `probationMs` after its first stored catch; bound to a verified account →
 *   verified; else established) and the fish's official record (heavier → flagged), and a logger's first activity.
 * - `gateRates`, after the insert (which decided which catches are new: a re-sent batch is answered `duplicate` and
 *   counts nothing): each logger's new catches counted into its UTC hours of `caught_at` (`logger_catch_rate`) and
 *   checked against its UTC minutes (its stored catches in them), whatever the upload's own time, so a late batch
 *   counts where its catches fall. Those beyond a limit are taken out again (refused per item, `invalid` with the
 *   reason) and their logger is flagged. The hours are upserted first and their totals read back from the same
 *   statement: on PostgreSQL the rows stay locked by this transaction until it commits, so two instances counting
 *   the same logger's hour (and so its minutes) wait for each other and never both take its last place.
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
/** The span of an hour's row, in minutes. */
const HOUR = 60;
const hourOf = (row: NewCatchRow): RateKey => ({
  client_id: row.client_id,
  span: HOUR,
  bucket: Math.floor(row.caught_at / (HOUR * MINUTE_MS)),
});
const minuteOf = (row: NewCatchRow) => Math.floor(row.caught_at / MINUTE_MS);
const minuteId = (clientId: string, minute: number) => `${clientId}\n${minute}`;

/**
 * Counts the group's new catches (`created`, in the group's order) into their loggers' hours and checks them against
 * their loggers' minutes; answers those within the limits and the refusals (by `ownedKey`) of the others, which it
 * has deleted again and whose loggers it has flagged. `now` is the time a flag is dated with.
 *
 * An hour is a row of `logger_catch_rate`, upserted first whatever the limits are: on PostgreSQL this transaction then
 * holds it until it commits, so another instance storing catches of the same logger in the same hour waits for it,
 * and that instance's next statement sees these catches (read committed). A minute is then counted from the logger's
 * own index (its stored catches in that minute, this group's among them): a row per logger and minute cost the commit
 * more than the catches' own counting into the heat map (decision 0045).
 */
export async function gateRates(
  trx: Transaction<Database>,
  created: readonly NewCatchRow[],
  rules: TrustRules,
  now: number,
): Promise<{ accepted: NewCatchRow[]; refused: Map<string, Refusal> }> {
  if ((rules.perMinute <= 0 && rules.perHour <= 0) || created.length === 0)
    return { accepted: [...created], refused: new Map() };

  const added = new Map<string, RateKey & { count: number }>();
  for (const row of created) {
    const key = hourOf(row);
    const id = keyOf(key);
    const entry = added.get(id);
    if (entry) entry.count += 1;
    else added.set(id, { ...key, count: 1 });
  }
  // In key order: two transactions upserting the same keys lock them in the same order (PostgreSQL: no deadlock).
  const upserts = [...added.values()].sort(byRateKey);
  // What each hour and minute held before this group.
  const before = new Map<string, number>();
  for (const total of await addToHours(trx, upserts)) {
    const id = keyOf({ client_id: total.client_id, span: Number(total.span), bucket: Number(total.bucket) });
    before.set(id, Number(total.count) - added.get(id)!.count);
  }
  if (rules.perMinute > 0) for (const [id, count] of await minutesBefore(trx, created)) before.set(id, count);

  const accepted: NewCatchRow[] = [];
  const refusedRows: NewCatchRow[] = [];
  const taken = new Map<string, number>();
  for (const row of created) {
    const hour = keyOf(hourOf(row));
    const minute = minuteId(row.client_id, minuteOf(row));
    const fits =
      (rules.perHour <= 0 || before.get(hour)! + (taken.get(hour) ?? 0) < rules.perHour) &&
      (rules.perMinute <= 0 || before.get(minute)! + (taken.get(minute) ?? 0) < rules.perMinute);
    if (!fits) {
      refusedRows.push(row);
      continue;
    }
    for (const id of [hour, minute]) taken.set(id, (taken.get(id) ?? 0) + 1);
    accepted.push(row);
  }
  const refused = new Map<string, Refusal>();
  if (refusedRows.length === 0) return { accepted, refused };

  // The refused catches counted nothing after all: their hours' counts go back, the rows go (and with them their
  // minutes' counts).
  const giveBack = upserts
    .map((entry) => ({ ...entry, count: (taken.get(keyOf(entry)) ?? 0) - entry.count }))
    .filter((entry) => entry.count < 0);
  await addToHours(trx, giveBack);
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

/** Adds `counts` into their hours' rows, in statements of COUNTS_PER_STATEMENT; answers the rows' new totals. */
async function addToHours(trx: Transaction<Database>, counts: readonly (RateKey & { count: number })[]) {
  const totals = [];
  for (const chunk of chunks(counts, COUNTS_PER_STATEMENT))
    totals.push(
      ...(await trx
        .insertInto('logger_catch_rate')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['client_id', 'span', 'bucket']).doUpdateSet({
            count: sql<number>`logger_catch_rate.count + excluded.count`,
          }),
        )
        .returning(['client_id', 'span', 'bucket', 'count'])
        .execute()),
    );
  return totals;
}

/**
 * Minutes apart beyond which a logger's new catches are read in two ranges rather than one: a human-paced batch is
 * one range; at worst (a batch of catches an hour apart) a range spans 500 hours, whose stored catches the limits
 * keep to a few hundred per hour.
 */
const MINUTES_READ_APART = 60;

/**
 * Each minute of the new catches (by `minuteId`): how many catches their logger had stored in it before this group,
 * counted from the logger's index (its new ones, already inserted, taken off again). A logger's minutes are read as
 * a few ranges of `caught_at`, so a batch of a few hours is one short walk of its index.
 */
async function minutesBefore(
  trx: Transaction<Database>,
  created: readonly NewCatchRow[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const minutesOf = new Map<string, Set<number>>();
  for (const row of created) {
    const minute = minuteOf(row);
    const id = minuteId(row.client_id, minute);
    counts.set(id, (counts.get(id) ?? 0) - 1);
    const minutes = minutesOf.get(row.client_id);
    if (minutes) minutes.add(minute);
    else minutesOf.set(row.client_id, new Set([minute]));
  }
  for (const [clientId, minutes] of minutesOf) {
    const sorted = [...minutes].sort((a, b) => a - b);
    let first = 0;
    for (let i = 1; i <= sorted.length; i++) {
      if (i < sorted.length && sorted[i]! - sorted[i - 1]! <= MINUTES_READ_APART) continue;
      const stored = await trx
        .selectFrom('catch')
        .select('caught_at')
        .where('client_id', '=', clientId)
        .where('caught_at', '>=', sorted[first]! * MINUTE_MS)
        .where('caught_at', '<', (sorted[i - 1]! + 1) * MINUTE_MS)
        .execute();
      for (const { caught_at } of stored) {
        const id = minuteId(clientId, Math.floor(Number(caught_at) / MINUTE_MS));
        const count = counts.get(id);
        if (count !== undefined) counts.set(id, count + 1);
      }
      first = i;
    }
  }
  return counts;
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
 * Counts every logger's hours again from the stored catches, in one transaction (`rebuildDerived`: a bulk load stores
 * catches without counting them). The span as a literal: PostgreSQL matches the grouped expression with the selected
 * one by its text.
 */
export async function recountRates(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('logger_catch_rate').execute();
    const bucket = sql`floor(caught_at / ${sql.lit(HOUR * MINUTE_MS)})`;
    await sql`insert into logger_catch_rate (client_id, span, bucket, count)
      select client_id, ${sql.lit(HOUR)}, ${bucket}, count(*) from catch group by client_id, ${bucket}`.execute(trx);
  });
}
