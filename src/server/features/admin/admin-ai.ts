/**
 * The console's AI questions (issue 24): the questions that named no known fish or got no facts (`ai_question`,
 * migration 0025's partial index), each with the fish it would name if asked now, and the fish aliases that teach
 * the chat a player's name for a fish. Adding and removing an alias are audited and reversible.
 */
import type { Kysely } from 'kysely';
import {
  type AdminAiQuestionPage,
  AdminErrorCode,
  type AiQuestionKind,
  type FishAliasBody,
  type FishAlias,
} from '#shared/contracts/admin';
import { wireTime } from '#shared/contracts/catches';
import { foldName, nameKeys } from '#shared/game/name-match';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { RequestValidationError } from '../../http/validation-errors';
import type { Operator } from './admin-audit.repository';
import { type AuditLog, revertConflict } from './audit-log';
import { aliasTaken, type FishAliases } from './fish-aliases';

/** What the console needs of the AI chat (features/ai), handed in by the composition root. */
export interface AdminAiChat {
  /** The fish a question names now (catalogue names and aliases), or null. */
  fishOf(question: string): Promise<number | null>;
}

/** The catalogue's fish, for the names an alias may not take. */
export interface AliasCatalogue {
  view(): Promise<{
    readonly fish: ReadonlyMap<
      number,
      { name: string; name_en: string | null; name_ja: string | null; name_pinyin?: string | null }
    >;
  }>;
}

export class AdminAi {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      audit: AuditLog;
      aliases: FishAliases;
      chat: AdminAiChat;
      catalogue: AliasCatalogue;
      clock?: () => number;
    },
  ) {
    const { audit, aliases } = deps;
    audit.onRevert('alias.add', async (trx, entry) => {
      const added = entry.after as FishAlias;
      const current = await aliases.find(trx, added.id);
      if (!current || current.alias !== added.alias || current.fish_id !== added.fish_id)
        throw revertConflict('the alias is gone');
      await aliases.remove(trx, added.id);
      return { before: current, after: null, afterCommit: () => aliases.changed() };
    });
    audit.onRevert('alias.remove', async (trx, entry) => {
      const removed = entry.before as FishAlias;
      const restored = await aliases.add(
        trx,
        { id: removed.id, fish_id: removed.fish_id, alias: removed.alias, created_by: removed.created_by },
        Date.parse(removed.created_at),
      );
      return { before: null, after: restored, afterCommit: () => aliases.changed() };
    });
  }

  private now(): number {
    return (this.deps.clock ?? Date.now)();
  }

  /** The questions of a kind, newest first, each with the fish it would name now. */
  async questions(query: { kind: AiQuestionKind; page: number; page_size: number }): Promise<AdminAiQuestionPage> {
    let where = this.deps.db.selectFrom('ai_question');
    // `fish_id is null or fact_count = 0` is the partial index's own condition: the "unanswered" list reads it alone.
    if (query.kind === 'unanswered')
      where = where.where((eb) => eb.or([eb('fish_id', 'is', null), eb('fact_count', '=', 0)]));
    else if (query.kind === 'no_fish') where = where.where('fish_id', 'is', null);
    else where = where.where('fish_id', 'is not', null).where('fact_count', '=', 0);
    const [rows, count] = await Promise.all([
      where
        .select(['id', 'question', 'answer', 'language', 'fish_id', 'fact_count', 'user_id', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
      where.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const items = await Promise.all(
      rows.map(async (row) => ({
        id: Number(row.id),
        question: row.question,
        answer: row.answer,
        language: row.language,
        fish_id: row.fish_id,
        fact_count: row.fact_count === null ? null : Number(row.fact_count),
        asked_by: row.user_id === null ? ('visitor' as const) : ('user' as const),
        created_at: wireTime(Number(row.created_at)),
        fish_now: await this.deps.chat.fishOf(row.question),
      })),
    );
    return { items, total: Number(count.total), page: query.page, page_size: query.page_size };
  }

  aliases(fishId?: number): Promise<FishAlias[]> {
    return this.deps.aliases.list(fishId);
  }

  /** Adds an alias to a catalogue fish: 422 for an unknown fish, 409 for a name some fish already has. */
  async addAlias(operator: Operator, body: FishAliasBody & { alias: string }) {
    const view = await this.deps.catalogue.view();
    if (!view.fish.has(body.fish_id))
      throw new RequestValidationError([
        {
          type: 'value_error',
          loc: ['body', 'fish_id'],
          msg: `Value error, no fish has the id ${body.fish_id}`,
          input: body.fish_id,
        },
      ]);
    const key = foldName(body.alias);
    for (const [id, fish] of view.fish)
      if (nameKeys(fish).names.some((name) => name.key === key))
        throw aliasTaken(id === body.fish_id ? 'already a name of this fish' : `the name of fish ${id}`);
    const { result, auditId } = await this.deps.audit.change(operator, async (trx) => {
      const alias = await this.deps.aliases.add(
        trx,
        { fish_id: body.fish_id, alias: body.alias, created_by: operator.email },
        this.now(),
      );
      return {
        result: alias,
        audit: {
          action: 'alias.add',
          target_type: 'alias',
          target_id: String(alias.id),
          reason: body.reason ?? null,
          before: null,
          after: alias,
        },
      };
    });
    this.deps.aliases.changed();
    return { alias: result, audit_id: auditId };
  }

  async removeAlias(operator: Operator, id: number, reason?: string) {
    const { result, auditId } = await this.deps.audit.change(operator, async (trx) => {
      const alias = await this.deps.aliases.find(trx, id);
      if (!alias || !(await this.deps.aliases.remove(trx, id)))
        throw new DomainError('not-found', AdminErrorCode.ALIAS_NOT_FOUND);
      return {
        result: alias,
        audit: {
          action: 'alias.remove',
          target_type: 'alias',
          target_id: String(id),
          reason: reason ?? null,
          before: alias,
          after: null,
        },
      };
    });
    this.deps.aliases.changed();
    return { alias: result, audit_id: auditId };
  }
}
