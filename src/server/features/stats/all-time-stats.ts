/**
 * The all-time stats put together from the logger's (star type, fish) groups (all-time.repository.ts): the total,
 * the trophy counts, which groups hold a fish's heaviest catch, and the personal bests from those catches. Numbers
 * are shown within their bounds whatever was stored (db/stored-values.ts).
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
import type { CatchGroup, HeaviestKey, StatsCatchRow } from './all-time.repository';

const countOf = (group: CatchGroup) => storedNumber(group.count, TOTAL_BOUNDS);

export function totalCatches(groups: CatchGroup[]): number {
  return storedNumber(
    groups.reduce((sum, group) => sum + countOf(group), 0),
    TOTAL_BOUNDS,
  );
}

/** Every trophy star type in order, with its count (0 when the logger has none). */
export function trophyCounts(groups: CatchGroup[]): TrophyCount[] {
  return TROPHY_STAR_TYPES.map((starType) => ({
    star_type: starType,
    count: storedNumber(
      groups.filter((group) => Number(group.star_type) === starType).reduce((sum, group) => sum + countOf(group), 0),
      TOTAL_BOUNDS,
    ),
  }));
}

/** The groups whose heaviest weight is their fish's heaviest (several when star types tie). */
export function heaviestKeys(groups: CatchGroup[]): HeaviestKey[] {
  const heaviest = new Map<number, number>();
  for (const group of groups)
    heaviest.set(group.fish_id, Math.max(heaviest.get(group.fish_id) ?? -Infinity, Number(group.heaviest)));
  return groups
    .filter((group) => Number(group.heaviest) === heaviest.get(group.fish_id))
    .map(({ star_type, fish_id, heaviest: weight }) => ({ star_type, fish_id, heaviest: weight }));
}

const earlier = (a: StatsCatchRow, b: StatsCatchRow) => Number(a.caught_at) - Number(b.caught_at) || a.id - b.id;

/**
 * One best per fish, the earliest of its heaviest catches (when the best was first reached), newest best first: what
 * a player looks for after a session is the record just set.
 */
export function personalBests(groups: CatchGroup[], firsts: StatsCatchRow[]): PersonalBest[] {
  const counts = new Map<number, number>();
  for (const group of groups) counts.set(group.fish_id, (counts.get(group.fish_id) ?? 0) + countOf(group));
  const best = new Map<number, StatsCatchRow>();
  for (const row of [...firsts].sort(earlier)) if (!best.has(row.fish_id)) best.set(row.fish_id, row);
  return [...best.values()]
    .sort((a, b) => earlier(b, a))
    .map((row) => ({
      fish_id: storedNumber(row.fish_id, ID_BOUNDS),
      catch_count: storedNumber(counts.get(row.fish_id) ?? 0, TOTAL_BOUNDS),
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
