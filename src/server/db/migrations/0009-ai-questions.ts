import { type Kysely, PostgresAdapter } from 'kysely';

// The AI chat's questions (issue 11, docs/design.md §3 `ai_question`): who asked (a user id, or for a visitor a keyed
// hash of the address, never the address itself), the question, the answer sent, which engine wrote it and how long it
// took, for an operator to review and for a user's own history. Times are epoch milliseconds (decision 0009). The quota
// itself is counted in the rate-limit counters (memory or Redis), not here: a count over this table could not be
// atomic across instances.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('ai_question')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey(),
    )
    .addColumn('user_id', 'varchar(36)')
    .addColumn('ip_hash', 'varchar(64)')
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    // builtin | openai
    .addColumn('engine', 'varchar(16)', (c) => c.notNull())
    // Why the model's answer was not used: timeout | error | invented_number; null otherwise.
    .addColumn('fallback', 'varchar(32)')
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('fish_id', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A user's history: their newest questions.
  await db.schema
    .createIndex('ai_question_user_created')
    .on('ai_question')
    .columns(['user_id', 'created_at desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_question').execute();
}
