import type { FishItem } from '#shared/contracts/catalogue';
import { type CloseName, closeNames, keptItemNameKeys, matchesName, prepareQuery } from '#shared/game/name-match';
import { newIn } from '../../lib/catalogue-changes';
import type { FishFilters } from './hooks/use-fish-params';

type RarityOf = (fish: FishItem) => string;

function passesOtherFilters(fish: FishItem, filters: FishFilters, rarityOf: RarityOf): boolean {
  if (filters.map !== null && !fish.data.maps.includes(filters.map)) return false;
  if (filters.rarity !== null && rarityOf(fish) !== filters.rarity) return false;
  return !filters.newOnly || newIn(fish) !== null;
}

/**
 * The fish that match every filter. The search text goes through the shared name matcher (`#shared/game/name-match`,
 * as the bait list and the AI chat do): anywhere in any language's name or the latin name, any case, width or kana,
 * the pinyin of the Chinese name ('liyu', 'ly'), and a name's last word.
 */
export function filterFishes(fishes: readonly FishItem[], filters: FishFilters, rarityOf: RarityOf): FishItem[] {
  const query = prepareQuery(filters.q);
  return fishes.filter(
    (fish) => passesOtherFilters(fish, filters, rarityOf) && matchesName(keptItemNameKeys(fish), query, 'anywhere'),
  );
}

/** The filters that alone keep an empty result empty: each one whose removal would show some fish. */
export type WideningFilter = 'map' | 'rarity' | 'newOnly';

export interface Widenings {
  filters: WideningFilter[];
  /** Close spellings among the fish the other filters keep ("carpp" → "Common carp"). */
  closeNames: CloseName<FishItem>[];
}

const CLEARED: Record<WideningFilter, Partial<FishFilters>> = {
  map: { map: null },
  rarity: { rarity: null },
  newOnly: { newOnly: false },
};

/** What would widen an empty result: a filter to clear, or a close spelling of the search text. */
export function widenings(fishes: readonly FishItem[], filters: FishFilters, rarityOf: RarityOf): Widenings {
  const set: WideningFilter[] = [];
  if (filters.map !== null) set.push('map');
  if (filters.rarity !== null) set.push('rarity');
  if (filters.newOnly) set.push('newOnly');
  const wider = set.filter((filter) => filterFishes(fishes, { ...filters, ...CLEARED[filter] }, rarityOf).length > 0);
  const candidates = fishes
    .filter((fish) => passesOtherFilters(fish, filters, rarityOf))
    .map((fish) => ({ item: fish, keys: keptItemNameKeys(fish) }));
  return { filters: wider, closeNames: filters.q ? closeNames(candidates, prepareQuery(filters.q)) : [] };
}

export { CLEARED as CLEARED_FILTER };
