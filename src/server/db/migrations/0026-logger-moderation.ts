import { type Kysely, sql } from 'kysely';

// The moderation console's loggers (issue 24, decision 0041). Times are epoch milliseconds (decision 0009).
//
// - `catch_refusal`: the catches refused at ingestion, counted per UTC hour (`hour`, the hour's first millisecond),
//   logger and reason (`rate`: beyond the logger's plausibility limit; else the field the item's first error names,
//   or `item`). Written by the catch writer once per group of batches with refusals, as one upsert
//   (catch-store/refusal-log.ts); read by the console's overview (the last 24 hours, by reason: the primary key's
//   leading `hour`) and its loggers list (a page of loggers' totals: the `client_id` index).
// - `logger_client.blocked_at`: since when an operator blocked the logger; its uploads answer 403 while it is set.
//   Read with the token in the one statement every upload already runs (logger-clients.repository.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catch_refusal')
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('catch_refusal_pkey', ['hour', 'client_id', 'reason'])
    .execute();
  await db.schema.createIndex('catch_refusal_client').on('catch_refusal').columns(['client_id', 'count']).execute();
  await db.schema.alterTable('logger_client').addColumn('blocked_at', 'bigint').execute();
  // The console's "flagged" and "blocked" filters read only the few such loggers.
  await sql`create index logger_client_flagged on logger_client (flagged_at) where flagged_at is not null`.execute(db);
  await sql`create index logger_client_blocked on logger_client (blocked_at) where blocked_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists logger_client_blocked`.execute(db);
  await sql`drop index if exists logger_client_flagged`.execute(db);
  await db.schema.alterTable('logger_client').dropColumn('blocked_at').execute();
  await db.schema.dropTable('catch_refusal').execute();
}
