/**
 * A connection that writes to a SQLite file, set up the same way wherever it is opened: the server's connection
 * (database.ts) and the catch-commit thread's (catch-commit-worker.ts). Pragmas other than `journal_mode` belong to
 * the connection, not the file, so a second writer that skipped them would write with other rules.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { BusyWaitSqliteDialect } from './sqlite-busy-wait';
import { SqliteBooleansPlugin } from './sqlite-booleans';
import { withStatementCache } from './sqlite-statement-cache';

/** How long a connection waits for another one's write lock before the request is answered 503 (decision 0009). */
export const BUSY_TIMEOUT_MS = 5_000;

/** The automatic checkpoint (pages of WAL) of a connection that has no checkpoint worker beside it. */
export const FALLBACK_AUTOCHECKPOINT = 10_000;

/**
 * A connection's page cache unless configured (`SQLITE_CACHE_MIB`): at 5 M catches the pages a group of uploads
 * touches (the tails of the eight catch indexes, and the last day of the six time-ordered ones, where late catches
 * land) fit in it with room to spare (decision 0024: 3,000 cache misses per 200,000 catches).
 */
export const DEFAULT_CACHE_MIB = 64;

export function openSqliteWriter(
  file: string,
  busyTimeoutMs = BUSY_TIMEOUT_MS,
  cacheMib = DEFAULT_CACHE_MIB,
): SQLite.Database {
  const sqlite = new SQLite(file);
  // WAL: readers never block the writer; synchronous=NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // Ingestion (decision 0012): a catch dirties a leaf page in each read index, and a checkpoint copies every page
  // the WAL holds back into the file. Checkpointing every ~40 MB instead of every 4 MB lets a hot page be
  // rewritten many times in the WAL but copied once (measured: 500-catch batches insert 2× faster), and a page cache
  // of `cacheMib` (SQLite's default is 2 MiB) keeps the indexes' hot pages of a multi-million-catch database in
  // memory. A file database checkpoints on a worker thread instead (sqlite-checkpointer.ts), so no commit holds the
  // event loop.
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT}`);
  sqlite.pragma('journal_size_limit = 67108864');
  sqlite.pragma(`cache_size = ${-Math.round(cacheMib * 1024)}`);
  return sqlite;
}

/**
 * Kysely over a better-sqlite3 connection: statements prepared once per SQL text, booleans both ways. `busyWaitMs`:
 * the connection was opened with `busy_timeout = 0` and its statements wait for a busy lock on a timer, at most that
 * long (sqlite-busy-wait.ts: the server's event loop never waits inside SQLite).
 */
export function sqliteKysely(sqlite: SQLite.Database, busyWaitMs?: () => number): Kysely<Database> {
  const config = { database: withStatementCache(sqlite) };
  return new Kysely<Database>({
    dialect: busyWaitMs ? new BusyWaitSqliteDialect(config, busyWaitMs) : new SqliteDialect(config),
    plugins: [new SqliteBooleansPlugin()],
  });
}
