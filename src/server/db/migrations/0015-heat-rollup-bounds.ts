import type { Kysely } from 'kysely';

// The bounds each map's heat-map rollup was counted with (catch-store/heat-rollups.ts, decision 0025): four columns
// on the map's version row, which every batch counting on the map and every rebuild of it already takes. A batch
// counts its catches into the cells these bounds give (not those of its own catalogue view, which another process
// may not have reloaded yet), and `ensureBounds` rebuilds a map whose catalogue bounds differ, setting them in the
// same transaction: so the rollup and its window sums always hold each catch in the cell of the bounds stored here.
//
// Until now nothing changed a map's bounds but a demo world rebuilt from scratch, so every map's rollup was counted
// with the bounds its catalogue item has now: they are copied from there (maps without a row get one).
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of ['x_min', 'y_min', 'x_max', 'y_max'])
    await db.schema.alterTable('heat_map_version').addColumn(column, 'double precision').execute();
  const maps = await db.selectFrom('category').select(['id', 'data']).where('group_type', '=', 'maps').execute();
  for (const map of maps as { id: number; data: string }[]) {
    const bounds = (JSON.parse(map.data) as { bounds?: Record<string, unknown> }).bounds;
    const [x_min, y_min, x_max, y_max] = ['x_min', 'y_min', 'x_max', 'y_max'].map((key) => bounds?.[key]);
    if (![x_min, y_min, x_max, y_max].every((value) => typeof value === 'number')) continue;
    const counted = { x_min, y_min, x_max, y_max };
    await db
      .insertInto('heat_map_version')
      .values({ map_id: map.id, version: 0, changes: 0, ...counted })
      .onConflict((oc) => oc.column('map_id').doUpdateSet(counted))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['y_max', 'x_max', 'y_min', 'x_min'])
    await db.schema.alterTable('heat_map_version').dropColumn(column).execute();
}
