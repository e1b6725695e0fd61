/**
 * The all-time part of a logger's personal stats (docs/catch-data-api.md §5): its total, the heaviest catch of each
 * fish and its trophies. Both statements read migration 0019's `(client_id, star_type, fish_id, weight, caught_at)`
 * index, so the cost follows the logger's own catches, never the table's millions:
 * - `groupsOf`: the logger's catches grouped by (star type, fish) from the index entries alone, in the index's order
 *   (no sort, no row read), each group joined to its first heaviest catch by two exact lookups (the earliest time at
 *   that weight, then the row): one statement, a row read per group;
 * - `newestTrophies`: the logger's trophies are one range of the index (star types 446–452), sorted by time.
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
      select g.count, c.id, c.caught_at, c.map_id, c.fish_id, c.bait_id, c.bait2_id, c.star_type, c.weight
      from (
        select star_type, fish_id, count(*) as count, max(weight) as heaviest
        from catch where client_id = ${loggerId}
        group by star_type, fish_id
      ) g
      -- A cross join keeps SQLite's planner from reading the logger's every row as the outer loop (10 ms at a
      -- thousand catches instead of under 1); PostgreSQL treats it as the inner join it is.
      cross join catch c
      where c.client_id = ${loggerId} and c.star_type = g.star_type and c.fish_id = g.fish_id
        and c.weight = g.heaviest
        and c.caught_at = (
          select min(x.caught_at) from catch x
          where x.client_id = ${loggerId} and x.star_type = g.star_type and x.fish_id = g.fish_id
            and x.weight = g.heaviest
        )`.execute(this.db);
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
