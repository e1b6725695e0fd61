import type { Kysely } from 'kysely';

// The indexes of the log lists (`GET /logs/bird`, `/logs/official`; decision 0011, measured at 5 M catches). A list
// is read newest first (`caught_at desc, id desc`) with any mix of equality filters and a time range. Each catch
// index is (one filter column, caught_at, id, every other filter column):
// - the lead and `caught_at` let the database walk the most selective filter's catches newest first, within the
//   time range, and stop after one page;
// - `id` completes the order, so no index needs a sort (without it SQLite preferred the time index, whose rowid
//   completes the order, and walked the whole time range);
// - the other filter columns are checked inside the index instead of by fetching each row (a random read per row):
//   that is what made rare combinations take seconds. `total` reads the same entries and no rows at all.
//
// The logger's own catches (`mine`, the personal stats) get the same: migration 0003's (client_id, caught_at) is
// replaced by one that also holds the filter columns (the stats' star count among them). Client ids are long (27
// characters), so the other indexes leave them out: with `mine` the database starts from the logger's index, or from
// a filter rarer than the logger's catches and checks the logger on those few rows.

const FILTERS = ['map_id', 'fish_id', 'bait_id', 'star_type', 'rod_type'] as const;
const others = (lead: string) => FILTERS.filter((column) => column !== lead);

const CATCH_INDEXES: [string, string[]][] = [
  // No filter, a time range, a rod type or star type 0 (the common values): walking by time finds a page at once.
  // Rod type and star type are in it because without them SQLite skip-scans the star index for a rod type and a
  // time range and sorts a third of the range.
  ['catch_caught', ['caught_at', 'id', 'rod_type', 'star_type']],
  ['catch_map_caught', ['map_id', 'caught_at', 'id', ...others('map_id')]],
  ['catch_fish_caught', ['fish_id', 'caught_at', 'id', ...others('fish_id')]],
  ['catch_bait_caught', ['bait_id', 'caught_at', 'id', ...others('bait_id')]],
  ['catch_star_caught', ['star_type', 'caught_at', 'id', ...others('star_type')]],
  ['catch_client_caught', ['client_id', 'caught_at', 'id', ...FILTERS]],
];

// Official records are a few thousand to a few hundred thousand rows: one index per common lead is plenty.
const RECORD_INDEXES: [string, string[]][] = [
  ['official_record_caught', ['caught_at']],
  ['official_record_map_caught', ['map_id', 'caught_at']],
  ['official_record_fish_caught', ['fish_id', 'caught_at']],
  ['official_record_player_caught', ['player_name', 'caught_at']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('catch_client_caught').execute();
  for (const [name, columns] of CATCH_INDEXES) await db.schema.createIndex(name).on('catch').columns(columns).execute();
  for (const [name, columns] of RECORD_INDEXES)
    await db.schema.createIndex(name).on('official_record').columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...CATCH_INDEXES, ...RECORD_INDEXES]) await db.schema.dropIndex(name).execute();
  await db.schema.createIndex('catch_client_caught').on('catch').columns(['client_id', 'caught_at']).execute();
}
