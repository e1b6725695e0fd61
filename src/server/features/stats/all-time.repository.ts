/**
 * The all-time part of a logger's personal stats (docs/catch-data-api.md §5): its total, the heaviest catch of each
 * fish and its trophies. Both statements read the logger's own entries of `catch_client_caught` (migration 0022:
 * client, time, id, map, fish, bait, star type, rod type, weight), so the cost follows the logger's own catches, never
 * the table's millions, and storing a catch pays for no index of its own (decision 0037):
 * - `groupsOf`: the logger's entries grouped by (star type, fish) for the count and the heaviest weight, read again
 *   for the earliest time each group reached that weight (no row read, the few heaviest sorted), then each group's
 *   catch by an exact (logger, time) lookup: one statement. 18–29 ms for a logger of 17,000 catches in the 5 M world;
 * - `newestTrophies`: the logger's entries newest first, stopping at the page's last trophy (about one catch in
 *   twenty is one).
 *
 * One statement rather than a lookup statement per group: a `union all` of a hundred `limit 1` lookups ran in 0.5 ms
 * on SQLite but took 25 ms to prepare; this one prepares in well under a millisecond whatever the number of fish.
 */
import { type Kysely, sql } from 'kysely';
import { TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import type { Database } from '../../db/schema';

/** A stored catch as the all-time stats show it (numbers as stored; all-time-stats.ts bounds them). */
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

/**
 * The logger's catches of one (star type, fish): how many, and the first of the heaviest (its `weight` is the
 * group's heaviest). Two catches at the same weight and millisecond give the group twice: all-time-stats.ts keeps one.
 */
export interface CatchGroup extends StatsCatchRow {
  count: unknown;
}

const FIRST_STAR = Math.min(...TROPHY_STAR_TYPES);
const LAST_STAR = Math.max(...TROPHY_STAR_TYPES);
const COLUMNS = ['id', 'caught_at', 'map_id', 'fish_id', 'bait_id', 'bait2_id', 'star_type', 'weight'] as const;

export class AllTimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async groupsOf(loggerId: string): Promise<CatchGroup[]> {
    const { rows } = await sql<CatchGroup>`
      with g as (
        select star_type, fish_id, count(*) as count, max(weight) as heaviest
        from catch where client_id = ${loggerId}
        group by star_type, fish_id
      ),
      -- The heaviest's weight as a correlated lookup, not a join: joined, SQLite's planner walked the whole star-type
      -- index for its order instead of the logger's entries.
      f as (
        select c.star_type, c.fish_id, min(c.caught_at) as first_at
        from catch c
        where c.client_id = ${loggerId}
          and c.weight = (select g.heaviest from g where g.star_type = c.star_type and g.fish_id = c.fish_id)
        group by c.star_type, c.fish_id
      )
      select g.count, c.id, c.caught_at, c.map_id, c.fish_id, c.bait_id, c.bait2_id, c.star_type, c.weight
      from g join f on f.star_type = g.star_type and f.fish_id = g.fish_id
      -- A cross join keeps SQLite's planner from reading the logger's every row as the outer loop; PostgreSQL treats
      -- it as the inner join it is.
      cross join catch c
      where c.client_id = ${loggerId} and c.caught_at = f.first_at
        and c.star_type = g.star_type and c.fish_id = g.fish_id and c.weight = g.heaviest`.execute(this.db);
    return rows;
  }

  /** The logger's newest trophies (star types 446–452). */
  async newestTrophies(loggerId: string, limit: number): Promise<StatsCatchRow[]> {
    return this.db
      .selectFrom('catch')
      .select(COLUMNS)
      .where('client_id', '=', loggerId)
      .where('star_type', '>=', FIRST_STAR)
      .where('star_type', '<=', LAST_STAR)
      .orderBy('caught_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
