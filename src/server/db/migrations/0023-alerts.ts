import { type Kysely, PostgresAdapter } from 'kysely';

// Alerts, a VIP benefit (issue 25, decision 0036). Times are epoch milliseconds (decision 0009); `map_key` 0 stands
// for "all maps" (catalogue ids are positive), so one unique index holds a member's follow of a fish on all maps as
// well as on each map (a nullable column would let PostgreSQL store the same all-maps follow twice).
//
// - `alert_follow`: a member's followed fish, at most one per (member, fish, map).
// - `alert_member`: a member's alert settings (e-mails turned off by an unsubscribe link or the page).
// - `alert`: what a member was told, at most one per (member, fish, UTC day) — the database, not the job, holds the
//   once-a-day rule, so two job runners or a restart cannot tell anyone twice — with its e-mail's state.
// - `alert_scope`, `alert_trophy_count`, `alert_seen_changes`: the job's memory, so a restart neither repeats nor
//   misses a change: the last top three of each followed (fish, map), the trophy catches counted per (fish, map, UTC
//   day of the catch) for yesterday and today, and each map's catch change counter (`heat_map_version.changes`) as
//   last read.
// The member's rows go with the account (foreign keys, on delete cascade).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idColumn = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
    table.addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey(),
    );

  await idColumn(db.schema.createTable('alert_follow'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fish_id', 'integer', (c) => c.notNull())
    .addColumn('map_key', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alert_follow_user_fish_map', ['user_id', 'fish_id', 'map_key'])
    .execute();
  // The job: who follows a (fish, map).
  await db.schema.createIndex('alert_follow_fish_map').on('alert_follow').columns(['fish_id', 'map_key']).execute();

  await db.schema
    .createTable('alert_member')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // When alert e-mails were turned off; null: they are on.
    .addColumn('emails_off_at', 'bigint')
    .execute();

  await idColumn(db.schema.createTable('alert'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fish_id', 'integer', (c) => c.notNull())
    // The UTC day (epoch ms / 86,400,000) the alert was raised on.
    .addColumn('day', 'integer', (c) => c.notNull())
    // top_bait | trophy
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('map_key', 'integer', (c) => c.notNull())
    // JSON: the baits that entered and the new top three, or the trophy catch.
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    // pending | sending | sent | skipped | failed
    .addColumn('mail_state', 'varchar(16)', (c) => c.notNull())
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the mail was claimed for sending, then sent.
    .addColumn('mail_at', 'bigint')
    .addUniqueConstraint('alert_user_fish_day', ['user_id', 'fish_id', 'day'])
    .execute();
  // A member's alerts, newest first (the list, the bell's count).
  await db.schema.createIndex('alert_user_created').on('alert').columns(['user_id', 'created_at desc']).execute();
  // The mails still to send after a restart.
  await db.schema.createIndex('alert_mail_state').on('alert').columns(['mail_state', 'created_at']).execute();

  await db.schema
    .createTable('alert_scope')
    .addColumn('fish_id', 'integer', (c) => c.notNull())
    .addColumn('map_key', 'integer', (c) => c.notNull())
    // The top three bait ids as last seen, comma-separated, first first ('' when the fish had none).
    .addColumn('top_bait_ids', 'varchar(64)', (c) => c.notNull())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_scope_pk', ['fish_id', 'map_key'])
    .execute();

  await db.schema
    .createTable('alert_trophy_count')
    .addColumn('fish_id', 'integer', (c) => c.notNull())
    .addColumn('map_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_trophy_count_pk', ['fish_id', 'map_id', 'day'])
    .execute();

  await db.schema
    .createTable('alert_seen_changes')
    .addColumn('map_id', 'integer', (c) => c.primaryKey())
    .addColumn('changes', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alert_seen_changes', 'alert_trophy_count', 'alert_scope', 'alert', 'alert_member'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropTable('alert_follow').execute();
}
