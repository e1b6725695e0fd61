/**
 * The console's loggers (issue 24, decision 0041): search, and the changes — flag for review and clear, block uploads
 * and unblock, revoke the token, hide a time range of its catches and restore it. Catches are changed through the
 * catch store's operator API (`CatchModeration`, in the audit row's transaction, with its exact rollup recount); the
 * logger's own row here. Each change and its audit row commit together; all but the revoke can be reverted.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { HIDDEN_OFFSET, TRUST_CODE } from '#shared/catch-trust';
import type { AdminLogger, AdminLoggerPage, AdminLoggerQuery, AuditEntry } from '#shared/contracts/admin';
import { AdminErrorCode } from '#shared/contracts/admin';
import { wireTime } from '#shared/contracts/catches';
import type { CatchModeration } from '../../catch-store/catch-store';
import { forUpdate } from '../../db/row-locks';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import type { Operator } from './admin-audit.repository';
import { type AuditLog, revertConflict } from './audit-log';
import { confirmPassword, type CurrentPasswordCheck } from './confirm-password';
import type { User } from '../../accounts/users.repository';

const notFound = () => new DomainError('not-found', AdminErrorCode.LOGGER_NOT_FOUND);
const noChange = () => new DomainError('conflict', AdminErrorCode.NO_CHANGE);

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const epoch = (value: number | string | null) => (value === null ? null : Number(value));
const timeOf = (value: number | string | null) => (value === null ? null : wireTime(Number(value)));

/** The review and block columns an action changes and its revert puts back. */
interface ReviewState {
  flagged_at: number | null;
  flag_reason: string | null;
  blocked_at: number | null;
}

type Range = { from: string; to: string };

/** The columns a listed logger is read with (the logger and its bound user's). */
const LISTED = [
  'l.client_id',
  'l.player_name',
  'l.created_at',
  'l.last_seen_at',
  'l.active_since',
  'l.flagged_at',
  'l.flag_reason',
  'l.blocked_at',
  'u.id as user_id',
  'u.nickname',
  'u.email',
] as const;

interface ListedRow {
  client_id: string;
  player_name: string | null;
  created_at: string;
  last_seen_at: string | null;
  active_since: number | string | null;
  flagged_at: number | string | null;
  flag_reason: string | null;
  blocked_at: number | string | null;
  user_id: string | null;
  nickname: string | null;
  email: string | null;
}

