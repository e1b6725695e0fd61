import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_LOAD_MARK } from '../../catch-store/catch-store';
import { dialectOf } from '../../db/database';
import { createTestApp, type TestContext } from '../../test/test-app';
import { ACTIVITY_MARK, demoActivityMissing } from '../demo-state';
import { type ActivityOptions, seedDemoActivity } from './seed-activity';

// The bulk load must store exactly what the catch writer stores (decision 0022). Small demo worlds are seeded once
// through the writer and once through the bulk load, on SQLite (or PostgreSQL under `npm run test:pg`), and every
// row of every table they fill is compared: catches (all columns, `id` and `created_at` included: both paths insert
// the same rows in the same order with the same clock), sales, official records, the demo loggers, the heat map's
// rollup and the progress mark. `heat_map_version`'s counters are raised once per batch that counts into a map, so
// they differ by design (the writer counts 3 chunks, the bulk load one rebuild); what matters to readers is that
// every map's were raised, which is compared.
const CATCHES = 30_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

type Table = 'catch' | 'sale' | 'official_record' | 'logger_client' | 'heat_cell_day';
const ORDER: Record<Table, string[]> = {
  catch: ['id'],
  sale: ['id'],
  official_record: ['id'],
  logger_client: ['client_id'],
  heat_cell_day: ['map_id', 'day', 'star_type', 'cell'],
};

interface World {
  ctx: TestContext;
  seed(options: Omit<ActivityOptions, 'now'>): ReturnType<typeof seedDemoActivity>;
}

async function world(): Promise<World> {
  const ctx = await createTestApp();
  return { ctx, seed: (options) => seedDemoActivity(ctx.db.kysely, { now: NOW, ...options }) };
}

async function rows(w: World, table: Table, withIds = true): Promise<Record<string, unknown>[]> {
  let query = w.ctx.db.kysely.selectFrom(table).selectAll();
  for (const column of ORDER[table]) query = query.orderBy(sql.ref(column));
  const found = (await query.execute()) as Record<string, unknown>[];
  // The logger tokens are random secrets, new in each world (seed-activity.ts): not part of what is compared.
  if (table === 'logger_client') return found.map(({ token_hash: _, ...rest }) => rest);
  return withIds ? found : found.map(({ id: _, ...rest }) => rest);
}

const mark = async (w: World) =>
  (
    await w.ctx.db.kysely
      .selectFrom('meta')
      .select(['key', 'value'])
      .where('key', 'in', [ACTIVITY_MARK, BULK_LOAD_MARK])
      .orderBy('key')
      .execute()
  ).map((r) => `${r.key}=${r.key === ACTIVITY_MARK ? r.value : '…'}`);

/** The catch table's index names (the primary key's aside), and on PostgreSQL its foreign keys'. */
async function catchIndexes(w: World): Promise<string[]> {
  const db = w.ctx.db.kysely;
  const found =
    dialectOf(db) === 'sqlite'
      ? await sql<{ name: string }>`
          select name from sqlite_master where type = 'index' and tbl_name = 'catch' and sql is not null`.execute(db)
      : await sql<{ name: string }>`
          select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'catch' and indexname <> 'catch_pkey'
          union all
          select conname from pg_constraint where conrelid = 'catch'::regclass and contype = 'f'`.execute(db);
  return found.rows.map((r) => r.name).sort();
}

/** Every row of `table` in `b` equals `a`'s, in order; on a difference, the first differing row is shown. */
async function expectSameRows(a: World, b: World, table: Table, withIds: boolean): Promise<void> {
  const [left, right] = await Promise.all([rows(a, table, withIds), rows(b, table, withIds)]);
  expect(right.length, `${table} rows`).toBe(left.length);
  const first = left.findIndex((row, i) => !isDeepStrictEqual(row, right[i]));
  if (first !== -1) expect(right[first], `${table}, row ${first}`).toEqual(left[first]);
}

/** `catchIds`: false where the writer path met duplicates on PostgreSQL (see the last test). */
async function expectSameWorld(a: World, b: World, catchIds = true): Promise<void> {
  for (const table of Object.keys(ORDER) as Table[]) await expectSameRows(a, b, table, table !== 'catch' || catchIds);
  expect(await mark(b)).toEqual(await mark(a));
  expect(await catchIndexes(b)).toEqual(await catchIndexes(a));
  const versions = (w: World) => w.ctx.db.kysely.selectFrom('heat_map_version').selectAll().orderBy('map_id').execute();
  const [left, right] = await Promise.all([versions(a), versions(b)]);
  expect(right.map((v) => v.map_id)).toEqual(left.map((v) => v.map_id));
  for (const v of right) {
    expect(Number(v.version)).toBeGreaterThan(0);
    expect(Number(v.changes)).toBeGreaterThan(0);
  }
}

