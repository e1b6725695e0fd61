/**
 * Migration 0015 on a real database: an older database's maps get the bounds their rollup was counted with (the
 * catalogue's), so the first `ensureBounds` after the upgrade rebuilds nothing; a map with a version row keeps its
 * counters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { down, up } from './0015-heat-rollup-bounds';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('0015-heat-rollup-bounds', () => {
  it('stores every map’s catalogue bounds on its version row, keeping the counters', async () => {
    const view = await ctx.services.catalogue.view();
    const [first, ...rest] = [...view.maps.values()];
    await down(ctx.db.kysely);
    // As an older database: one map with counters, the others never counted.
    await ctx.db.kysely.deleteFrom('heat_map_version').execute();
    await ctx.db.kysely
      .insertInto('heat_map_version')
      .values({ map_id: first!.id, version: 5, changes: 9 } as never)
      .execute();
    await up(ctx.db.kysely);

    const rows = await ctx.db.kysely.selectFrom('heat_map_version').selectAll().orderBy('map_id').execute();
    expect(rows.map((row) => row.map_id)).toEqual([...view.maps.keys()].sort((a, b) => a - b));
    for (const row of rows) {
      const map = view.maps.get(row.map_id)!;
      expect({ x_min: row.x_min, y_min: row.y_min, x_max: row.x_max, y_max: row.y_max }).toEqual(map.data.bounds);
    }
    const kept = rows.find((row) => row.map_id === first!.id)!;
    expect([Number(kept.version), Number(kept.changes)]).toEqual([5, 9]);
    expect(rest.length).toBeGreaterThan(0);
    expect(await ctx.services.heatRollups.ensureBounds()).toEqual([]);
  });
});
