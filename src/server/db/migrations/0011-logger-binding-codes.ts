import type { Kysely } from 'kysely';

// Binding a logger to an account needs a code the logger shows its player (decision 0017): one pending code per
// logger (a new one replaces it), only its SHA-256 kept, deleted when used. Times are epoch milliseconds (decision
// 0009). The row goes with its logger.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('logger_binding_code')
    .addColumn('client_id', 'varchar(32)', (c) =>
      c.primaryKey().references('logger_client.client_id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('logger_binding_code').execute();
}
