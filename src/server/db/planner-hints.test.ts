import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { notFromIndex, TROPHIES_ONLY } from './planner-hints';

interface Db {
  t: { id: number; a: number; b: number; c: string };
  catch: { id: number; star_type: number };
}

const sqlite = new SQLite(':memory:');
const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }) });
afterAll(() => db.destroy());

/** SQLite's plan of a compiled statement, its steps joined by ` | `. */
const plan = (query: { sql: string; parameters: readonly unknown[] }) =>
  sqlite
    .prepare(`explain query plan ${query.sql}`)
    .all(...(query.parameters as unknown[]))
    .map((row) => (row as { detail: string }).detail)
    .join(' | ');

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

describe('TROPHIES_ONLY', () => {
  it('is the term SQLite needs to read a partial index of star types other than 0', async () => {
    await db.schema
      .createTable('catch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('star_type', 'integer')
      .execute();
    await sql`create index catch_star on catch (star_type) where star_type <> 0`.execute(db);
    await db
      .insertInto('catch')
      .values([
        { id: 1, star_type: 0 },
        { id: 2, star_type: 447 },
      ])
      .execute();

    const filtered = db.selectFrom('catch').select('id').where('star_type', '=', 447);
    // Without it SQLite does not infer the index's condition from the filter, and reads the whole table.
    expect(plan(filtered.compile())).not.toMatch(/catch_star/);
    const stated = filtered.where(TROPHIES_ONLY);
    expect(plan(stated.compile())).toMatch(/USING (COVERING )?INDEX catch_star \(star_type=\?\)/);
    expect(await stated.execute()).toEqual([{ id: 2 }]);
  });
});
