import type { BaitItem } from '#shared/contracts/catalogue';
import {
  catalogueSearchMatches,
  type CloseName,
  closeNames,
  keptItemNameKeys,
  prepareQuery,
} from '#shared/game/name-match';
import type { Locale } from '#shared/locales';
import type { BaitListFilters } from './api/use-baits-query';

export interface BaitWidenings {
  /** Every letter would show some bait. */
  allLetters: boolean;
  /** Matching anywhere in a name would show some bait. */
  anywhere: boolean;
  /** Close spellings of the search text among every bait ("spooon" → "Spoon"). */
  closeNames: CloseName<BaitItem>[];
}

/**
 * What would widen an empty bait list, judged on the base configuration's baits with the server's own rule
 * (`catalogueSearchMatches`, which `/system/get_categories` applies), so an offer never leads to another empty list.
 */
export function baitWidenings(baits: readonly BaitItem[], filters: BaitListFilters, lang: Locale): BaitWidenings {
  const query = prepareQuery(filters.q);
  const mode = filters.contains ? 'anywhere' : 'start';
  const some = (search: { mode: 'anywhere' | 'start'; letter: string | null }) =>
    baits.some((bait) => catalogueSearchMatches(bait, keptItemNameKeys(bait), query, { ...search, lang }));
  return {
    allLetters: filters.letter !== null && some({ mode, letter: null }),
    anywhere: !filters.contains && some({ mode: 'anywhere', letter: filters.letter }),
    closeNames: filters.q
      ? closeNames(
          baits.map((bait) => ({ item: bait, keys: keptItemNameKeys(bait) })),
          query,
        )
      : [],
  };
}
