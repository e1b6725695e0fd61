/**
 * Row-at-a-time inserts for a SQLite connection that runs off the event loop (the catch-commit thread, decision
 * 0024): one prepared `insert … on conflict (…) do nothing` per row, `changes` saying whether it was stored.
 *
 * Why not the multi-row statements of bulk-insert.ts there: SQLite gives a statement that writes several rows and
 * may abort halfway (a NOT NULL or foreign key failure) a statement journal, and inside a transaction it copies the
 * original of every page the statement changes into it before the change. At 5 M catches a 500-row statement
 * changes a page per row in most of the table's indexes (eight then), so each group copied about 2 GB through the
 * journal's temporary file per 200,000 catches, and the thread's work per catch rose from about 22 µs (an empty
 * table) to 42. A single-row insert needs no statement journal (it cannot stop halfway), and without `returning`
 * SQLite builds no table of results either: measured 30 µs per catch at 5 M. On the event loop the multi-row
 * statements stay (each statement gives the loop back between chunks; row by row would be thousands of calls).
 */
import type SQLite from 'better-sqlite3';

export type RowInserter<R extends object> = (rows: readonly R[]) => R[];

/**
 * An inserter into `table` skipping the rows that conflict on the unique `conflict` columns; answers the rows that
 * were stored. Every row must have the same keys, none undefined (write null); booleans are stored as 1/0, as
 * SqliteBooleansPlugin binds them. Call it inside a transaction: each row is its own statement.
 */
export function sqliteRowInserter<R extends object>(
  sqlite: SQLite.Database,
  table: string,
  conflict: readonly string[],
): RowInserter<R> {
  const statements = new Map<string, SQLite.Statement>();
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return (rows) => {
    if (rows.length === 0) return [];
    const columns = Object.keys(rows[0]!);
    const shape = columns.join(',');
    let statement = statements.get(shape);
    if (!statement) {
      statement = sqlite.prepare(
        `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values (${columns.map(() => '?').join(', ')}) ` +
          `on conflict (${conflict.map(quote).join(', ')}) do nothing`,
      );
      statements.set(shape, statement);
    }
    const values: unknown[] = new Array(columns.length);
    const stored: R[] = [];
    for (const row of rows as readonly Record<string, unknown>[]) {
      for (let i = 0; i < columns.length; i++) {
        const value = row[columns[i]!];
        if (value === undefined) throw new Error(`insert into ${table}: ${columns[i]} is undefined`);
        values[i] = typeof value === 'boolean' ? Number(value) : value;
      }
      if (statement.run(values).changes === 1) stored.push(row as R);
    }
    return stored;
  };
}
