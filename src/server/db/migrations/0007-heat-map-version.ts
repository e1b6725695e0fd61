import type { Kysely } from 'kysely';

// A version per map, raised in the transaction of every batch that counts catches into days that have already
// ended (late uploads, seeding, a rollup rebuild). A reader may keep a map's sums over ended days in memory and reuse
// them while the version it reads — in the same statement as the rest of its answer — is unchanged: exact for every
// server process sharing the database (decision 0012).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('heat_map_version')
    .addColumn('map_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heat_map_version').execute();
}
