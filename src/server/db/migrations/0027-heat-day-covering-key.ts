import { type Kysely, sql } from 'kysely';

// The heat map's daily rollup read from its key alone on PostgreSQL (issue 24; docs/BENCHMARKS.md, "again on a new
// machine"). An all-fish view reads the rows of one map, trust class and day through `heat_cell_day`'s primary key;
// the rows of a day are upserted over that whole day, so they lie scattered over the table, and each was a heap page
// of its own (the busiest map's ended day: 2,483 rows, 2,498 pages, 3.4 ms at 5 M catches). With the counts in the
// key's index (`include`) the read is index-only: 0.3 ms, and the all-fish views' p95 went from 8–10 ms to 3–5 ms,
// while 200,000 uploads into the 5 M world were as fast as before (8,689/s against 8,621/s).
//
// SQLite's rollups are `without rowid` tables (migration 0024): their key is the table, so it holds the counts already.
const KEY = sql`map_id, trust_class, day, star_type, cell`;

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'SqliteAdapter';

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`alter table heat_cell_day drop constraint heat_cell_day_pk2,
    add constraint heat_cell_day_pk2 primary key (${KEY}) include (count, last_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`alter table heat_cell_day drop constraint heat_cell_day_pk2,
    add constraint heat_cell_day_pk2 primary key (${KEY})`.execute(db);
}
