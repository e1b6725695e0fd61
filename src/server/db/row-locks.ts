/**
 * Row locks for a read-then-write in one transaction. PostgreSQL runs transactions side by side, so the row read must
 * be locked (`for update`) until the transaction ends; SQLite's write transactions run one at a time on the writer's
 * connection, and it has no `for update`, so the plain select already holds.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { dialectOf } from './database';
import type { Database } from './schema';

/** `query` locking the rows it reads for the rest of `db`'s transaction, where the database needs it. */
export function forUpdate<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}
