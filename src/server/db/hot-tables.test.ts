import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { isUniqueViolation } from './errors';
import type { Insertable } from 'kysely';
import type { CatchTable } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  await ctx.db.kysely
    .insertInto('logger_client')
    .values({ client_id: 'bird_hot', token_hash: 'h'.repeat(64), player_name: null, version: null, created_at: '' })
    .execute();
});
afterAll(() => ctx.close());

// Epoch ms past 2^31 (and past 2038 in seconds): a 32-bit column would overflow.
const AT = Date.UTC(2040, 0, 2, 3, 4, 5, 678);

function aCatch(reportId: string, night: boolean): Omit<Insertable<CatchTable>, 'id'> {
  return {
    client_id: 'bird_hot',
    report_id: reportId,
    caught_at: AT,
    map_id: 1,
    fish_id: 2,
    bait_id: 3,
    bait2_id: null,
    rod_type: 'standard',
    star_type: 448,
    weight: 1234,
    depth: 3.5,
    direction: 'front',
    angle: 359,
    game_hour: 24,
    temperature: -2.5,
    weather: 'sunny',
    night,
    x: 10.25,
    y: -3.75,
    time_spent: 86_400,
    created_at: AT,
    trust: 1,
  };
}

describe('hot tables (decision 0009)', () => {
  it('store catches with generated ids, epoch-ms times and booleans read back as booleans on both dialects', async () => {
    const rows = [aCatch('a', true), aCatch('b', false)];
    const ids = await ctx.db.kysely.insertInto('catch').values(rows).returning('id').execute();
    expect(ids).toHaveLength(2);
    expect(ids[1]!.id).toBeGreaterThan(ids[0]!.id);
    const stored = await ctx.db.kysely
      .selectFrom('catch')
      .selectAll()
      .where('report_id', 'in', ['a', 'b'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual(rows.map((row, i) => ({ ...row, id: ids[i]!.id })));
    expect(stored.map((row) => row.night)).toStrictEqual([true, false]);
  });

  it('refuse a second (client_id, report_id) and let `on conflict do nothing` skip it', async () => {
    // Its own report ids: the test reads only what it wrote, whichever test ran before it. On PostgreSQL the rule is
    // held by catch_key beside the month-partitioned catch table (migration 0017, decision 0029).
    if (ctx.db.dialect === 'postgres') {
      const key = (reportId: string) => ({ client_id: aCatch(reportId, true).client_id, report_id: reportId });
      await ctx.db.kysely.insertInto('catch_key').values(key('dup')).execute();
      await expect(ctx.db.kysely.insertInto('catch_key').values(key('dup')).execute()).rejects.toSatisfy(
        isUniqueViolation,
      );
      const inserted = await ctx.db.kysely
        .insertInto('catch_key')
        .values([key('dup'), key('c')])
        .onConflict((oc) => oc.columns(['client_id', 'report_id']).doNothing())
        .returning('report_id')
        .execute();
      expect(inserted).toEqual([{ report_id: 'c' }]);
      return;
    }
    await ctx.db.kysely.insertInto('catch').values(aCatch('dup', true)).execute();
    await expect(ctx.db.kysely.insertInto('catch').values(aCatch('dup', false)).execute()).rejects.toSatisfy(
      isUniqueViolation,
    );
    const inserted = await ctx.db.kysely
      .insertInto('catch')
      .values([aCatch('dup', false), aCatch('c', false)])
      .onConflict((oc) => oc.columns(['client_id', 'report_id']).doNothing())
      .returning('report_id')
      .execute();
    expect(inserted).toEqual([{ report_id: 'c' }]);
  });

  it('keep official records nullable where the official table shows nothing, and unique by source_id', async () => {
    const record = {
      source_id: 'src-1',
      caught_at: AT,
      map_id: 1,
      fish_id: 2,
      bait_id: 3,
      bait2_id: 4,
      rod_type: 'ultralight',
      star_type: 0,
      weight: 10,
      player_name: 'Ann',
      depth: null,
      direction: null,
      angle: null,
      game_hour: null,
      temperature: null,
      weather: null,
      night: null,
      x: null,
      y: null,
      time_spent: null,
      created_at: AT,
    };
    await ctx.db.kysely.insertInto('official_record').values(record).execute();
    const stored = await ctx.db.kysely.selectFrom('official_record').selectAll().executeTakeFirstOrThrow();
    expect(stored).toEqual({ ...record, id: stored.id });
    await expect(ctx.db.kysely.insertInto('official_record').values(record).execute()).rejects.toSatisfy(
      isUniqueViolation,
    );
  });

  it('store sale counts beyond 32 bits', async () => {
    const sale = {
      client_id: 'bird_hot',
      report_id: 's1',
      sold_at: AT,
      income: Number.MAX_SAFE_INTEGER,
      fish_count: 2 ** 40,
      star_count: 0,
      created_at: AT,
    };
    await ctx.db.kysely.insertInto('sale').values(sale).execute();
    const stored = await ctx.db.kysely.selectFrom('sale').selectAll().executeTakeFirstOrThrow();
    expect(stored).toEqual({ ...sale, id: stored.id });
  });
});
