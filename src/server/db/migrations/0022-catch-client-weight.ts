import type { Kysely } from 'kysely';

// Issue 20's ingestion budget at 5 M catches (decision 0037): migration 0019's `catch_client_star_fish` index cost
// every stored catch a leaf page at a random place within its logger's entries (weights are in no order), which took
// ingestion into the 5 M world from 20,400–20,800 to 17,700–19,000 reports/s. The personal stats it served read the
// logger's own entries of `catch_client_caught` instead (all-time.repository.ts): that index already holds the star
// type and the fish, and now also the weight as its last column, which a catch appends to the entry it writes
// anyway (the logger's newest catches sit together at the index's end for that logger), so it costs no extra page.
//
// On PostgreSQL's month-partitioned table (migration 0017) both are partitioned indexes: dropping and creating them on
// the parent does every month.
const COLUMNS = ['client_id', 'caught_at', 'id', 'map_id', 'fish_id', 'bait_id', 'star_type', 'rod_type'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('catch_client_star_fish').execute();
  await db.schema.dropIndex('catch_client_caught').execute();
  await db.schema
    .createIndex('catch_client_caught')
    .on('catch')
    .columns([...COLUMNS, 'weight'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('catch_client_caught').execute();
  await db.schema.createIndex('catch_client_caught').on('catch').columns(COLUMNS).execute();
  await db.schema
    .createIndex('catch_client_star_fish')
    .on('catch')
    .columns(['client_id', 'star_type', 'fish_id', 'weight', 'caught_at'])
    .execute();
}
