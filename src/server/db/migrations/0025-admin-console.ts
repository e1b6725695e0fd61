import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The moderation console (issue 24, decision 0040). Times are epoch milliseconds (decision 0009).
//
// - `admin_audit`: every operator action, append-only. Who (the operator's id and e-mail as they were: no foreign
//   key, so the row outlives the account), what (`action`), on what (`target_type`, `target_id`), why (`reason`),
//   the target before and after (JSON text), and, for a revert, the row it reverts. Triggers refuse every UPDATE and
//   DELETE on both dialects, so not even a bug in our code can rewrite history. `reverts_id` is unique: a row is
//   reverted at most once, which the database holds even when two operators press "revert" at the same moment.
// - `fish_alias`: names a fish is also known by (a player's nickname for it), added from the console's unanswered AI
//   questions; the AI chat's name matching reads them beside the catalogue's names. `alias_key` is the name folded
//   as the name matcher folds it (#shared/game/name-match `foldName`), unique: one alias names one fish.
// - `ai_question.fact_count`: how many facts the answer carried, so the console can list the questions that got no
//   facts. Null for the questions answered before this migration (only "no fish" can be told of those).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = postgres ? 'bigint' : 'integer';

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', id, (c) => (postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('operator_email', 'varchar(320)', (c) => c.notNull())
    // user.deactivate | user.reactivate | user.verify | vip.grant | order.refund | record.import | record.correct |
    // record.delete | alias.add | alias.remove | audit.revert (#shared/admin-rules ADMIN_ACTIONS)
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    // user | order | record | records-file | alias (a revert names the target of the row it undid)
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reversible', 'boolean', (c) => c.notNull())
    .addColumn('reverts_id', id, (c) => c.unique())
    .execute();
  // The log's filters, each newest first: by operator, by action, by target.
  await db.schema.createIndex('admin_audit_operator').on('admin_audit').columns(['operator_id', 'id']).execute();
  await db.schema.createIndex('admin_audit_action').on('admin_audit').columns(['action', 'id']).execute();
  await db.schema
    .createIndex('admin_audit_target')
    .on('admin_audit')
    .columns(['target_type', 'target_id', 'id'])
    .execute();

  if (postgres) {
    await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'admin_audit is append-only'; end $$`.execute(db);
    await sql`create trigger admin_audit_no_change before update or delete on admin_audit
      for each row execute function admin_audit_append_only()`.execute(db);
    await sql`create trigger admin_audit_no_truncate before truncate on admin_audit
      for each statement execute function admin_audit_append_only()`.execute(db);
  } else {
    for (const change of ['update', 'delete'])
      await sql
        .raw(
          `create trigger admin_audit_no_${change} before ${change} on admin_audit ` +
            `begin select raise(abort, 'admin_audit is append-only'); end`,
        )
        .execute(db);
  }

  await db.schema
    .createTable('fish_alias')
    .addColumn('id', id, (c) => (postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
    .addColumn('fish_id', 'integer', (c) => c.notNull())
    .addColumn('alias', 'varchar(64)', (c) => c.notNull())
    .addColumn('alias_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(320)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('ai_question').addColumn('fact_count', 'integer').execute();
  // The console's list of questions that named no fish or got no facts, newest first: a partial index holds only
  // those (most questions are answered), on both dialects.
  await sql
    .raw('create index ai_question_unanswered on ai_question (created_at) where fish_id is null or fact_count = 0')
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop index if exists ai_question_unanswered`.execute(db);
  await db.schema.alterTable('ai_question').dropColumn('fact_count').execute();
  await db.schema.dropTable('fish_alias').execute();
  await db.schema.dropTable('admin_audit').execute();
  if (postgres) await sql`drop function if exists admin_audit_append_only()`.execute(db);
}