class Interrupted extends Error {}

// Each test seeds one to three worlds of 15,000–60,000 catches.
const SLOW = 120_000;

describe('demo activity through the bulk load', { timeout: SLOW }, () => {
  let writer: World;
  const worlds: World[] = [];
  const open = async () => {
    const w = await world();
    worlds.push(w);
    return w;
  };

  beforeAll(async () => {
    writer = await open();
    await writer.seed({ catches: CATCHES, path: 'writer' });
  }, SLOW);
  afterAll(() => Promise.all(worlds.map((w) => w.ctx.close())));

  it('stores what the catch writer stores, row for row, with the indexes and the rollup', async () => {
    const bulk = await open();
    expect(await bulk.seed({ catches: CATCHES, path: 'bulk' })).toEqual(
      await rows(writer, 'sale').then((sales) => ({ catches: CATCHES, sales: sales.length, records: 300 })),
    );
    await expectSameWorld(writer, bulk);
  });

  it('chooses the bulk load for a large seed into a table that holds few catches', async () => {
    const auto = await open();
    const seen: number[] = [];
    // Interrupted after the first chunk: the bulk load has dropped the indexes; the writer path never does.
    await expect(
      auto.seed({
        catches: 60_000,
        progress: (done) => {
          seen.push(done);
          throw new Interrupted();
        },
      }),
    ).rejects.toThrow(Interrupted);
    expect(seen).toEqual([10_000]);
    expect(await catchIndexes(auto)).toEqual([]);
  });

  it('resumes a load interrupted midway without a duplicate', async () => {
    const bulk = await open();
    await expect(
      bulk.seed({
        catches: CATCHES,
        path: 'bulk',
        progress: (done) => {
          if (done === 20_000) throw new Interrupted();
        },
      }),
    ).rejects.toThrow(Interrupted);
    // Two chunks stored with their mark; no index (the unique one neither) until the load finishes.
    expect(await mark(bulk)).toEqual([`${BULK_LOAD_MARK}=…`, `${ACTIVITY_MARK}=20000`]);
    expect(await catchIndexes(bulk)).toEqual([]);
    expect(await demoActivityMissing(bulk.ctx.db.kysely, 0)).toBe(true);

    // The next run (any path asked: an interrupted bulk load is resumed) stores the third chunk and finishes.
    await bulk.seed({ catches: CATCHES, path: 'writer' });
    await expectSameWorld(writer, bulk);
  });

  it('finishes a load cut short while building the indexes', async () => {
    const indexes = await catchIndexes(writer);
    const again = await open();
    await expect(
      again.seed({
        catches: CATCHES,
        path: 'bulk',
        progress: (done) => {
          if (done === CATCHES) throw new Interrupted();
        },
      }),
    ).rejects.toThrow(Interrupted);
    const saved = await again.ctx.db.kysely
      .selectFrom('meta')
      .select('value')
      .where('key', '=', BULK_LOAD_MARK)
      .executeTakeFirstOrThrow();
    const [firstIndex] = JSON.parse(saved.value) as { sql: string }[];
    // As if killed after building one of them: the next run builds the others and the rollup.
    await sql.raw(firstIndex!.sql).execute(again.ctx.db.kysely);
    expect((await catchIndexes(again)).length).toBe(1);
    // The official records come after the catches: the interrupted run never got to them.
    expect(await again.seed({ catches: CATCHES })).toEqual({ catches: 0, sales: 0, records: 300 });
    await expectSameWorld(writer, again);
    expect(await catchIndexes(again)).toEqual(indexes);
  });

  it('continues a writer seed killed between a chunk and its mark, and one that ended inside a chunk', async () => {
    // The writer path to 15,000 catches (the second chunk half full), then to 30,000: the reference.
    const reference = await open();
    await reference.seed({ catches: 15_000, path: 'writer' });
    await reference.seed({ catches: CATCHES, path: 'writer' });

    // The same first seed, its mark lost (as if killed after storing the chunks), then the bulk load to 30,000.
    const bulk = await open();
    await bulk.seed({ catches: 15_000, path: 'writer' });
    await bulk.ctx.db.kysely.deleteFrom('meta').where('key', '=', ACTIVITY_MARK).execute();
    await bulk.seed({ catches: CATCHES, path: 'bulk' });
    // The writer's second run inserted the half-stored chunk again, its first 5,000 catches as duplicates: on
    // PostgreSQL each draws an id from the sequence all the same, so the reference's later ids are 5,000 higher.
    // The rows, in the same order, are compared without them there.
    await expectSameWorld(reference, bulk, dialectOf(bulk.ctx.db.kysely) === 'sqlite');
  });
});
