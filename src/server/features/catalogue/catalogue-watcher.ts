/**
 * Keeps a server's catalogue current without a restart (decision 0025): every `intervalMs` it reads a cheap marker
 * of the live catalogue version from the database and, when it changed, reloads the catalogue in memory
 * (`CatalogueSnapshot.refresh()`, which the catalogue routes' ETags follow) and then runs `afterRefresh` (the heat
 * map's rebuild of the maps whose bounds moved: HeatRollups.ensureBounds). Every process polls the database it
 * serves from, so it works alike for several processes on one SQLite file and for PostgreSQL, with or without Redis.
 *
 * The marker is read before the catalogue, so the view loaded is at least as new as the marker remembered; the
 * marker is remembered only once both steps succeeded, so a failed reload or rebuild is tried again at the next tick.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { CatalogueSnapshot, CatalogueView } from './catalogue-snapshot';

/** A value that changes whenever the live catalogue does (compared with `===`). */
export type CatalogueMarker = () => Promise<string | number | null>;

export interface CatalogueWatcherOptions {
  marker: CatalogueMarker;
  intervalMs: number;
  /** After each reload, with the new view; awaited before the next check. */
  afterRefresh(view: CatalogueView): Promise<unknown>;
  /** A failed check (logged once until a check succeeds again: a database away is not reported every tick). */
  onError(error: unknown): void;
}

/**
 * The live catalogue version (migration 0014, the importer's `catalogue_version` table): the highest id, one more per
 * version applied, rollbacks included. One index read.
 */
export function catalogueVersionMarker(db: Kysely<Database>): CatalogueMarker {
  return async () => {
    const { rows } = await sql<{ id: number | string | null }>`select max(id) as id from catalogue_version`.execute(db);
    const id = rows[0]?.id;
    return id === null || id === undefined ? null : Number(id);
  };
}

export class CatalogueWatcher {
  /** The marker of the view loaded last; `undefined` before the first check (which always reloads). */
  private last: string | number | null | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;
  private stopped = true;
  private failing = false;

  constructor(
    private readonly snapshot: CatalogueSnapshot,
    private readonly options: CatalogueWatcherOptions,
  ) {}

  /** Checks now (awaited: start-up serves the current catalogue, its maps' rollups rebuilt), then every interval. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.tick();
  }

  /**
   * One check: reloads and runs `afterRefresh` when the marker changed; answers whether it did. A check already
   * under way is joined rather than run twice.
   */
  check(): Promise<boolean> {
    this.running ??= this.checkOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * After this process applied a version (the importer's `onApplied`): a check that starts after the commit, so the
   * caller returns with the new catalogue served here and its maps rebuilt (a check already under way may have read
   * the marker before the commit: it is waited for first).
   */
  async afterApplied(): Promise<boolean> {
    await this.running?.catch(() => undefined);
    return this.check();
  }

  /** No more checks; waits for one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    try {
      await this.check();
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.options.onError(error);
      this.failing = true;
    }
    // The next check is timed from the end of this one: a long rebuild never has checks pile up behind it.
    if (!this.stopped) this.timer = setTimeout(() => void this.tick(), this.options.intervalMs).unref();
  }

  private async checkOnce(): Promise<boolean> {
    const marker = await this.options.marker();
    if (marker === this.last) return false;
    const view = await this.snapshot.refresh();
    await this.options.afterRefresh(view);
    this.last = marker;
    return true;
  }
}
