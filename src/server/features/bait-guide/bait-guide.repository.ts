/**
 * The bait guide's reads (docs/catch-data-api.md §4): one fish's catches of a window through the fish's index, which
 * holds the map, the bait, the game hour, the depth and the weather (migration 0006), so no catch row is read. A
 * sandwich catch counts for its first bait (`bait_id`). Each read also carries the `changes` of the catches it counted
 * (read in the same statement), so the service can keep the answer and check cheaply whether it still holds
 * (catch-store/catch-changes.ts). Numbers come out within their bounds whatever was stored (db/stored-values.ts).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { CATCH_BOUNDS, DEPTH_BAND_EDGES } from '#shared/contracts/catches';
import { maxTrustOf, type TrustView } from '#shared/catch-trust';
import { catchesUnchangedSince, changesSql, type Window } from '../../catch-store/catch-reads';
import type { Dialect } from '../../db/database';
import { notFromIndex } from '../../db/planner-hints';
import type { Database } from '../../db/schema';
import { ID_BOUNDS, storedNumber } from '../../db/stored-values';

export interface GuideFilters {
  fish_id: number;
  map_id?: number;
  /** Which catches are counted (decision 0039); checked inside the fish's index (its last column). */
  trust: TrustView;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

/** What a read counted, and the `changes` read with it (null when it counted nothing: no row carried the counter). */
export interface Counted<T> {
  value: T;
  changes: number | null;
}

/** Catches of one (bait, game hour, depth band, weather): the detail's splits add them up. */
export interface GuideCatch {
  bait_id: number;
  game_hour: number;
  /** The lower edge of the depth band (DEPTH_BAND_EDGES): `depthBand` of it is the band. */
  depth: number;
  weather: string;
  count: number;
}

/** The slices the top baits' window is counted in (12 of 6 hours for the 72-hour window). */
export const TOP_SLICES = 12;

export class BaitGuideRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Catches per bait. */
  async baitCounts(filters: GuideFilters): Promise<Counted<Map<number, number>>> {
    const rows = await this.fishCatches(filters)
      .select(['bait_id', (eb) => eb.fn.countAll<number>().as('count'), changesSql(filters.map_id).as('changes')])
      .groupBy('bait_id')
      .execute();
    const counts = new Map<number, number>();
    for (const row of rows) {
      const baitId = storedNumber(row.bait_id, ID_BOUNDS);
      counts.set(baitId, (counts.get(baitId) ?? 0) + Number(row.count));
    }
    return { value: counts, changes: rows.length > 0 ? Number(rows[0]!.changes) : null };
  }

  /**
   * The fish's catches counted per (bait, game hour, depth band, weather), the splits' keys: a common fish's 72 hours
   * are 10,000 catches but a few hundred groups, so SQL counts them rather than sending every catch to JavaScript.
   */
  async catches(filters: GuideFilters): Promise<Counted<GuideCatch[]>> {
    // The band's index: how many of the band edges above 0 the depth reaches (as `depthBand` counts).
    const band = sql<number>`(${sql.join(
      DEPTH_BAND_EDGES.slice(1).map((edge) => sql`(case when depth >= ${edge} then 1 else 0 end)`),
      sql` + `,
    )})`;
    const rows = await this.fishCatches(filters)
      .select([
        'bait_id',
        'game_hour',
        band.as('band'),
        'weather',
        (eb) => eb.fn.countAll<number>().as('count'),
        changesSql(filters.map_id).as('changes'),
      ])
      .groupBy(['bait_id', 'game_hour', 'band', 'weather'])
      .execute();
    const catches = rows.map((row) => ({
      bait_id: storedNumber(row.bait_id, ID_BOUNDS),
      game_hour: storedNumber(row.game_hour, CATCH_BOUNDS.game_hour),
      depth: DEPTH_BAND_EDGES[Number(row.band)]!,
      weather: row.weather,
      count: Number(row.count),
    }));
    return { value: catches, changes: rows.length > 0 ? Number(rows[0]!.changes) : null };
  }

  /** Whether a read of the fish (on the map, or all maps) with `changes` over `window` still holds for `next`. */
  unchangedSince(filters: { fish_id: number; map_id?: number }, changes: number, window: Window, next: Window) {
    return catchesUnchangedSince(
      this.db,
      this.dialect,
      { fish_id: filters.fish_id, map_id: filters.map_id },
      changes,
      window,
      next,
    );
  }

  /**
   * Catches per (fish, bait) of every fish in a window (the encyclopedia's top baits), counted in TOP_SLICES slices
   * of the window, the event loop free between them; a (fish, bait) comes once per slice it has catches in, and the
   * caller adds them up. Why: over every map the count reads each catch of the window through the time index (at 5 M
   * catches 166,000 of them, 140–270 ms), and SQLite's reads are synchronous: as one statement it held the event loop
   * that long, the slowest reads of the mixed-load bench (docs/BENCHMARKS.md, "Mixed load").
   */
  async allFishBaitCounts(window: { map_id?: number; trust: TrustView; from: number; to: number }) {
    const counts: { fish_id: number; bait_id: number; count: number }[] = [];
    const step = Math.ceil((window.to - window.from) / TOP_SLICES);
    for (let from = window.from; from < window.to; from += step) {
      let query = this.db
        .selectFrom('catch')
        .select(['fish_id', 'bait_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('caught_at', '>=', from)
        .where('caught_at', '<', Math.min(from + step, window.to))
        .where('trust', '<=', maxTrustOf(window.trust));
      if (window.map_id !== undefined) query = query.where('map_id', '=', window.map_id);
      const rows = await query.groupBy(['fish_id', 'bait_id']).execute();
      for (const row of rows)
        counts.push({
          fish_id: storedNumber(row.fish_id, ID_BOUNDS),
          bait_id: storedNumber(row.bait_id, ID_BOUNDS),
          count: Number(row.count),
        });
      await yieldToEventLoop();
    }
    return counts;
  }

  /**
   * One bait's catches of a window counted per (fish, map), for its page: the guide's rule read from the bait's side
   * (a catch counts for its `bait_id`, so a sandwich for its first bait). The bait's index (migration 0004: bait,
   * time, then map and fish) holds every column read, so the count reads index entries only, one range of them.
   */
  async baitCatchCounts(filters: { bait_id: number; trust: TrustView; from: number; to: number }) {
    const rows = await this.db
      .selectFrom('catch')
      .select(['fish_id', 'map_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('bait_id', '=', filters.bait_id)
      .where('caught_at', '>=', filters.from)
      .where('caught_at', '<', filters.to)
      .where('trust', '<=', maxTrustOf(filters.trust))
      .groupBy(['fish_id', 'map_id'])
      .execute();
    return rows.map((row) => ({
      fish_id: storedNumber(row.fish_id, ID_BOUNDS),
      map_id: storedNumber(row.map_id, ID_BOUNDS),
      count: Number(row.count),
    }));
  }

  private fishCatches(filters: GuideFilters) {
    let query = this.db
      .selectFrom('catch')
      .where('fish_id', '=', filters.fish_id)
      .where('caught_at', '>=', filters.from)
      .where('caught_at', '<', filters.to)
      .where('trust', '<=', maxTrustOf(filters.trust));
    // The map is checked inside the fish's index; SQLite would otherwise start from the map's catches.
    if (filters.map_id !== undefined)
      query = query.where(notFromIndex<number>(this.dialect, 'map_id', 'number'), '=', filters.map_id);
    return query;
  }
}
