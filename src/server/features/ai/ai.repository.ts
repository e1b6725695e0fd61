/** The `ai_question` table (migration 0009): every question answered, and a user's own newest ones. */
import type { Insertable, Kysely } from 'kysely';
import { type AiEngine, type AiHistoryItem } from '#shared/contracts/ai';
import { wireTime } from '#shared/contracts/catches';
import type { AiQuestionTable, Database } from '../../db/schema';

export class AiRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(row: Insertable<AiQuestionTable>): Promise<void> {
    await this.db.insertInto('ai_question').values(row).execute();
  }

  /** The user's newest questions first (index `ai_question_user_created`). */
  async historyOf(userId: string, limit: number): Promise<AiHistoryItem[]> {
    const rows = await this.db
      .selectFrom('ai_question')
      .select(['id', 'question', 'answer', 'engine', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      question: row.question,
      answer: row.answer,
      engine: row.engine as AiEngine,
      created_at: wireTime(Number(row.created_at)),
    }));
  }
}
