import { type Kysely, sql } from 'kysely';

// The heat map's rollup and the read indexes it and the bait guide use (decision 0012, measured at 5 M catches).
//
// `heat_cell_day`: catches counted per (map, UTC day, star type, grid cell), written by the catch writer in the
// transaction of the batch (catch-store/heat-rollups.ts). A map's all-fish heat map over 30 days reads a few
// ten thousand of these instead of a million catches; the partial days at the ends of a window come from the raw
// catches. `last_at`: the newest catch counted in the row (the answer's `updated_at`). Keyed map → day first, so a
// window is one range of the primary key; on SQLite the table is its primary key (WITHOUT ROWID), so the range scan
// reads nothing else.
//
// The map and fish indexes of migration 0004 get `x` and `y` at their end: the raw parts of the heat map (one fish,
// the partial days) group catches by cell from the index alone, and the bird logs' spot filter is checked there too.
// The fish index also gets `game_hour`, `depth` and `weather`: the bait guide's splits read the fish's last 72 hours
// from it without touching a row.

const FILTERS = ['map_id', 'fish_id', 'bait_id', 'star_type', 'rod_type'] as const;
const others = (lead: string) => FILTERS.filter((column) => column !== lead);

const BEFORE: [string, string[]][] = [
  ['catch_map_caught', ['map_id', 'caught_at', 'id', ...others('map_id')]],
  ['catch_fish_caught', ['fish_id', 'caught_at', 'id', ...others('fish_id')]],
];
const AFTER: [string, string[]][] = [
  ['catch_map_caught', ['map_id', 'caught_at', 'id', ...others('map_id'), 'x', 'y']],
  [
    'catch_fish_caught',
    ['fish_id', 'caught_at', 'id', ...others('fish_id'), 'x', 'y', 'game_hour', 'depth', 'weather'],
  ],
];

async function replaceIndexes(db: Kysely<any>, indexes: [string, string[]][]): Promise<void> {
  for (const [name, columns] of indexes) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('catch').columns(columns).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter.constructor.name === 'SqliteAdapter';
  let table = db.schema
    .createTable('heat_cell_day')
    .addColumn('map_id', 'integer', (c) => c.notNull())
    // Days since 1970-01-01 UTC: floor(caught_at / 86,400,000).
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('star_type', 'integer', (c) => c.notNull())
    // row × cols + col of the map's grid (docs/catch-data-api.md §3).
    .addColumn('cell', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('heat_cell_day_pk', ['map_id', 'day', 'star_type', 'cell']);
  if (sqlite) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await replaceIndexes(db, AFTER);
  // Existing catches are counted into the rollup at start-up (HeatRollups.ensureComplete), where the catalogue's
  // map bounds are at hand.
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heat_cell_day').execute();
  await replaceIndexes(db, BEFORE);
}
