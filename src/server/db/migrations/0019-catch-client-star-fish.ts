import type { Kysely } from 'kysely';

// The personal stats' all-time part (docs/catch-data-api.md §5): a logger's total, its heaviest catch of each fish and
// its trophies by star type. One grouped read of the logger's catches by (star type, fish) gives the counts and the
// heaviest weight of each group; this index answers it from its entries alone, already in group order (no sort, no
// row read), however many catches the table holds. Weight is in no other index, so without it every catch of the
// logger would be read from the table.
//
// The same index then finds each group's heaviest catch by an exact (logger, star type, fish, weight) lookup, and
// the logger's trophies (star types 446–452, a contiguous range right after star type 0) as one range of entries
// whose `caught_at` orders them without reading the rows. On PostgreSQL's month-partitioned catch table (migration
// 0017) it is a partitioned index: one per month, created with every new month; the bulk load drops and re-creates
// it with the others (it reads their definitions, catch-bulk-load.ts).
const NAME = 'catch_client_star_fish';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex(NAME)
    .on('catch')
    .columns(['client_id', 'star_type', 'fish_id', 'weight', 'caught_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex(NAME).execute();
}
