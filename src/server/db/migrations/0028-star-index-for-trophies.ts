import { type Kysely, sql } from 'kysely';

// The star-type index holds trophies only (decision 0043). Star type 0, no star, is 95 % of all catches, and every
// stored catch wrote an entry into this index that no read needed: a list filtered by star type 0 walks the time
// index, which carries `star_type` (migration 0004), or the index of another filter. Each upload paid for it: at 5 M
// catches the index took one WAL frame per seven catches stored, and the SQLite commit thread 10–15 % of its work
// (docs/BENCHMARKS.md, "A sixth machine"); left with the trophies it is 20× smaller and a catch without a star
// touches one index less.
//
// SQLite uses a partial index only for a query that states its condition itself (it does not infer `star_type <> 0`
// from `star_type = 446`), so every read that wants it adds `TROPHIES_ONLY` (db/planner-hints.ts). PostgreSQL
// infers it, and the partitioned table takes the partial index as any other (each month's partition gets its own).
const COLUMNS = sql`star_type, caught_at, id, map_id, fish_id, bait_id, rod_type, trust`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index catch_star_caught`.execute(db);
  await sql`create index catch_star_caught on catch (${COLUMNS}) where star_type <> 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index catch_star_caught`.execute(db);
  await sql`create index catch_star_caught on catch (${COLUMNS})`.execute(db);
}
