/**
 * The `admin_audit` table (migration 0025): rows are inserted, never changed (the database's triggers refuse UPDATE
 * and DELETE), and read newest first with the console's filters. Built on a transaction (`new
 * AdminAuditRepository(trx)`) to write a row with the change it records.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AdminAction, AdminTargetType, AuditEntry, AuditPage, AuditQuery } from '#shared/contracts/admin';
import { wireTime } from '#shared/contracts/catches';
import { forUpdate } from '../../db/row-locks';
import type { AdminAuditTable, Database } from '../../db/schema';

type AuditRow = Selectable<AdminAuditTable>;
type ListQuery = AuditQuery & { page: number; page_size: number };

/** A row to write: what an action did. `before` / `after` are the target's states, stored as JSON. */
export interface AuditDraft {
  action: AdminAction;
  target_type: AdminTargetType;
  target_id: string;
  reason?: string | null | undefined;
  before?: object | null;
  after?: object | null;
  /** A revert: the row it undoes. */
  reverts_id?: number;
}

export interface Operator {
  id: string;
  email: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const parsed = (text: string | null): Record<string, unknown> | null => (text === null ? null : JSON.parse(text));

export function toAuditEntry(row: AuditRow & { reverted_by: number | null }): AuditEntry {
  return {
    id: Number(row.id),
    at: wireTime(Number(row.at)),
    operator_id: row.operator_id,
    operator_email: row.operator_email,
    action: row.action as AdminAction,
    target_type: row.target_type as AdminTargetType,
    target_id: row.target_id,
    reason: row.reason,
    before: parsed(row.before),
    after: parsed(row.after),
    reversible: Boolean(row.reversible),
    reverted_by: row.reverted_by === null ? null : Number(row.reverted_by),
    reverts: row.reverts_id === null ? null : Number(row.reverts_id),
  };
}

export class AdminAuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Appends a row: its id. */
  async insert(row: Omit<AuditRow, 'id'>): Promise<number> {
    const { id } = await this.db.insertInto('admin_audit').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  private entries() {
    return this.db
      .selectFrom('admin_audit as a')
      .leftJoin('admin_audit as r', 'r.reverts_id', 'a.id')
      .selectAll('a')
      .select('r.id as reverted_by');
  }

  /** One row with the revert that undid it, if any; locked for the caller's transaction on PostgreSQL. */
  async find(id: number, { lock = false } = {}): Promise<AuditEntry | null> {
    if (lock) await forUpdate(this.db, this.db.selectFrom('admin_audit').select('id').where('id', '=', id)).execute();
    const row = await this.entries().where('a.id', '=', id).executeTakeFirst();
    return row ? toAuditEntry(row) : null;
  }

  async list(query: ListQuery): Promise<AuditPage> {
    let where = this.db.selectFrom('admin_audit as a');
    if (query.operator)
      where = UUID.test(query.operator)
        ? where.where('a.operator_id', '=', query.operator.toLowerCase())
        : where.where((eb) => eb(eb.fn('lower', ['a.operator_email']), '=', query.operator!.toLowerCase()));
    if (query.action) where = where.where('a.action', '=', query.action);
    if (query.target_type) where = where.where('a.target_type', '=', query.target_type);
    if (query.target_id) where = where.where('a.target_id', '=', query.target_id);
    if (query.from) where = where.where('a.at', '>=', Date.parse(query.from));
    if (query.to) where = where.where('a.at', '<', Date.parse(query.to));

    const [rows, count] = await Promise.all([
      where
        .leftJoin('admin_audit as r', 'r.reverts_id', 'a.id')
        .selectAll('a')
        .select('r.id as reverted_by')
        .orderBy('a.id', 'desc')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
      where.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map(toAuditEntry),
      total: Number(count.total),
      page: query.page,
      page_size: query.page_size,
    };
  }
}
