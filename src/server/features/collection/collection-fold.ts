/**
 * A collection put together from the catalogue and a logger's catches grouped by (star type, fish), each group with
 * its first heaviest catch (the personal stats' one grouped read over the logger's entries of `catch_client_caught`, migration 0022, `groupsOf`): no query
 * per fish. Numbers are shown within their bounds whatever was stored (db/stored-values.ts).
 */
import { type Collection, type CollectionFish, type CollectionMapProgress } from '#shared/contracts/collection';
import { wireTime } from '#shared/contracts/catches';
import { isTrophyStarType, type TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import { CATCH_BOUNDS } from '#shared/catch-data-rules';
import { ID_BOUNDS, storedNumber, storedStarType, TOTAL_BOUNDS } from '../../db/stored-values';

/**
 * One (star type, fish) group of a logger's catches: how many, and the first of its heaviest catches. Two catches of
 * a group at its weight and millisecond give the group twice; it is counted once.
 */
export interface CatchGroupRow {
  id: number;
  fish_id: number;
  star_type: number;
  weight: number;
  caught_at: number;
  map_id: number;
  count: unknown;
}

/** What a collection reads of the catalogue (the catalogue feature's view satisfies it: services.ts). */
export interface CollectionCatalogueView {
  readonly groups: {
    readonly fish: readonly { id: number; deprecated: boolean }[];
    readonly maps: readonly { id: number; deprecated: boolean }[];
  };
  /** The fish living on each map, from the catalogue's habitats. */
  readonly fishByMap: ReadonlyMap<number, readonly { id: number; deprecated: boolean }[]>;
}

type TrophyStarType = (typeof TROPHY_STAR_TYPES)[number];

interface Caught {
  count: number;
  heaviest: CatchGroupRow;
  best: TrophyStarType | null;
}

/** The heavier catch; of two equally heavy ones the earlier, then the one stored first. */
function heavier(a: CatchGroupRow, b: CatchGroupRow): CatchGroupRow {
  const weight = Number(b.weight) - Number(a.weight);
  if (weight !== 0) return weight > 0 ? b : a;
  const earlier = Number(b.caught_at) - Number(a.caught_at) || Number(b.id) - Number(a.id);
  return earlier < 0 ? b : a;
}

/** Per fish: its catch count, heaviest catch and best trophy star type, from the (star type, fish) groups. */
export function caughtByFish(rows: readonly CatchGroupRow[]): Map<number, Caught> {
  const byFish = new Map<number, Caught>();
  const counted = new Set<string>();
  for (const row of rows) {
    const fish = storedNumber(row.fish_id, ID_BOUNDS);
    const star = storedStarType(row.star_type);
    const group = `${star}:${fish}`;
    const count = counted.has(group) ? 0 : storedNumber(row.count, TOTAL_BOUNDS);
    counted.add(group);
    const trophy = isTrophyStarType(star) ? (star as TrophyStarType) : null;
    const known = byFish.get(fish);
    if (!known) {
      byFish.set(fish, { count, heaviest: row, best: trophy });
      continue;
    }
    known.count += count;
    known.heaviest = heavier(known.heaviest, row);
    if (trophy !== null && (known.best === null || trophy > known.best)) known.best = trophy;
  }
  return byFish;
}

function fishEntry(fishId: number, caught: Caught | undefined): CollectionFish {
  if (!caught) return { fish_id: fishId, caught: false, catch_count: 0, heaviest: null, best_star_type: null };
  const row = caught.heaviest;
  return {
    fish_id: fishId,
    caught: true,
    catch_count: storedNumber(caught.count, TOTAL_BOUNDS),
    heaviest: {
      weight: storedNumber(row.weight, CATCH_BOUNDS.weight),
      caught_at: wireTime(Number(row.caught_at)),
      map_id: storedNumber(row.map_id, ID_BOUNDS),
      star_type: storedStarType(row.star_type),
    },
    best_star_type: caught.best,
  };
}

/**
 * Every fish of the game (the catalogue's, deprecated ones left out) caught or not yet, then the deprecated fish the
 * player did catch (their history stays, outside the totals); a catch of a fish the catalogue no longer has at all is
 * left out. A map's progress counts the fish living there (its habitats in the catalogue) caught anywhere: the
 * collection is of species, and "12 of 19 fish of this lake" says which of the lake's fish are still missing.
 */
export function collectionOf(view: CollectionCatalogueView, rows: readonly CatchGroupRow[]): Collection {
  const caught = caughtByFish(rows);
  const live = view.groups.fish.filter((fish) => !fish.deprecated);
  const gone = view.groups.fish.filter((fish) => fish.deprecated && caught.has(fish.id));
  const maps: CollectionMapProgress[] = [];
  for (const map of view.groups.maps) {
    if (map.deprecated) continue;
    const fishes = (view.fishByMap.get(map.id) ?? []).filter((fish) => !fish.deprecated);
    if (fishes.length === 0) continue;
    maps.push({
      map_id: map.id,
      caught: fishes.filter((fish) => caught.has(fish.id)).length,
      total: fishes.length,
    });
  }
  return {
    caught: live.filter((fish) => caught.has(fish.id)).length,
    total: live.length,
    maps,
    fishes: [...live, ...gone].map((fish) => fishEntry(fish.id, caught.get(fish.id))),
  };
}