export class AdminLoggers {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      audit: AuditLog;
      moderation: CatchModeration;
      passwords: CurrentPasswordCheck;
      /** The loggers feature's revoke (a token hash nobody holds), in the caller's transaction: handed in by services.ts. */
      revokeToken: (trx: Kysely<Database>, loggerId: string) => Promise<void>;
      /** LOGGER_PROBATION_HOURS in ms: when a logger's probation ends. */
      probationMs: number;
      clock?: () => number;
    },
  ) {
    const { audit } = deps;
    audit.onRevert('logger.flag', (trx, entry) => this.revertState(trx, entry, ['flagged_at', 'flag_reason']));
    audit.onRevert('logger.clear', (trx, entry) => this.revertState(trx, entry, ['flagged_at', 'flag_reason']));
    audit.onRevert('logger.block', (trx, entry) => this.revertState(trx, entry, ['blocked_at']));
    audit.onRevert('logger.unblock', (trx, entry) => this.revertState(trx, entry, ['blocked_at']));
    audit.onRevert('logger.hide', (trx, entry) => this.revertRange(trx, entry, 'restore'));
    audit.onRevert('logger.restore', (trx, entry) => this.revertRange(trx, entry, 'hide'));
  }

  private now(): number {
    return (this.deps.clock ?? Date.now)();
  }

  /**
   * Loggers whose id is `q`, or whose player name or bound user's nickname holds it (any case); most recently seen
   * first. Three statements a page, whatever its size: the loggers, their catch counts, their refusals.
   */
  async search(query: AdminLoggerQuery & { page: number; page_size: number }): Promise<AdminLoggerPage> {
    let where = this.joined();
    const q = query.q?.trim();
    if (q) {
      const pattern = `%${likeLiteral(q.toLowerCase())}%`;
      where = where.where((eb) =>
        eb.or([
          eb('l.client_id', '=', q),
          sql<boolean>`lower(l.player_name) like ${pattern} escape '\\'`,
          sql<boolean>`lower(u.nickname) like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (query.state === 'flagged') where = where.where('l.flagged_at', 'is not', null);
    if (query.state === 'blocked') where = where.where('l.blocked_at', 'is not', null);
    const [rows, count] = await Promise.all([
      where
        .select(LISTED)
        // Never seen last, on both dialects (PostgreSQL sorts nulls first when descending).
        .orderBy(sql`case when l.last_seen_at is null then 1 else 0 end`)
        .orderBy('l.last_seen_at', 'desc')
        .orderBy('l.created_at', 'desc')
        .orderBy('l.client_id')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
      where.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: await this.withCounts(rows),
      total: Number(count.total),
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** One logger as the list shows it. */
  async one(id: string): Promise<AdminLogger> {
    const rows = await this.joined().select(LISTED).where('l.client_id', '=', id).execute();
    const [logger] = await this.withCounts(rows);
    if (!logger) throw notFound();
    return logger;
  }

  private joined() {
    return this.deps.db.selectFrom('logger_client as l').leftJoin('users as u', 'u.client_id', 'l.client_id');
  }

  private async withCounts(rows: ListedRow[]): Promise<AdminLogger[]> {
    const counts = await this.countsOf(rows.map((row) => row.client_id));
    return rows.map((row) =>
      this.toAdminLogger(
        row,
        row.user_id === null ? null : { id: row.user_id, nickname: row.nickname!, email: row.email! },
        counts.get(row.client_id),
      ),
    );
  }

  flag(operator: Operator, id: string, reason: string) {
    return this.setState(operator, id, 'logger.flag', reason, (state) =>
      state.flagged_at !== null ? null : { flagged_at: this.now(), flag_reason: reason },
    );
  }

  clear(operator: Operator, id: string, reason: string | undefined) {
    return this.setState(operator, id, 'logger.clear', reason, (state) =>
      state.flagged_at === null ? null : { flagged_at: null, flag_reason: null },
    );
  }

  async block(operator: User, id: string, password: string, reason: string | undefined, ip: string) {
    await confirmPassword(this.deps.passwords, operator, password, ip);
    return this.setState(operator, id, 'logger.block', reason, (state) =>
      state.blocked_at !== null ? null : { blocked_at: this.now() },
    );
  }

  unblock(operator: Operator, id: string, reason: string | undefined) {
    return this.setState(operator, id, 'logger.unblock', reason, (state) =>
      state.blocked_at === null ? null : { blocked_at: null },
    );
  }

  /** A new token nobody holds: the logger must register again (and its player bind the new one). Not reversible. */
  async revoke(operator: User, id: string, password: string, reason: string | undefined, ip: string) {
    await confirmPassword(this.deps.passwords, operator, password, ip);
    const { auditId } = await this.deps.audit.change(operator, async (trx) => {
      if (!(await this.stateOf(trx, id))) throw notFound();
      await this.deps.revokeToken(trx, id);
      return {
        result: null,
        audit: {
          action: 'logger.revoke',
          target_type: 'logger',
          target_id: id,
          reason: reason ?? null,
          before: { token: 'valid' },
          after: { token: 'revoked' },
        },
      };
    });
    return { logger: await this.one(id), audit_id: auditId };
  }

  /** Hides the logger's shown catches caught in `[from, to)` (the rollups recounted exactly, in the same commit). */
  async hide(operator: User, id: string, range: Range & { current_password: string; reason?: string }, ip: string) {
    await confirmPassword(this.deps.passwords, operator, range.current_password, ip);
    return this.changeRange(operator, id, range, 'hide');
  }

  /** Shows again the logger's hidden catches caught in `[from, to)`. */
  restore(operator: Operator, id: string, range: Range & { reason?: string }) {
    return this.changeRange(operator, id, range, 'restore');
  }

  private async changeRange(
    operator: Operator,
    id: string,
    range: Range & { reason?: string },
    how: 'hide' | 'restore',
  ) {
    const selection = { loggerId: id, from: Date.parse(range.from), to: Date.parse(range.to) };
    const { result: changed, auditId } = await this.deps.audit.change(operator, async (trx) => {
      // The moderation's update first: on SQLite it takes the write lock before anything is read.
      const { moderation } = this.deps;
      const done =
        how === 'hide'
          ? (await moderation.hideCatchesIn(trx as Transaction<Database>, selection)).length
          : (await moderation.restoreCatchesIn(trx as Transaction<Database>, selection)).length;
      if (done === 0) {
        if (!(await this.stateOf(trx, id))) throw notFound();
        throw noChange();
      }
      const span = { from: wireTime(selection.from), to: wireTime(selection.to) };
      return {
        result: done,
        audit: {
          action: how === 'hide' ? 'logger.hide' : 'logger.restore',
          target_type: 'logger',
          target_id: id,
          reason: range.reason ?? null,
          before: { ...span, [how === 'hide' ? 'hidden' : 'restored']: 0 },
          after: { ...span, [how === 'hide' ? 'hidden' : 'restored']: done },
        },
      };
    });
    return { logger: await this.one(id), changed, audit_id: auditId };
  }

  /** The logger's review and block state, locked for the transaction (PostgreSQL); undefined when it is gone. */
  private async stateOf(trx: Kysely<Database>, id: string): Promise<ReviewState | undefined> {
    const row = await forUpdate(
      trx,
      trx.selectFrom('logger_client').select(['flagged_at', 'flag_reason', 'blocked_at']).where('client_id', '=', id),
    ).executeTakeFirst();
    if (!row) return undefined;
    return { flagged_at: epoch(row.flagged_at), flag_reason: row.flag_reason, blocked_at: epoch(row.blocked_at) };
  }

  /** Sets what `next` answers for the current state (null: it is that already, 409 `ADMIN_NO_CHANGE`). */
  private async setState(
    operator: Operator,
    id: string,
    action: 'logger.flag' | 'logger.clear' | 'logger.block' | 'logger.unblock',
    reason: string | undefined,
    next: (state: ReviewState) => Partial<ReviewState> | null,
  ) {
    const { auditId } = await this.deps.audit.change(operator, async (trx) => {
      const state = await this.stateOf(trx, id);
      if (!state) throw notFound();
      const change = next(state);
      if (!change) throw noChange();
      if ('flagged_at' in change) {
        // Through the catch store's operator API: the flag decides how the logger's next catches are stored.
        if (change.flagged_at === null) await this.deps.moderation.clearLogger(id, trx);
        else await this.deps.moderation.flagLogger(id, change.flag_reason ?? 'operator', trx);
      } else await trx.updateTable('logger_client').set(change).where('client_id', '=', id).execute();
      const after = (await this.stateOf(trx, id))!;
      const keys = Object.keys(change) as (keyof ReviewState)[];
      return {
        result: null,
        audit: {
          action,
          target_type: 'logger',
          target_id: id,
          reason: reason ?? null,
          before: pick(state, keys),
          after: pick(after, keys),
        },
      };
    });
    return { logger: await this.one(id), audit_id: auditId };
  }

  /** Puts back the columns an action changed, while they are still what it left. */
  private async revertState(trx: Kysely<Database>, entry: AuditEntry, keys: (keyof ReviewState)[]) {
    const state = await this.stateOf(trx, entry.target_id);
    if (!state) throw revertConflict('the logger is gone');
    const left = entry.after as Partial<ReviewState> | null;
    const before = entry.before as Partial<ReviewState> | null;
    if (!left || !before) throw revertConflict('the action recorded no state');
    for (const key of keys)
      if ((state[key] ?? null) !== (left[key] ?? null)) throw revertConflict(`${key} was changed since`);
    const back = Object.fromEntries(keys.map((key) => [key, before[key] ?? null])) as Partial<ReviewState>;
    await trx.updateTable('logger_client').set(back).where('client_id', '=', entry.target_id).execute();
    return { before: pick(state, keys), after: back };
  }

  /** Undoes a hide by restoring its range (or a restore by hiding it again); refused when nothing is left to undo. */
  private async revertRange(trx: Kysely<Database>, entry: AuditEntry, how: 'hide' | 'restore') {
    const range = entry.after as { from?: string; to?: string } | null;
    if (!range?.from || !range.to) throw revertConflict('the action recorded no range');
    const selection = { loggerId: entry.target_id, from: Date.parse(range.from), to: Date.parse(range.to) };
    const done =
      how === 'hide'
        ? (await this.deps.moderation.hideCatchesIn(trx as Transaction<Database>, selection)).length
        : (await this.deps.moderation.restoreCatchesIn(trx as Transaction<Database>, selection)).length;
    if (done === 0) throw revertConflict(`no catch of the range is ${how === 'hide' ? 'shown' : 'hidden'} any more`);
    const key = how === 'hide' ? 'hidden' : 'restored';
    return {
      before: { from: range.from, to: range.to, [key]: 0 },
      after: { from: range.from, to: range.to, [key]: done },
    };
  }

  /** The loggers' catch counts by kind and their refusals: two grouped statements for the whole page. */
  private async countsOf(ids: string[]): Promise<Map<string, Counts>> {
    const counts = new Map<string, Counts>(ids.map((id) => [id, { accepted: 0, flagged: 0, hidden: 0, refused: 0 }]));
    if (ids.length === 0) return counts;
    const { db } = this.deps;
    const [catches, refusals] = await Promise.all([
      db
        .selectFrom('catch')
        .select([
          'client_id',
          (eb) => eb.fn.countAll<number | string>().as('accepted'),
          sql<number | string>`sum(case when trust = ${sql.lit(TRUST_CODE.flagged)} then 1 else 0 end)`.as('flagged'),
          sql<number | string>`sum(case when trust >= ${sql.lit(HIDDEN_OFFSET)} then 1 else 0 end)`.as('hidden'),
        ])
        .where('client_id', 'in', ids)
        .groupBy('client_id')
        .execute(),
      db
        .selectFrom('catch_refusal')
        .select(['client_id', (eb) => eb.fn.sum<number | string>('count').as('refused')])
        .where('client_id', 'in', ids)
        .groupBy('client_id')
        .execute(),
    ]);
    for (const row of catches) {
      const entry = counts.get(row.client_id)!;
      entry.accepted = Number(row.accepted);
      entry.flagged = Number(row.flagged ?? 0);
      entry.hidden = Number(row.hidden ?? 0);
    }
    for (const row of refusals) counts.get(row.client_id)!.refused = Number(row.refused ?? 0);
    return counts;
  }

  private toAdminLogger(
    row: ListedRow,
    boundUser: AdminLogger['bound_user'],
    counts: Counts = { accepted: 0, flagged: 0, hidden: 0, refused: 0 },
  ): AdminLogger {
    const since = epoch(row.active_since);
    return {
      id: row.client_id,
      player_name: row.player_name,
      bound_user: boundUser,
      created_at: wireTime(new Date(row.created_at)),
      last_seen_at: row.last_seen_at === null ? null : wireTime(new Date(row.last_seen_at)),
      active_since: timeOf(since),
      probation_until: since === null ? null : wireTime(since === 0 ? 0 : since + this.deps.probationMs),
      on_probation: since !== null && since !== 0 && since + this.deps.probationMs > this.now(),
      accepted: counts.accepted,
      flagged_catches: counts.flagged,
      hidden_catches: counts.hidden,
      refused: counts.refused,
      flagged_at: timeOf(row.flagged_at),
      flag_reason: row.flag_reason,
      blocked_at: timeOf(row.blocked_at),
    };
  }
}

interface Counts {
  accepted: number;
  flagged: number;
  hidden: number;
  refused: number;
}

function pick(state: ReviewState, keys: (keyof ReviewState)[]): Partial<ReviewState> {
  return Object.fromEntries(keys.map((key) => [key, state[key]]));
}
