import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Locale } from '#shared/locales';
import type { BaitItem, CategoriesQueryInput, CategoriesResponse } from '#shared/contracts/catalogue';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** 24 fills whole rows of the 1-, 2- and 3-column grids. */
export const BAIT_PAGE_SIZE = 24;

export interface BaitListFilters {
  page: number;
  /** Index letter A–Z or '#', null for every letter. */
  letter: string | null;
  /** Search text, '' for none. */
  q: string;
  /** Substring match instead of the default prefix match. */
  contains: boolean;
  /** Bait type (a `fish_way` id), null for every type. */
  type: number | null;
}

/** The contract's page, narrowed to baits (the query asks for `group_type=baits`). */
type BaitPage = Omit<CategoriesResponse, 'items'> & { items: BaitItem[] };

export function useBaitsQuery(filters: BaitListFilters, lang: Locale) {
  return useQuery({
    queryKey: queryKeys.catalogue.baits(lang, filters),
    queryFn: ({ signal }) =>
      api.get<BaitPage>(
        '/api/system/get_categories',
        {
          group_type: 'baits',
          page: filters.page,
          page_size: BAIT_PAGE_SIZE,
          like_str: filters.q || undefined,
          like_start: !filters.contains,
          letter: filters.letter ?? undefined,
          fish_way: filters.type ?? undefined,
          // The index letter of a name depends on the language: pinyin initial for zh, English initial otherwise.
          lang,
        } satisfies CategoriesQueryInput,
        { signal },
      ),
    // Keeps the current page on screen while the next letter / page / search loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
