/**
 * Kysely's SQLite driver prepares every query it runs, even `begin` and `commit`. Preparing costs about as much as
 * running a small query, and for the multi-row inserts of an upload (a 30 KB statement with 10,000 placeholders) it
 * costs milliseconds per batch. This wrapper keeps the most recently used statements by SQL text, so a repeated
 * query is prepared once: the SQL text of a Kysely query depends on its shape, never on its values.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const MAX_STATEMENTS = 200;

export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again until it is done: prepare another one.
      if (cached && !cached.busy) {
        // Re-inserted, so the Map's order is least recently used first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
