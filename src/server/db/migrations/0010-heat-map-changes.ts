import type { Kysely } from 'kysely';

// A second counter per map beside `version` (0007): `changes` is raised in the transaction of every batch that counts
// catches on the map, whatever their day. A reader keeps whole heat map answers and serves one again while the
// counter it reads — in one statement with a check that no catch entered or left the window as it slid — is
// unchanged (catch-store/catch-changes.ts): exact for every process sharing the database.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('heat_map_version')
    .addColumn('changes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('heat_map_version').dropColumn('changes').execute();
}
