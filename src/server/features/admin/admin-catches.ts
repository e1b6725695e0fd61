/**
 * The console's catches (issue 24, decisions 0039 and 0040): a search over every stored catch, hidden ones included
 * (the public logs never list those), with who sent it; and hiding or showing again one or many by id, through the
 * catch store's operator API inside the audit log's transaction, so the change, the exact recount of the heat map's
 * rollups and the audit row commit together. Both are reversible from the audit log: a hide is reverted by showing
 * the same catches again, a restore by hiding them, while every one of them is still as the action left it.
 *
 * Reads filter on `caught_at` (a range of at most ADMIN_CATCH_MAX_DAYS), so PostgreSQL visits only the months it
 * spans (decision 0029); the page's ids come from the catch indexes alone (each holds the filters, `caught_at`, `id`
 * and `trust`), then the page's rows are read by id within the page's own time span.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import {
  ADMIN_CATCH_DEFAULT_DAYS,
  ADMIN_CATCH_MAX_DAYS,
  ADMIN_CATCH_MAX_IDS,
  AdminErrorCode,
  type AdminCatchTrust,
} from '#shared/admin-rules';
import { HIDDEN_OFFSET, TRUST_CODE, trustLevelOf, VISIBLE_MAX } from '#shared/catch-trust';
import type { AdminCatch, AdminCatchChange, AdminCatchPage } from '#shared/contracts/admin';
import { LOG_COUNT_LIMIT, wireTime } from '#shared/contracts/catches';
import type { User } from '../../accounts/users.repository';
import { type Dialect, dialectOf } from '../../db/database';
import { notFromIndex } from '../../db/planner-hints';
import type { Database } from '../../db/schema';
import { ID_BOUNDS, storedNumber, storedStarType } from '../../db/stored-values';
import { DomainError } from '../../domain-error';
import type { Operator } from './admin-audit.repository';
import { type AuditLog, revertConflict } from './audit-log';
import { confirmPassword, type CurrentPasswordCheck } from './confirm-password';

/** What the console needs of the catch store's operator API (`services.catchModeration`, catch-moderation.ts). */
export interface CatchHiding {
  /** Hides the shown ones of `ids` in the caller's transaction, rollups recounted: the ids it hid. */
  hideCatchesIn(trx: Transaction<Database>, selection: { ids: readonly number[] }): Promise<number[]>;
  /** Shows the hidden ones of `ids` again, likewise: the ids it restored. */
  restoreCatchesIn(trx: Transaction<Database>, selection: { ids: readonly number[] }): Promise<number[]>;
}

/** A search, its defaults filled in by the route: times are epoch ms, `from` inclusive, `to` exclusive. */
export interface CatchSearch {
  map_id?: number | undefined;
  fish_id?: number | undefined;
  bait_id?: number | undefined;
  logger_id?: string | undefined;
  from: number;
  to: number;
  trust: AdminCatchTrust;
  page: number;
  page_size: number;
}

type How = 'hide' | 'restore';

/** A search's time range the rules refuse: the query field to change and why. */
export interface RangeProblem {
  field: 'from' | 'to';
  msg: string;
  input: string;
}

const DAY_MS = 86_400_000;

/** What the audit row of a hide or restore holds before and after: the catches it changed. */
interface CatchesState {
  ids: number[];
  hidden: boolean;
}

/** An audit row's `target_id`: the ids, or the first and last and how many when they would not fit a line. */
export function catchesTarget(ids: readonly number[]): string {
  const all = ids.join(',');
  return all.length <= 120 ? all : `${ids[0]}..${ids[ids.length - 1]} (${ids.length})`;
}

const notFound = (ids: number[]) =>
  new DomainError('not-found', AdminErrorCode.CATCH_NOT_FOUND, {
    reason:
      `No catch has the id${ids.length > 1 ? 's' : ''} ${ids.slice(0, 20).join(', ')}` +
      `${ids.length > 20 ? ` and ${ids.length - 20} more` : ''}; nothing was changed`,
  });
const noChange = () => new DomainError('conflict', AdminErrorCode.NO_CHANGE);

