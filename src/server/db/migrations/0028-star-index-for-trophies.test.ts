/**
 * Migration 0028 (decision 0043): the star-type index holds trophies only, and the reads it is for still find it.
 * Real app, real database: SQLite (the plans checked), or PostgreSQL's partitioned catch table with TEST_DATABASE_URL
 * (the index partial on every month).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogsRepository } from '../../features/logs/logs.repository';
import { addLogger, catchRow, insertCatches } from '../../test/log-test-data';
import { plansOf, statementRecorder } from '../../test/query-plans';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const loggerId = await addLogger(ctx.db.kysely);
  await insertCatches(ctx.db.kysely, [
    ...Array.from({ length: 20 }, () => catchRow(loggerId, { star_type: 0 })),
    catchRow(loggerId, { star_type: 447 }),
    catchRow(loggerId, { star_type: 452 }),
  ]);
});
afterAll(() => ctx?.close());

const PAGE = { page: 1, page_size: 20 };

describe.runIf(!process.env.TEST_DATABASE_URL)('SQLite', () => {
  it('keeps index entries for trophies only', async () => {
    const { rows } = await sql<{ name: string; partial: number }>`pragma index_list(catch)`.execute(ctx.db.kysely);
    expect(rows.find((row) => row.name === 'catch_star_caught')?.partial).toBe(1);
    // Read through the index itself: the two trophies, none of the twenty catches without a star.
    const { rows: entries } = await sql<{ n: number }>`
      select count(*) as n from catch indexed by catch_star_caught where star_type <> 0`.execute(ctx.db.kysely);
    expect(entries[0]!.n).toBe(2);
  });

  it("starts a trophy's log list from it, and a list of star type 0 from another index", async () => {
    const recorder = statementRecorder();
    const logs = new LogsRepository(ctx.db.kysely.withPlugin(recorder), 'sqlite');
    // A page of one, so that the list's total is counted too (a short first page is its own total).
    const trophies = await logs.listCatches({ star_type: 447 }, { page: 1, page_size: 1 });
    expect(trophies.items.map((item) => item.star_type)).toEqual([447]);
    expect(trophies.total).toBe(1);
    // The page and its count (a statement is recorded each time it is compiled).
    const trophyPlans = await plansOf(ctx.db.kysely, recorder);
    expect(trophyPlans.length).toBeGreaterThanOrEqual(2);
    for (const plan of trophyPlans) expect(plan).toMatch(/INDEX catch_star_caught \(star_type=\?\)/);

    recorder.nodes.length = 0;
    const plain = await logs.listCatches({ star_type: 0 }, PAGE);
    expect(plain.items).toHaveLength(20);
    expect(plain.items.every((item) => item.star_type === 0)).toBe(true);
    const plans = await plansOf(ctx.db.kysely, recorder);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans) expect(plan).not.toMatch(/catch_star_caught/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  it('holds the partial index on the partitioned table and on every month of it', async () => {
    const { rows } = await sql<{ tablename: string; indexdef: string }>`
      select tablename, indexdef from pg_indexes
      where schemaname = current_schema() and indexdef like '%(star_type, caught_at, id,%'`.execute(ctx.db.kysely);
    const { rows: months } = await sql<{ n: string }>`
      select count(*) as n from pg_inherits where inhparent = 'catch'::regclass`.execute(ctx.db.kysely);
    expect(Number(months[0]!.n)).toBeGreaterThan(0);
    // The parent's index and one per partition, each with the condition.
    expect(rows).toHaveLength(Number(months[0]!.n) + 1);
    for (const row of rows) expect(row.indexdef).toMatch(/WHERE \(star_type <> 0\)$/);
    const logs = new LogsRepository(ctx.db.kysely, 'postgres');
    expect((await logs.listCatches({ star_type: 452 }, PAGE)).items.map((item) => item.star_type)).toEqual([452]);
    expect((await logs.listCatches({ star_type: 0 }, PAGE)).items).toHaveLength(20);
  });
});
