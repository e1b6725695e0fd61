import { type Kysely, sql } from 'kysely';

// The all-fish window sums packed (decision 0021, "Later"): when a map's windows are built, the all-fish sums of each
// (days, end day, star type) go into one row whose `cells` is the `cell,count,…` string the heat map statement
// hands to JavaScript, instead of one `heat_cell_window` row per cell. The busiest map's 30-day view then reads eight
// values instead of 11,600 rows (1.3–1.8 ms of its statement, measured at 5 M catches).
//
// Late catches still go into `heat_cell_window` (`fish_id` 0) as the writer adds them: a window's all-fish sums are
// its packed row plus those rows, which readers add up. Windows built before this migration keep all their all-fish
// sums as rows and no packed row, which reads the same: nothing moves.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter.constructor.name === 'SqliteAdapter';
  let table = db.schema
    .createTable('heat_window_packed')
    .addColumn('map_id', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('end_day', 'integer', (c) => c.notNull())
    .addColumn('star_type', 'integer', (c) => c.notNull())
    // `cell,count,cell,count…` for every cell with catches, each cell once.
    .addColumn('cells', 'text', (c) => c.notNull())
    // The sum of the counts and the newest catch, over the whole row.
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('heat_window_packed_pk', ['map_id', 'days', 'end_day', 'star_type']);
  if (sqlite) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heat_window_packed').execute();
}
