import type { Kysely } from 'kysely';

// A player's collection can be shared on a public page (issue 25): off by default, so a row exists only while it is
// on. `share_id` is the random, unguessable part of the public link (128 bits); turning sharing off deletes the row,
// so every old link answers 404, and turning it on again makes a new id. A table of its own rather than a column of
// `users`: the account code never sees it, and the row goes with its account (the foreign key's cascade) when the
// account is deleted. Times are epoch milliseconds (decision 0009).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection_share')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('share_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_share').execute();
}
