/**
 * What an operator does about doubtful data (issue 24, decision 0039), for the moderation console: flag a logger (its
 * later catches are stored flagged) or clear it, hide catches (by ids, or a logger's within a time range) or restore
 * them. Hiding and restoring change each catch's stored `trust` by HIDDEN_OFFSET, so a restored catch gets back the
 * level it was stored with, and count the heat map's rollups of the days they touched again in the same transaction,
 * raising the maps' change counters so every kept answer over them drops (catch-changes.ts).
 *
 * Flagging a logger does not re-class the catches it stored before (decision 0039): they were judged by what was known
 * then, and an operator who finds them bad hides them by logger and time range; clearing a flag likewise leaves the
 * catches stored flagged as they are.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { HIDDEN_OFFSET, VISIBLE_MAX } from '#shared/catch-trust';
import type { Database } from '../db/schema';
import { DAY_MS } from './heat-grid';
import type { HeatRollups } from './heat-rollups';

/** Which catches: by id (at most MAX_IDS), or a logger's caught in `[from, to)` (epoch ms). */
export type CatchSelection = { ids: readonly number[] } | { loggerId: string; from: number; to: number };

/** Ids one call may name. */
export const MAX_IDS = 1000;

/** A logger as the console shows it: when it became active, whether and why it is under review. */
export interface LoggerReview {
  loggerId: string;
  /** Epoch ms of its first stored catch (0: established from the start); null before any. */
  activeSince: number | null;
  flaggedAt: number | null;
  flagReason: string | null;
}

export class CatchModeration {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rollups: HeatRollups,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The logger's review state; null when no logger has this id. */
  async logger(loggerId: string): Promise<LoggerReview | null> {
    const row = await this.db
      .selectFrom('logger_client')
      .select(['client_id', 'active_since', 'flagged_at', 'flag_reason'])
      .where('client_id', '=', loggerId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      loggerId: row.client_id,
      activeSince: row.active_since === null ? null : Number(row.active_since),
      flaggedAt: row.flagged_at === null ? null : Number(row.flagged_at),
      flagReason: row.flag_reason,
    };
  }

  /**
   * Puts a logger under review: its catches stored from now on are flagged. False when no logger has this id. `db`:
   * the caller's transaction (the console's audit row commits with it), else the store's connection.
   */
  async flagLogger(loggerId: string, reason = 'operator', db: Kysely<Database> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('logger_client')
      .set({ flagged_at: this.clock(), flag_reason: reason })
      .where('client_id', '=', loggerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Ends a logger's review: its catches stored from now on are judged as any logger's. False when unknown. */
  async clearLogger(loggerId: string, db: Kysely<Database> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('logger_client')
      .set({ flagged_at: null, flag_reason: null })
      .where('client_id', '=', loggerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Hides the selected catches that are shown, in a transaction of its own; answers how many it hid. */
  hideCatches(selection: CatchSelection): Promise<number> {
    return this.change(selection, 'hide');
  }

  /** Shows again the selected catches that are hidden, in a transaction of its own; answers how many it restored. */
  restoreCatches(selection: CatchSelection): Promise<number> {
    return this.change(selection, 'restore');
  }

  /**
   * As `hideCatches`, inside the caller's transaction (the console's, whose audit row commits with the change): the
   * ids it hid.
   */
  hideCatchesIn(trx: Transaction<Database>, selection: CatchSelection): Promise<number[]> {
    return this.changeIn(trx, selection, 'hide');
  }

  /** As `restoreCatches`, inside the caller's transaction: the ids it restored. */
  restoreCatchesIn(trx: Transaction<Database>, selection: CatchSelection): Promise<number[]> {
    return this.changeIn(trx, selection, 'restore');
  }

  private async change(selection: CatchSelection, how: 'hide' | 'restore'): Promise<number> {
    const changed = await this.db.transaction().execute((trx) => this.changeIn(trx, selection, how));
    return changed.length;
  }

  private async changeIn(trx: Transaction<Database>, selection: CatchSelection, how: 'hide' | 'restore') {
    if ('ids' in selection && selection.ids.length > MAX_IDS)
      throw new RangeError(`at most ${MAX_IDS} catch ids at once (got ${selection.ids.length})`);
    // The update first: on SQLite it takes the write lock before anything is read.
    const changed = await this.update(trx, selection, how);
    if (changed.length === 0) return [];
    const touched = new Map<number, Set<number>>();
    for (const row of changed) {
      const days = touched.get(row.map_id) ?? new Set<number>();
      days.add(Math.floor(Number(row.caught_at) / DAY_MS));
      touched.set(row.map_id, days);
    }
    await this.rollups.recountDays(trx, new Map([...touched].map(([mapId, days]) => [mapId, [...days]])));
    return changed.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  private async update(trx: Transaction<Database>, selection: CatchSelection, how: 'hide' | 'restore') {
    const trust =
      how === 'hide' ? sql<number>`trust + ${sql.lit(HIDDEN_OFFSET)}` : sql<number>`trust - ${sql.lit(HIDDEN_OFFSET)}`;
    let query = trx
      .updateTable('catch')
      .set({ trust })
      .where('trust', how === 'hide' ? '<=' : '>', VISIBLE_MAX);
    if ('ids' in selection) {
      if (selection.ids.length === 0) return [];
      query = query.where('id', 'in', [...selection.ids]);
    } else
      query = query
        .where('client_id', '=', selection.loggerId)
        .where('caught_at', '>=', selection.from)
        .where('caught_at', '<', selection.to);
    return query.returning(['id', 'map_id', 'caught_at']).execute();
  }
}
