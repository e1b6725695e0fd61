/**
 * Automatic preparation (db/pg-auto-prepare.ts, decision 0042): which texts earn a name, and, on the real
 * PostgreSQL of `npm run test:pg`, that a repeated statement runs prepared on the connection while the rest (its
 * first calls, a text without parameters) run as they came.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';
import type { Database } from './schema';
import { StatementNames } from './pg-auto-prepare';

describe('StatementNames', () => {
  it('names a text on its Nth call, the same name ever after, and another text its own', () => {
    const names = new StatementNames(3);
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^anglerdex_\d+$/);
    expect(names.nameFor('select $1')).toBe(name);
    for (let call = 1; call < 3; call += 1) expect(names.nameFor('select $1 + 1')).toBeUndefined();
    const other = names.nameFor('select $1 + 1');
    expect(other).toBeDefined();
    expect(other).not.toBe(name);
  });

  it('never names a statement that reads or returns every column, whose result a new column would change', () => {
    const names = new StatementNames(1);
    for (const text of [
      'select * from "vip_order" where "order_no" = $1',
      'select "a".* from "admin_audit" as "a" where "a"."id" = $1',
      'select "u"."id", "a".* from "u" join "a" on "a"."id" = $1',
      'insert into "fish_alias" ("name") values ($1) returning *',
    ]) {
      expect(names.nameFor(text)).toBeUndefined();
    }
    expect(names.nameFor('select count(*) as count from "catch" where "map_id" = $1')).toBeDefined();
  });

  it('names nothing when turned off, and no more texts than its cap', () => {
    const off = new StatementNames(0);
    for (let call = 0; call < 10; call += 1) expect(off.nameFor('select $1')).toBeUndefined();

    const capped = new StatementNames(1, 2);
    expect(capped.nameFor('select $1')).toBeDefined();
    expect(capped.nameFor('select $1 + 1')).toBeDefined();
    expect(capped.nameFor('select $1 + 2')).toBeUndefined();
    expect(capped.size).toBe(2);
    // The texts named before the cap keep their names.
    expect(capped.nameFor('select $1')).toBeDefined();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dialect: 'postgres', url: pgUrl!, prepareAfter: 3 }, { pgSchema: 'test_auto_prepare' });
  });
  afterAll(() => db.close());

  /** Runs `calls` on one connection, then says which statements that connection holds prepared. */
  const preparedAfter = (calls: (connection: Kysely<Database>) => Promise<void>) =>
    db.kysely.connection().execute(async (connection) => {
      await calls(connection);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      return rows.map((row) => row.statement);
    });

  it('runs a parameterised statement prepared from its third call, with the right answers', async () => {
    const answers: number[] = [];
    const prepared = await preparedAfter(async (connection) => {
      for (let call = 1; call <= 4; call += 1) {
        const { rows } = await sql<{ twice: number }>`select ${call}::int * 2 as twice`.execute(connection);
        answers.push(rows[0]!.twice);
      }
    });
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(prepared).toContain('select $1::int * 2 as twice');
  });

  it('leaves a text without parameters, and one asked fewer times, unprepared', async () => {
    const prepared = await preparedAfter(async (connection) => {
      // Several statements in one text: only the simple protocol runs them, which a name would have ended.
      for (let call = 0; call < 5; call += 1) await sql.raw('select 1 as one; select 2 as two').execute(connection);
      for (let call = 0; call < 2; call += 1) await sql`select ${'x'}::text as twice_only`.execute(connection);
    });
    expect(prepared).not.toContain('select 1 as one; select 2 as two');
    expect(prepared).not.toContain('select $1::text as twice_only');
  });
});
