/**
 * How a group of judged catches is stored, in one transaction: multi-row inserts that skip the (logger, report_id)
 * pairs already stored, then the hook (the heat map's rollup) with the rows that were new. The catch writer runs it
 * on the server's connection, or hands the group to the catch-commit thread (catch-commit-thread.ts), which runs
 * this same function on its own connection: one way to store catches, wherever it runs.
 *
 * Kept free of zod and the contracts' values, so the thread starts without loading them.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { PostgresAdapter, type Transaction } from 'kysely';
import { insertIgnoringConflicts, insertValues } from '../db/bulk-insert';
import type { Database } from '../db/schema';
import { classifyCatches, gateRates, NO_TRUST_RULES, type Refusal, type TrustRules } from './catch-trust';
import { type NewCatchRow, ownedKey } from './rows';

export { ownedKey } from './rows';

/**
 * Runs inside a batch's transaction after its catches are inserted, with the rows that were new (duplicates left
 * out). The heat-map rollups are updated here, so a batch and its rollups commit or roll back together.
 * Database work on `trx` only.
 */
export type CatchesCreatedHook = (trx: Transaction<Database>, rows: readonly NewCatchRow[]) => Promise<void>;

/**
 * Rows per insert statement on the server's connection. better-sqlite3 runs a statement synchronously, holding the
 * event loop: 50 catches take about 2 ms at millions of rows (250 took 10–15 ms, and the heat map's p95 showed it),
 * and between two statements the loop is given back (`setImmediate`), so reads on the read connection
 * (db/database.ts) answer during a large group commit instead of after it. Throughput is the same (measured from 50
 * to 250: statements are prepared once per shape). Far below SQLite's 32,766 and PostgreSQL's 65,535 bind
 * parameters (a catch row has 21 columns).
 */
const ROWS_PER_STATEMENT = 50;

/** Inserts `rows` in statements of `perStatement` rows (the loop given back between them); the keys inserted. */
export async function insertInChunks<R extends object>(
  rows: readonly R[],
  insert: (chunk: R[]) => Promise<readonly string[]>,
  perStatement = ROWS_PER_STATEMENT,
): Promise<Set<string>> {
  const created = new Set<string>();
  for (let i = 0; i < rows.length; i += perStatement) {
    if (i > 0) await yieldToEventLoop();
    for (const key of await insert(rows.slice(i, i + perStatement))) created.add(key);
  }
  return created;
}

/**
 * How a group's rows are inserted (each (logger, report_id) once in `rows`, some perhaps stored before): answers the
 * `ownedKey`s of the rows it stored. By default multi-row statements of `ROWS_PER_STATEMENT`, the event loop given
 * back between them; the catch-commit thread inserts row by row instead (catch-commit-worker.ts).
 */
export type CatchRowsInsert = (trx: Transaction<Database>, rows: readonly NewCatchRow[]) => Promise<Set<string>>;

/**
 * The default `CatchRowsInsert`: statements of `perStatement` rows, skipping the pairs already stored. PostgreSQL: the
 * month-partitioned catch table cannot hold the (logger, report_id) rule (migration 0017, decision 0029): the pairs go
 * into `catch_key` first (on conflict do nothing, the same answers as before, whatever the catch's month), then the
 * catches whose pair was new, in one plain statement of arrays.
 */
export const insertCatchRowsInChunks =
  (perStatement = ROWS_PER_STATEMENT): CatchRowsInsert =>
  (trx, rows) =>
    insertInChunks(
      rows,
      async (chunk) => {
        if (trx.getExecutor().adapter instanceof PostgresAdapter) return insertKeyedCatches(trx, chunk);
        const news = await insertIgnoringConflicts(
          trx,
          'catch',
          chunk,
          ['client_id', 'report_id'],
          ['client_id', 'report_id'],
        );
        return news.map((row) => ownedKey(row.client_id, row.report_id));
      },
      perStatement,
    );

/** PostgreSQL: the chunk's new (logger, report_id) pairs into `catch_key`, then their catches; the keys stored. */
async function insertKeyedCatches(trx: Transaction<Database>, chunk: readonly NewCatchRow[]): Promise<string[]> {
  const keys = await insertIgnoringConflicts(
    trx,
    'catch_key',
    chunk.map((row) => ({ client_id: row.client_id, report_id: row.report_id })),
    ['client_id', 'report_id'],
    ['client_id', 'report_id'],
  );
  if (keys.length === 0) return [];
  const created = new Set(keys.map((row) => ownedKey(row.client_id, row.report_id)));
  const fresh = chunk.filter((row) => created.has(ownedKey(row.client_id, row.report_id)));
  const columns = Object.keys(fresh[0]!) as (keyof NewCatchRow)[];
  const values: unknown[] = [];
  for (const row of fresh) for (const column of columns) values.push(row[column]);
  await insertValues(trx, 'catch', columns, values);
  return [...created];
}

/** What a group's transaction stored: the `ownedKey`s created, and those refused by a logger's rate (catch-trust.ts). */
export interface GroupOutcome {
  created: Set<string>;
  refused: Map<string, Refusal>;
}

/**
 * Inserts a group's catches (each (logger, report_id) once in `rows`) and runs the hook; what it created and refused.
 * Each catch's trust is judged first (its logger, the fish's record), the rows stored, then the new ones counted
 * against their loggers' rates: those beyond are taken out again before the hook counts the rest (catch-trust.ts).
 */
export async function insertCatchGroup(
  trx: Transaction<Database>,
  rows: readonly NewCatchRow[],
  onCatchesCreated: CatchesCreatedHook | undefined,
  insert: CatchRowsInsert = insertCatchRowsInChunks(),
  rules: TrustRules = NO_TRUST_RULES,
): Promise<GroupOutcome> {
  if (rows.length === 0) return { created: new Set(), refused: new Map() };
  // Judged in place: the rows are the writer's own, made for this group (rows.ts).
  const judged = rows as NewCatchRow[];
  await classifyCatches(trx, judged, rules);
  const keys = await insert(trx, judged);
  let now = 0;
  for (const row of judged) now = Math.max(now, row.created_at);
  const { accepted, refused } = await gateRates(
    trx,
    judged.filter((row) => keys.has(ownedKey(row.client_id, row.report_id))),
    rules,
    now,
  );
  for (const key of refused.keys()) keys.delete(key);
  if (onCatchesCreated && accepted.length > 0) await onCatchesCreated(trx, accepted);
  return { created: keys, refused };
}
