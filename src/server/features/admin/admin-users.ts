/**
 * The console's users (issue 24): search, one user with their orders, and the changes — deactivate (tokens revoked),
 * reactivate, mark verified, grant VIP days (the VIP feature's rule, through `AdminVip`), refund an order through its
 * provider. Each change and its audit row commit together; the reversible ones register how to undo themselves.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AdminUser, AdminUserDetail, AdminUserPage, AdminUserQuery } from '#shared/contracts/admin';
import { AdminErrorCode } from '#shared/contracts/admin';
import type { Order } from '#shared/contracts/vip';
import { toUserRead, type User, UsersRepository } from '../../accounts/users.repository';
import { forUpdate } from '../../db/row-locks';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import type { Operator } from './admin-audit.repository';
import { type AuditLog, revertConflict } from './audit-log';
import { confirmPassword, type CurrentPasswordCheck } from './confirm-password';

/** What the console needs of the VIP feature (features/vip/vip.service.ts), handed in by the composition root. */
export interface AdminVip {
  grantDays(userId: string, days: number, trx: Kysely<Database>): Promise<ExpiryChange | null>;
  takeBackDays(
    userId: string,
    grant: ExpiryChange & { days: number },
    trx: Kysely<Database>,
  ): Promise<ExpiryChange | null>;
  ordersOf(userId: string, limit: number): Promise<{ orders: Order[]; autoRenew: boolean }>;
  refund(
    orderNo: string,
    within: (trx: Kysely<Database>, change: { before: Order; after: Order }) => Promise<void>,
  ): Promise<Order>;
}

interface ExpiryChange {
  before: string | null;
  after: string | null;
}

/** The orders shown with a user. */
const ORDERS_SHOWN = 100;

const notFound = () => new DomainError('not-found', AdminErrorCode.USER_NOT_FOUND);
const noChange = () => new DomainError('conflict', AdminErrorCode.NO_CHANGE);

