import { type Kysely, sql } from 'kysely';

// The heat map's window sums (decision 0021, measured at 5 M catches). A rolling view of L days ending now within UTC
// day t has L − 1 whole days, [t − L + 1, t), and two partial days. `heat_cell_window` holds, for L ∈ {3, 7, 30},
// the catches of those whole days per (map, fish, star type, cell) — `fish_id` 0 for all fish — so a cold view reads
// about one row per cell of its answer (the busiest map's 30 days: 7,900 rows instead of 58,000 rollup rows or
// 116,000 catches) and only its partial days from the raw catches.
//
// `heat_window_built` marks the (map, t) whose windows are complete: built once per day and map
// (catch-store/heat-windows.ts) in one transaction; from then on the catch writer adds every catch of those days to
// them in its batch's transaction (late uploads), so they stay exact. A reader uses a window only when its mark is
// read in the same statement; otherwise it counts the whole days from the daily rollup, as before.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter.constructor.name === 'SqliteAdapter';
  let table = db.schema
    .createTable('heat_cell_window')
    .addColumn('map_id', 'integer', (c) => c.notNull())
    // 0: all fish.
    .addColumn('fish_id', 'integer', (c) => c.notNull())
    // L: the view's length in days (3, 7 or 30).
    .addColumn('days', 'integer', (c) => c.notNull())
    // t: the UTC day the view ends in (days since 1970-01-01); the window counts days [t − L + 1, t).
    .addColumn('end_day', 'integer', (c) => c.notNull())
    .addColumn('star_type', 'integer', (c) => c.notNull())
    .addColumn('cell', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('heat_cell_window_pk', ['map_id', 'fish_id', 'days', 'end_day', 'star_type', 'cell']);
  if (sqlite) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema
    .createTable('heat_window_built')
    .addColumn('map_id', 'integer', (c) => c.notNull())
    .addColumn('end_day', 'integer', (c) => c.notNull())
    .addColumn('built_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('heat_window_built_pk', ['map_id', 'end_day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heat_window_built').execute();
  await db.schema.dropTable('heat_cell_window').execute();
}
