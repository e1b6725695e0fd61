import { useCallback, useMemo } from 'react';
import { parseId, parseSearchText, searchWith, setParam, useSearch } from '../../../lib/search-params';

export interface FishFilters {
  /** Search text over the names in every language and the latin name, '' for none. */
  q: string;
  /** Map id, null for every map. */
  map: number | null;
  /** Rarity class (e.g. `rate_blue`), null for every class. */
  rarity: string | null;
  /** Only the fish the live patch added (`?new=1`). */
  newOnly: boolean;
}

interface FishParams extends FishFilters {
  /** A fish of an old detail link (`?fish=42`), which the list sends on to the fish's page; null for none. */
  fish: number | null;
}

/**
 * Filters live in the URL (`?map=3&rarity=rate_blue&new=1`) so a filtered list can be shared; `fish=42` is read from
 * the links of before fish had their own pages (issue 23), which open the fish's page.
 */
export function useFishParams(): [FishParams, (patch: Partial<FishParams>, options?: { replace?: boolean }) => void] {
  const [searchParams, edit] = useSearch();

  const params = useMemo<FishParams>(
    () => ({
      q: parseSearchText(searchParams.get('q')),
      map: parseId(searchParams.get('map')),
      rarity: searchParams.get('rarity') || null,
      newOnly: searchParams.get('new') === '1',
      fish: parseId(searchParams.get('fish')),
    }),
    [searchParams],
  );

  const update = useCallback(
    (patch: Partial<FishParams>, options?: { replace?: boolean }) =>
      edit((next) => {
        for (const [key, value] of Object.entries(patch)) {
          if (key === 'newOnly') setParam(next, 'new', value ? 1 : null);
          else setParam(next, key, value as string | number | null);
        }
      }, options),
    [edit],
  );

  return [params, update];
}

/** The link target that runs another search text (a "did you mean" name) with the other filters kept. */
export function fishTextSearch(searchParams: URLSearchParams, text: string): string {
  const next = new URLSearchParams(searchParams);
  next.delete('fish');
  return searchWith(next, 'q', text);
}
