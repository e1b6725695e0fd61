import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { sql } from 'kysely';
import { dialectOf } from './database';
import { migrateToLatest } from './migrator';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('migrations', () => {
  it('ran on this dialect and are idempotent', async () => {
    expect(await migrateToLatest(ctx.db)).toEqual([]);
    const tables = (await ctx.db.kysely.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['category', 'meta', 'users', 'logger_client', 'revoked_token']));
  });

  it("keeps the heat map's daily counts in its rollup's key, so a day's rows are read from the key alone", async () => {
    const db = ctx.db.kysely;
    if (dialectOf(db) === 'sqlite') {
      // A table without rowid is its key (migration 0024).
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'heat_cell_day'`.execute(
        db,
      );
      expect(rows[0]!.sql).toMatch(/without rowid/i);
    } else {
      // The key's index includes the counts (migration 0027).
      const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where schemaname = current_schema() and indexname = 'heat_cell_day_pk2'`.execute(db);
      expect(rows[0]!.indexdef).toMatch(/\(map_id, trust_class, day, star_type, cell\) INCLUDE \(count, last_at\)/);
    }
  });

  it('stores and reads catalogue rows the same way on both dialects', async () => {
    const row = {
      id: 7,
      group_type: 'fish_way',
      name: '活饵',
      name_en: 'Live bait',
      name_ja: '活き餌',
      name_pinyin: 'huo er',
      letter: 'H',
      letter_en: 'L',
      sort: 1,
      data: '{"a":[1]}',
    };
    await ctx.db.kysely.insertInto('category').values(row).execute();
    const stored = await ctx.db.kysely.selectFrom('category').selectAll().where('id', '=', 7).executeTakeFirstOrThrow();
    // `deprecated` (migration 0014) reads back as 0/1 on SQLite: repositories read it with Boolean().
    expect({ ...stored, deprecated: Boolean(stored.deprecated) }).toEqual({
      ...row,
      deprecated: false,
      introduced_in: null,
    });
  });
});
