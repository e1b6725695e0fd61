/**
 * The audit log (issue 24, decision 0040): the one way the console changes anything. `change` runs an action's work
 * in a transaction and writes its audit row in that same transaction, so a change without its row (or a row without
 * its change) cannot be committed. `revert` undoes a reversible action through the reverter its area registered,
 * again with its own row (action `audit.revert`, `reverts_id` the row undone) in the same transaction; the unique
 * `reverts_id` makes a second revert of one row fail even when two run at once.
 */
import type { Kysely } from 'kysely';
import {
  ADMIN_ACTIONS,
  type AdminAction,
  AdminErrorCode,
  type AuditEntry,
  type AuditQuery,
} from '#shared/contracts/admin';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { AdminAuditRepository, type AuditDraft, type Operator } from './admin-audit.repository';

/** What an area's work answers: its result and the row that records it. */
export interface Audited<T> {
  result: T;
  audit: AuditDraft;
}

/**
 * Undoes one action in the caller's transaction: the target's state before and after the revert. Throws
 * `ADMIN_REVERT_CONFLICT` when the target is no longer as the action left it (or is gone).
 */
export type Reverter = (
  trx: Kysely<Database>,
  entry: AuditEntry,
) => Promise<{ before: object | null; after: object | null; afterCommit?: () => void }>;

export const revertConflict = (reason: string) =>
  new DomainError('conflict', AdminErrorCode.REVERT_CONFLICT, { reason });

export class AuditLog {
  private readonly reverters = new Map<AdminAction, Reverter>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** An area says how to undo one of its reversible actions. */
  onRevert(action: AdminAction, reverter: Reverter): void {
    this.reverters.set(action, reverter);
  }

  /** Writes an action's row in the caller's transaction: its id. */
  async record(trx: Kysely<Database>, operator: Operator, draft: AuditDraft): Promise<number> {
    return new AdminAuditRepository(trx).insert({
      at: this.clock(),
      operator_id: operator.id,
      operator_email: operator.email,
      action: draft.action,
      target_type: draft.target_type,
      target_id: draft.target_id,
      reason: draft.reason || null,
      before: draft.before ? JSON.stringify(draft.before) : null,
      after: draft.after ? JSON.stringify(draft.after) : null,
      reversible: ADMIN_ACTIONS[draft.action].reversible,
      reverts_id: draft.reverts_id ?? null,
    });
  }

  /** Runs `work` and writes its row, in one transaction: the result and the row's id. */
  async change<T>(
    operator: Operator,
    work: (trx: Kysely<Database>) => Promise<Audited<T>>,
  ): Promise<{ result: T; auditId: number }> {
    return this.db.transaction().execute(async (trx) => {
      const { result, audit } = await work(trx);
      return { result, auditId: await this.record(trx, operator, audit) };
    });
  }

  list(query: AuditQuery & { page: number; page_size: number }) {
    return new AdminAuditRepository(this.db).list(query);
  }

  async find(id: number): Promise<AuditEntry> {
    const entry = await new AdminAuditRepository(this.db).find(id);
    if (!entry) throw new DomainError('not-found', AdminErrorCode.AUDIT_NOT_FOUND);
    return entry;
  }

  /** Undoes row `id`: the revert's row and the row undone (now naming its revert). */
  async revert(operator: Operator, id: number, reason?: string): Promise<{ revert: AuditEntry; reverted: AuditEntry }> {
    try {
      let afterCommit: (() => void) | undefined;
      const revertId = await this.db.transaction().execute(async (trx) => {
        const entry = await new AdminAuditRepository(trx).find(id, { lock: true });
        if (!entry) throw new DomainError('not-found', AdminErrorCode.AUDIT_NOT_FOUND);
        if (!entry.reversible) throw new DomainError('conflict', AdminErrorCode.NOT_REVERSIBLE);
        if (entry.reverted_by !== null) throw new DomainError('conflict', AdminErrorCode.ALREADY_REVERTED);
        const reverter = this.reverters.get(entry.action);
        if (!reverter) throw new DomainError('conflict', AdminErrorCode.NOT_REVERSIBLE);
        const reverted = await reverter(trx, entry);
        afterCommit = reverted.afterCommit;
        const { before, after } = reverted;
        return this.record(trx, operator, {
          action: 'audit.revert',
          target_type: entry.target_type,
          target_id: entry.target_id,
          reason: reason ?? null,
          before,
          after,
          reverts_id: entry.id,
        });
      });
      afterCommit?.();
      const repository = new AdminAuditRepository(this.db);
      return { revert: (await repository.find(revertId))!, reverted: (await repository.find(id))! };
    } catch (error) {
      // Another revert of the same row committed first (PostgreSQL; SQLite's transactions do not overlap).
      if (isUniqueViolation(error)) throw new DomainError('conflict', AdminErrorCode.ALREADY_REVERTED);
      throw error;
    }
  }
}
