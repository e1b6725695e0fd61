import type { FishItem } from '#shared/contracts/catalogue';
import { newIn } from '../../lib/catalogue-changes';
import type { FishFilters } from './hooks/use-fish-params';

/**
 * Case- and width-insensitive form of a name: NFKC folds full-width Latin and half-width kana, which Japanese
 * keyboards produce, into the forms the catalogue stores.
 */
function normaliseName(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/** The fish that match every filter; the search text matches any language's name or the latin name anywhere. */
export function filterFishes(
  fishes: readonly FishItem[],
  filters: FishFilters,
  rarityOf: (fish: FishItem) => string,
): FishItem[] {
  const needle = normaliseName(filters.q);
  return fishes.filter((fish) => {
    if (filters.map !== null && !fish.data.maps.includes(filters.map)) return false;
    if (filters.rarity !== null && rarityOf(fish) !== filters.rarity) return false;
    if (filters.newOnly && newIn(fish) === null) return false;
    if (!needle) return true;
    return [fish.name, fish.name_en, fish.name_ja, fish.data.latin].some(
      (name) => !!name && normaliseName(name).includes(needle),
    );
  });
}
