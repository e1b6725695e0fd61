/**
 * The all-time stats put together from the logger's (star type, fish) groups, each with its first heaviest catch
 * (all-time.repository.ts): the total, the trophy counts and the personal bests. Numbers are shown within their bounds
 * whatever was stored (db/stored-values.ts).
 */
import {
  CATCH_BOUNDS,
  type PersonalBest,
  type TrophyCount,
  type TrophyItem,
  wireTime,
} from '#shared/contracts/catches';
import { TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import { ID_BOUNDS, storedNullable, storedNumber, storedStarType, TOTAL_BOUNDS } from '../../db/stored-values';
import type { CatchGroup, StatsCatchRow } from './all-time.repository';

const countOf = (group: CatchGroup) => storedNumber(group.count, TOTAL_BOUNDS);
const sum = (groups: CatchGroup[]) =>
  storedNumber(
    groups.reduce((total, group) => total + countOf(group), 0),
    TOTAL_BOUNDS,
  );
/** Earlier first, then the lower id: the first catch to reach a weight. */
const earlier = (a: StatsCatchRow, b: StatsCatchRow) => Number(a.caught_at) - Number(b.caught_at) || a.id - b.id;

/** The statement's rows, one per group: two catches of a group at its weight and millisecond came as two rows. */
export function distinctGroups(rows: CatchGroup[]): CatchGroup[] {
  const groups = new Map<string, CatchGroup>();
  for (const row of [...rows].sort(earlier)) {
    const key = `${row.star_type}:${row.fish_id}`;
    if (!groups.has(key)) groups.set(key, row);
  }
  return [...groups.values()];
}

export function totalCatches(groups: CatchGroup[]): number {
  return sum(groups);
}

/** Every trophy star type in order, with its count (0 when the logger has none). */
export function trophyCounts(groups: CatchGroup[]): TrophyCount[] {
  return TROPHY_STAR_TYPES.map((starType) => ({
    star_type: starType,
    count: sum(groups.filter((group) => Number(group.star_type) === starType)),
  }));
}

/**
 * One best per fish, its heaviest catch (the earliest of equally heavy ones, whatever their star types: when the best
 * was first reached), newest best first: what a player looks for after a session is the record just set.
 */
export function personalBests(groups: CatchGroup[]): PersonalBest[] {
  const byFish = new Map<number, CatchGroup[]>();
  for (const group of groups) byFish.set(group.fish_id, [...(byFish.get(group.fish_id) ?? []), group]);
  const bests = [...byFish.values()].map((fishGroups) => {
    const best = fishGroups.reduce((a, b) =>
      Number(b.weight) > Number(a.weight) || (Number(b.weight) === Number(a.weight) && earlier(b, a) < 0) ? b : a,
    );
    return { row: best, count: sum(fishGroups) };
  });
  return bests
    .sort((a, b) => earlier(b.row, a.row))
    .map(({ row, count }) => ({
      fish_id: storedNumber(row.fish_id, ID_BOUNDS),
      catch_count: count,
      id: storedNumber(row.id, ID_BOUNDS),
      weight: storedNumber(row.weight, CATCH_BOUNDS.weight),
      caught_at: wireTime(row.caught_at),
      map_id: storedNumber(row.map_id, ID_BOUNDS),
      bait_id: storedNumber(row.bait_id, ID_BOUNDS),
      bait2_id: storedNullable(row.bait2_id, ID_BOUNDS),
      star_type: storedStarType(row.star_type),
    }));
}

export function trophyItem(row: StatsCatchRow): TrophyItem {
  return {
    id: storedNumber(row.id, ID_BOUNDS),
    caught_at: wireTime(row.caught_at),
    map_id: storedNumber(row.map_id, ID_BOUNDS),
    fish_id: storedNumber(row.fish_id, ID_BOUNDS),
    star_type: storedStarType(row.star_type),
    weight: storedNumber(row.weight, CATCH_BOUNDS.weight),
  };
}
