/** Database errors the features react to, recognised the same way on both dialects. */

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** A unique index refused the row (better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; PostgreSQL: 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The `code` of a catch group whose commit thread died under it (catch-store/catch-commit-thread.ts): its
 * transaction was rolled back with the thread's connection, so like a busy database, the same upload succeeds when
 * re-sent.
 */
export const WRITER_THREAD_EXITED = 'WRITER_THREAD_EXITED';

/**
 * Codes of a database that is busy or briefly out of reach, where the same request is likely to succeed a moment
 * later. None of them means the request was wrong, and the transaction that met them was rolled back whole.
 */
const BUSY_CODES = new Set<unknown>([
  // better-sqlite3 (extended codes included): another connection holds the write lock past busy_timeout.
  'SQLITE_BUSY',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED',
  'SQLITE_LOCKED_SHAREDCACHE',
  WRITER_THREAD_EXITED,
  // PostgreSQL SQLSTATEs.
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (lock_timeout, NOWAIT)
  '53300', // too_many_connections
  '57P03', // cannot_connect_now (starting up or in recovery)
  // The server cannot be reached at all (restarting, fail-over).
  'ECONNREFUSED',
  'ECONNRESET',
]);

/** pg-pool and pg report their connection time-outs with a message only. */
const BUSY_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
];

/**
 * The database is locked, overloaded or briefly unreachable: the error plugin answers 503 DATABASE_BUSY with
 * Retry-After instead of a 500, so clients (loggers above all) retry rather than give up. Looks one `cause` deep,
 * as pg-pool wraps the socket error of a failed connection.
 */
export function isDatabaseBusy(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; depth < 2 && at instanceof Error; depth++) {
    if (BUSY_CODES.has(codeOf(at)) || BUSY_MESSAGES.includes(at.message)) return true;
    at = at.cause;
  }
  return false;
}
