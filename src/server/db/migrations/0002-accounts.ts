import type { Kysely } from 'kysely';

// Accounts (docs/account-api.md), logger clients and revoked access tokens. `users`, not `user`: USER is reserved
// in PostgreSQL. Times are ISO-8601 UTC text on both dialects, like the rest of the schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('logger_client')
    .addColumn('client_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('player_name', 'varchar(64)')
    .addColumn('version', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    // Lookups and uniqueness ignore case (docs/account-api.md §1.6); a unique index here also closes the race between
    // two registrations of the same address that the application-level check alone would let through.
    .addColumn('email_lower', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('hashed_password', 'varchar(1024)', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_superuser', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(200)')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    // A logger is bound to at most one account: the unique index is the rule.
    .addColumn('client_id', 'varchar(32)', (c) => c.unique().references('logger_client.client_id').onDelete('set null'))
    .addColumn('vip_expire_at', 'varchar(32)')
    .addColumn('locale', 'varchar(5)', (c) => c.notNull().defaultTo('zh'))
    // Bumped by every password change: access tokens carry the version they were issued under.
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revoked_token')
    .addColumn('jti', 'varchar(36)', (c) => c.primaryKey())
    // Unix seconds: the row is useless once the token has expired, and is pruned then.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_token_expires').on('revoked_token').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_token').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('logger_client').execute();
}
