/**
 * The all-time part of a logger's personal stats (docs/catch-data-api.md §5): its total, the heaviest catch of each
 * fish and its trophies. Every statement reads migration 0018's `(client_id, star_type, fish_id, weight, caught_at)`
 * index, so the cost follows the logger's own catches, never the table's millions:
 * - `groupsOf`: one grouped read of the index entries alone, in the index's order (no sort, no row read);
 * - `firstOfEach`: one exact index lookup per group whose heaviest weight is a personal best, the row read once;
 * - `newestTrophies`: the logger's trophies are one range of the index (star types 446–452 follow 0), sorted by time.
 */
import { type Kysely, sql } from 'kysely';
import { TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import { dialectOf } from '../../db/database';
import { notFromIndex } from '../../db/planner-hints';
import type { Database } from '../../db/schema';

/** The logger's catches of one (star type, fish): how many, and the heaviest weight, as stored. */
export interface CatchGroup {
  star_type: number;
  fish_id: number;
  count: unknown;
  heaviest: number;
}

/** One group's heaviest weight, whose first catch is wanted. */
export type HeaviestKey = Pick<CatchGroup, 'star_type' | 'fish_id' | 'heaviest'>;

/** A stored catch as the all-time stats show it (numbers as stored; the service bounds them). */
export interface StatsCatchRow {
  id: number;
  caught_at: number;
  map_id: number;
  fish_id: number;
  bait_id: number;
  bait2_id: number | null;
  star_type: number;
  weight: number;
}

const FIRST_STAR = Math.min(...TROPHY_STAR_TYPES);
const LAST_STAR = Math.max(...TROPHY_STAR_TYPES);
const COLUMNS = ['id', 'caught_at', 'map_id', 'fish_id', 'bait_id', 'bait2_id', 'star_type', 'weight'] as const;
/** Lookups per statement: SQLite allows 500 terms in a compound select. */
const LOOKUPS_PER_STATEMENT = 100;

export class AllTimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async groupsOf(loggerId: string): Promise<CatchGroup[]> {
    return this.db
      .selectFrom('catch')
      .select(['star_type', 'fish_id', sql<unknown>`count(*)`.as('count'), sql<number>`max(weight)`.as('heaviest')])
      .where('client_id', '=', loggerId)
      .groupBy(['star_type', 'fish_id'])
      .execute();
  }

  /**
   * The first catch (earliest, then lowest id) of each key's group at its heaviest weight: a `limit 1` per key, so a
   * fish often caught at the same weight costs one index entry, not all of them.
   */
  async firstOfEach(loggerId: string, keys: HeaviestKey[]): Promise<StatsCatchRow[]> {
    const rows: StatsCatchRow[] = [];
    for (let i = 0; i < keys.length; i += LOOKUPS_PER_STATEMENT) {
      const [first, ...rest] = keys.slice(i, i + LOOKUPS_PER_STATEMENT).map((key) =>
        // Wrapped in a subquery so each term keeps its own order and limit inside the `union all`.
        this.db
          .selectFrom((db) =>
            db
              .selectFrom('catch')
              .select(COLUMNS)
              .where('client_id', '=', loggerId)
              .where('star_type', '=', key.star_type)
              .where('fish_id', '=', key.fish_id)
              .where('weight', '=', key.heaviest)
              .orderBy('caught_at')
              .orderBy('id')
              .limit(1)
              .as('heaviest'),
          )
          .selectAll(),
      );
      if (!first) break;
      rows.push(...(await (rest.length > 0 ? first.unionAll(rest) : first).execute()));
    }
    return rows;
  }

  /** The logger's newest trophies (star types 446–452). */
  async newestTrophies(loggerId: string, limit: number): Promise<StatsCatchRow[]> {
    // Ordered by an expression on SQLite: otherwise its planner walks the logger's whole time index (0004), newest
    // first, to find a few trophies among every catch, rather than sorting the trophies this index holds.
    const caughtAt = notFromIndex<number>(dialectOf(this.db), 'caught_at', 'number');
    return this.db
      .selectFrom('catch')
      .select(COLUMNS)
      .where('client_id', '=', loggerId)
      .where('star_type', '>=', FIRST_STAR)
      .where('star_type', '<=', LAST_STAR)
      .orderBy(caughtAt, 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