export function toAdminUser(user: User): AdminUser {
  return { ...toUserRead(user), created_at: user.created_at, locale: user.locale };
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

type Flag = 'is_active' | 'is_verified';

export class AdminUsers {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      audit: AuditLog;
      vip: AdminVip;
      passwords: CurrentPasswordCheck;
    },
  ) {
    const { audit } = deps;
    audit.onRevert('user.deactivate', (trx, entry) => this.revertFlag(trx, entry.target_id, 'is_active', false));
    audit.onRevert('user.reactivate', (trx, entry) => this.revertFlag(trx, entry.target_id, 'is_active', true));
    audit.onRevert('user.verify', (trx, entry) => this.revertFlag(trx, entry.target_id, 'is_verified', true));
    audit.onRevert('vip.grant', async (trx, entry) => {
      const before = entry.before as { vip_expire_at: string | null } | null;
      const after = entry.after as { vip_expire_at: string | null; days: number } | null;
      if (!before || !after) throw revertConflict('the grant recorded no expiry');
      const change = await deps.vip.takeBackDays(
        entry.target_id,
        { before: before.vip_expire_at, after: after.vip_expire_at, days: after.days },
        trx,
      );
      if (!change) throw revertConflict('the user is gone');
      return { before: { vip_expire_at: change.before }, after: { vip_expire_at: change.after } };
    });
  }

  /** Users whose e-mail or nickname holds `q` (any case), or whose id or logger id is `q`; newest first. */
  async search(query: AdminUserQuery & { page: number; page_size: number }): Promise<AdminUserPage> {
    const { db } = this.deps;
    let where = db.selectFrom('users');
    const q = query.q?.trim();
    if (q) {
      const pattern = `%${likeLiteral(q.toLowerCase())}%`;
      where = where.where((eb) =>
        eb.or([
          eb('id', '=', q),
          eb('client_id', '=', q),
          sql<boolean>`email_lower like ${pattern} escape '\\'`,
          sql<boolean>`lower(nickname) like ${pattern} escape '\\'`,
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      where
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
      where.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map(({ email_lower: _lookup, ...row }) =>
        toAdminUser({
          ...row,
          is_active: Boolean(row.is_active),
          is_superuser: Boolean(row.is_superuser),
          is_verified: Boolean(row.is_verified),
          token_version: Number(row.token_version),
        }),
      ),
      total: Number(count.total),
      page: query.page,
      page_size: query.page_size,
    };
  }

  async detail(id: string): Promise<AdminUserDetail> {
    const user = await new UsersRepository(this.deps.db).findById(id);
    if (!user) throw notFound();
    const { orders, autoRenew } = await this.deps.vip.ordersOf(id, ORDERS_SHOWN);
    return { user: toAdminUser(user), orders, auto_renew: autoRenew };
  }

  /** Deactivates the account and revokes every token it holds (reactivating does not bring them back). */
  async deactivate(operator: User, id: string, password: string, reason: string | undefined, ip: string) {
    await confirmPassword(this.deps.passwords, operator, password, ip);
    if (id === operator.id) throw new DomainError('conflict', AdminErrorCode.SELF);
    return this.setFlag(operator, id, 'is_active', false, 'user.deactivate', reason);
  }

  reactivate(operator: Operator, id: string, reason: string | undefined) {
    return this.setFlag(operator, id, 'is_active', true, 'user.reactivate', reason);
  }

  verify(operator: Operator, id: string, reason: string | undefined) {
    return this.setFlag(operator, id, 'is_verified', true, 'user.verify', reason);
  }

  /** Adds `days` of VIP to the later of now and the user's expiry. */
  async grantVip(operator: Operator, id: string, days: number, reason: string) {
    const { result, auditId } = await this.deps.audit.change(operator, async (trx) => {
      const change = await this.deps.vip.grantDays(id, days, trx);
      if (!change) throw notFound();
      return {
        result: null,
        audit: {
          action: 'vip.grant',
          target_type: 'user',
          target_id: id,
          reason,
          before: { vip_expire_at: change.before },
          after: { vip_expire_at: change.after, days },
        },
      };
    });
    void result;
    return { user: await this.current(id), audit_id: auditId };
  }

  /** Refunds a paid order through its provider; the refund and its audit row commit together. */
  async refund(operator: User, orderNo: string, password: string, reason: string | undefined, ip: string) {
    await confirmPassword(this.deps.passwords, operator, password, ip);
    let auditId = 0;
    const order = await this.deps.vip.refund(orderNo, async (trx, { before, after }) => {
      auditId = await this.deps.audit.record(trx, operator, {
        action: 'order.refund',
        target_type: 'order',
        target_id: orderNo,
        reason: reason ?? null,
        before: { status: before.status, period_end: before.period_end, activation_key: before.activation_key },
        after: { status: after.status, period_end: after.period_end, activation_key: after.activation_key },
      });
    });
    return { order, audit_id: auditId };
  }

  private async current(id: string): Promise<AdminUser> {
    const user = await new UsersRepository(this.deps.db).findById(id);
    if (!user) throw notFound();
    return toAdminUser(user);
  }

  /** The user's flag, locked for the transaction (PostgreSQL); undefined when the user is gone. */
  private async flagOf(trx: Kysely<Database>, id: string, flag: Flag): Promise<boolean | undefined> {
    const row = await forUpdate(trx, trx.selectFrom('users').select(flag).where('id', '=', id)).executeTakeFirst();
    return row === undefined ? undefined : Boolean(row[flag]);
  }

  private async setFlag(
    operator: Operator,
    id: string,
    flag: Flag,
    value: boolean,
    action: 'user.deactivate' | 'user.reactivate' | 'user.verify',
    reason: string | undefined,
  ) {
    const { auditId } = await this.deps.audit.change(operator, async (trx) => {
      const current = await this.flagOf(trx, id, flag);
      if (current === undefined) throw notFound();
      if (current === value) throw noChange();
      // A deactivated account's tokens stop working at once (its token version moves past them).
      await new UsersRepository(trx).update(id, { [flag]: value }, { revokeTokens: flag === 'is_active' && !value });
      return {
        result: null,
        audit: {
          action,
          target_type: 'user',
          target_id: id,
          reason: reason ?? null,
          before: { [flag]: current },
          after: { [flag]: value },
        },
      };
    });
    return { user: await this.current(id), audit_id: auditId };
  }

  /** Undoes a flag change while the flag is still what the action set. */
  private async revertFlag(trx: Kysely<Database>, id: string, flag: Flag, set: boolean) {
    const current = await this.flagOf(trx, id, flag);
    if (current === undefined) throw revertConflict('the user is gone');
    if (current !== set) throw revertConflict(`${flag} was changed since`);
    await new UsersRepository(trx).update(id, { [flag]: !set }, { revokeTokens: flag === 'is_active' && set });
    return { before: { [flag]: set }, after: { [flag]: !set } };
  }
}
