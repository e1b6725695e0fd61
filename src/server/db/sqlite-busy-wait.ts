/**
 * Waiting for another connection's SQLite write lock without stopping the process. better-sqlite3 runs every
 * statement synchronously, so SQLite's own busy handler (`busy_timeout`) waits with the event loop stopped: while a
 * CLI tool or a second process held the lock, one write waiting for it froze every request, `/health` included, for
 * up to 5 s. The server's connection therefore has `busy_timeout = 0`, and a statement that meets the lock
 * (SQLITE_BUSY) is tried again after a pause on a timer, until the same budget is spent; then the error goes up (503
 * DATABASE_BUSY, decision 0009). Trying the statement again is what SQLite's busy handler does; a snapshot that went
 * stale meanwhile (SQLITE_BUSY_SNAPSHOT) cannot succeed and goes up at once. Meanwhile the connection stays with
 * its query, and Kysely queues the others without blocking.
 */
import { setTimeout as pause } from 'node:timers/promises';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** Codes of a lock another connection holds (extended codes included), which a later try may get. */
const LOCK_BUSY = new Set<unknown>(['SQLITE_BUSY', 'SQLITE_BUSY_RECOVERY']);
const MAX_PAUSE_MS = 25;

function waiting(connection: DatabaseConnection, budgetMs: () => number): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const deadline = Date.now() + budgetMs();
      for (let wait = 1; ; wait = Math.min(2 * wait, MAX_PAUSE_MS)) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          if (!LOCK_BUSY.has((error as { code?: unknown }).code) || Date.now() + wait > deadline) throw error;
          await pause(wait);
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

class BusyWaitDriver extends SqliteDriver {
  private connection: DatabaseConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly budgetMs: () => number,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    // SQLite's driver has one connection (behind a mutex): wrapped once.
    const connection = await super.acquireConnection();
    this.connection ??= waiting(connection, this.budgetMs);
    return this.connection;
  }
}

/** Kysely's SQLite dialect whose statements wait for a busy lock on a timer, at most `budgetMs()`. */
export class BusyWaitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly budgetMs: () => number,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new BusyWaitDriver(this.settings, this.budgetMs);
  }
}
