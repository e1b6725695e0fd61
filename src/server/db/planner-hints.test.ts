import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { notFromIndex } from './planner-hints';

interface Db {
  t: { id: number; a: number; b: number; c: string };
}

const sqlite = new SQLite(':memory:');
const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }) });
afterAll(() => db.destroy());

describe('notFromIndex', () => {
  it('keeps SQLite from answering a number or text filter from that column’s index', async () => {
    await db.schema
      .createTable('t')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('a', 'integer')
      .addColumn('b', 'integer')
      .addColumn('c', 'text')
      .execute();
    await db.schema.createIndex('t_a').on('t').column('a').execute();
    await db.schema.createIndex('t_b').on('t').column('b').execute();
    await db.schema.createIndex('t_c').on('t').column('c').execute();
    await db
      .insertInto('t')
      .values([
        { id: 1, a: 1, b: 2, c: 'x' },
        { id: 2, a: 1, b: 3, c: 'y' },
      ])
      .execute();

    const plan = (query: { sql: string; parameters: readonly unknown[] }) =>
      sqlite
        .prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[]))
        .map((row) => (row as { detail: string }).detail)
        .join(' | ');
    const query = db
      .selectFrom('t')
      .select('id')
      .where(notFromIndex<number>('sqlite', 'a', 'number'), '=', 1)
      .where(notFromIndex<string>('sqlite', 'c', 'text'), '=', 'x')
      .where('b', '=', 2);
    expect(plan(query.compile())).toMatch(/USING INDEX t_b/);
    expect(await query.execute()).toEqual([{ id: 1 }]);
  });

  it('leaves the column as it is for PostgreSQL', () => {
    const compiled = db
      .selectFrom('t')
      .select('id')
      .where(notFromIndex<number>('postgres', 'a', 'number'), '=', 1)
      .compile();
    expect(compiled.sql).toBe('select "id" from "t" where "a" = ?');
  });
});
