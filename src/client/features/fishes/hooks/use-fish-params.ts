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
  /** Fish whose detail is open, null when closed. */
  fish: number | null;
}

/**
 * Filters and the open fish live in the URL (`?map=3&rarity=rate_blue&new=1&fish=42`) so a filtered list or one fish's
 * card can be shared, and the back button closes the detail it opened.
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

/** The link target that opens one fish's detail while keeping the current filters. */
export function fishSearch(searchParams: URLSearchParams, fishId: number): string {
  return searchWith(searchParams, 'fish', fishId);
}

/** The link target that runs another search text (a "did you mean" name) with the other filters kept. */
export function fishTextSearch(searchParams: URLSearchParams, text: string): string {
  const next = new URLSearchParams(searchParams);
  next.delete('fish');
  return searchWith(next, 'q', text);
}