export class AdminCatches {
  private readonly dialect: Dialect;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      audit: AuditLog;
      catches: CatchHiding;
      passwords: CurrentPasswordCheck;
      clock?: () => number;
    },
  ) {
    this.dialect = dialectOf(deps.db);
    const revert = (how: How) => async (trx: Kysely<Database>, entry: { after: object | null }) => {
      const after = entry.after as Partial<CatchesState> | null;
      if (!after?.ids?.length) throw revertConflict('the action recorded no catches');
      const ids = after.ids;
      // Undone only when every catch is still as the action left it: else the revert would undo a later change.
      const changed = await this.apply(trx, how, ids);
      if (changed.length !== ids.length)
        throw revertConflict(
          `${ids.length - changed.length} of the ${ids.length} catches were ${how === 'hide' ? 'hidden' : 'shown'} ` +
            'again since, or are gone',
        );
      return { before: { ids, hidden: how !== 'hide' }, after: { ids, hidden: how === 'hide' } };
    };
    deps.audit.onRevert('catch.hide', revert('restore'));
    deps.audit.onRevert('catch.restore', revert('hide'));
  }

  /**
   * The time range of a search: `to` defaults to now, `from` to ADMIN_CATCH_DEFAULT_DAYS before `to`. A range that
   * is empty or longer than ADMIN_CATCH_MAX_DAYS is refused with the field to change and why.
   */
  range(from: string | undefined, to: string | undefined): { from: number; to: number } | RangeProblem {
    const end = to === undefined ? (this.deps.clock ?? Date.now)() : Date.parse(to);
    const start = from === undefined ? end - ADMIN_CATCH_DEFAULT_DAYS * DAY_MS : Date.parse(from);
    if (start >= end) return { field: 'to', msg: '`to` should be later than `from`', input: to ?? wireTime(end) };
    if (end - start > ADMIN_CATCH_MAX_DAYS * DAY_MS)
      return {
        field: 'from',
        msg:
          `The time range may span at most ${ADMIN_CATCH_MAX_DAYS} days (it spans ` +
          `${Math.ceil((end - start) / DAY_MS)}): move \`from\` later or \`to\` earlier`,
        input: from ?? wireTime(start),
      };
    return { from: start, to: end };
  }

  /** Newest first; hidden catches too unless `trust` says otherwise. */
  async search(search: CatchSearch): Promise<AdminCatchPage> {
    const { db } = this.deps;
    const where = this.where(search);
    const page = await where
      .select(['id', 'caught_at'])
      .orderBy('caught_at', 'desc')
      .orderBy('id', 'desc')
      .limit(search.page_size)
      .offset((search.page - 1) * search.page_size)
      .execute();
    const items = await this.rows(page.map((row) => ({ id: Number(row.id), caughtAt: Number(row.caught_at) })));
    const skipped = (search.page - 1) * search.page_size;
    let total = skipped + items.length;
    let exact = true;
    if (!(items.length < search.page_size && (items.length > 0 || search.page === 1))) {
      // Counted up to LOG_COUNT_LIMIT + 1 index entries, as the public logs count (decision 0011).
      const capped = where
        .select(sql<number>`1`.as('one'))
        .limit(LOG_COUNT_LIMIT + 1)
        .as('capped');
      const { n } = await db
        .selectFrom(capped)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      total = Math.min(Number(n), LOG_COUNT_LIMIT);
      exact = Number(n) <= LOG_COUNT_LIMIT;
    }
    return {
      items,
      total,
      total_exact: exact,
      page: search.page,
      page_size: search.page_size,
      from: wireTime(search.from),
      to: wireTime(search.to),
    };
  }

  /** Hides the shown ones of `ids` (the password asked again): how many and which, and the audit row. */
  async hide(operator: User, ids: number[], password: string, reason: string | undefined, ip: string) {
    await confirmPassword(this.deps.passwords, operator, password, ip);
    return this.change(operator, 'hide', ids, reason);
  }

  /** Shows the hidden ones of `ids` again. */
  restore(operator: Operator, ids: number[], reason: string | undefined) {
    return this.change(operator, 'restore', ids, reason);
  }

  private async change(operator: Operator, how: How, requested: number[], reason: string | undefined) {
    const ids = [...new Set(requested)].sort((a, b) => a - b);
    if (ids.length > ADMIN_CATCH_MAX_IDS) throw new RangeError(`at most ${ADMIN_CATCH_MAX_IDS} ids`);
    // Unknown ids refuse the whole action, read before its transaction (which writes first, decision 0016). By id
    // alone, so PostgreSQL probes each month's primary key: an operator's action, not a hot path (decision 0029).
    const found = new Set(
      (await this.deps.db.selectFrom('catch').select('id').where('id', 'in', ids).execute()).map((row) =>
        Number(row.id),
      ),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(missing);
    const { result, auditId } = await this.deps.audit.change(operator, async (trx) => {
      const changed = await this.apply(trx, how, ids);
      if (changed.length === 0) throw noChange();
      return {
        result: changed,
        audit: {
          action: how === 'hide' ? 'catch.hide' : 'catch.restore',
          target_type: 'catch',
          target_id: catchesTarget(changed),
          reason: reason ?? null,
          before: { ids: changed, hidden: how !== 'hide' } satisfies CatchesState,
          after: { ids: changed, hidden: how === 'hide' } satisfies CatchesState,
        },
      };
    });
    return { changed: result.length, ids: result, audit_id: auditId } satisfies AdminCatchChange;
  }

  /** The audit log's transaction is a Kysely transaction (audit-log.ts), as the catch store's API wants. */
  private apply(trx: Kysely<Database>, how: How, ids: readonly number[]): Promise<number[]> {
    const within = trx as Transaction<Database>;
    return how === 'hide'
      ? this.deps.catches.hideCatchesIn(within, { ids })
      : this.deps.catches.restoreCatchesIn(within, { ids });
  }

  /**
   * The search's filters. With a logger, its own index holds every other filter column, so the others are kept from
   * leading on SQLite (as the logs' `mine=true` does, decision 0011).
   */
  private where(search: CatchSearch) {
    const hint = search.logger_id !== undefined;
    const number = (column: 'map_id' | 'fish_id' | 'bait_id') =>
      hint ? notFromIndex<number>(this.dialect, column, 'number') : sql.ref<number>(column);
    let query = this.deps.db
      .selectFrom('catch')
      .where('caught_at', '>=', search.from)
      .where('caught_at', '<', search.to);
    if (search.logger_id !== undefined) query = query.where('client_id', '=', search.logger_id);
    if (search.map_id !== undefined) query = query.where(number('map_id'), '=', search.map_id);
    if (search.fish_id !== undefined) query = query.where(number('fish_id'), '=', search.fish_id);
    if (search.bait_id !== undefined) query = query.where(number('bait_id'), '=', search.bait_id);
    if (search.trust === 'hidden') query = query.where('trust', '>', VISIBLE_MAX);
    else if (search.trust !== 'any') query = query.where('trust', '=', TRUST_CODE[search.trust]);
    return query;
  }

  /** The page's rows by id, within the page's own time span (PostgreSQL prunes to its months), in the page's order. */
  private async rows(page: { id: number; caughtAt: number }[]): Promise<AdminCatch[]> {
    if (page.length === 0) return [];
    const times = page.map((row) => row.caughtAt);
    const rows = await this.deps.db
      .selectFrom('catch')
      .leftJoin('logger_client', 'logger_client.client_id', 'catch.client_id')
      .select([
        'catch.id',
        'catch.caught_at',
        'catch.map_id',
        'catch.fish_id',
        'catch.bait_id',
        'catch.star_type',
        'catch.weight',
        'catch.client_id',
        'catch.trust',
        'logger_client.player_name',
      ])
      .where(
        'catch.id',
        'in',
        page.map((row) => row.id),
      )
      .where('catch.caught_at', '>=', Math.min(...times))
      .where('catch.caught_at', '<=', Math.max(...times))
      .execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return page.flatMap(({ id }) => {
      const row = byId.get(id);
      if (!row) return [];
      const stored = Number(row.trust);
      const name = row.player_name?.trim();
      return [
        {
          id: storedNumber(row.id, ID_BOUNDS),
          caught_at: wireTime(Number(row.caught_at)),
          map_id: storedNumber(row.map_id, ID_BOUNDS),
          fish_id: storedNumber(row.fish_id, ID_BOUNDS),
          bait_id: storedNumber(row.bait_id, ID_BOUNDS),
          star_type: storedStarType(row.star_type),
          weight: Number(row.weight),
          logger_id: row.client_id,
          player_name: name ? name : null,
          trust: trustLevelOf(stored),
          hidden: stored >= HIDDEN_OFFSET,
        },
      ];
    });
  }
}
