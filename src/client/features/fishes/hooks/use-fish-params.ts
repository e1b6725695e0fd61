import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface FishFilters {
  /** Search text over the names in every language and the latin name, '' for none. */
  q: string;
  /** Map id, null for every map. */
  map: number | null;
  /** Rarity class (e.g. `rate_blue`), null for every class. */
  rarity: string | null;
}

export interface FishParams extends FishFilters {
  /** Fish whose detail is open, null when closed. */
  fish: number | null;
}

function parseId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Filters and the open fish live in the URL (`?map=3&rarity=rate_blue&fish=42`) so a filtered list or one fish's
 * card can be shared, and the back button closes the detail it opened.
 */
export function useFishParams(): [FishParams, (patch: Partial<FishParams>, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<FishParams>(
    () => ({
      q: (searchParams.get('q') ?? '').trim().slice(0, 100),
      map: parseId(searchParams.get('map')),
      rarity: searchParams.get('rarity') || null,
      fish: parseId(searchParams.get('fish')),
    }),
    [searchParams],
  );

  const update = useCallback(
    (patch: Partial<FishParams>, options?: { replace?: boolean }) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options?.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [params, update];
}

/** The link target that opens one fish's detail while keeping the current filters. */
export function fishSearch(searchParams: URLSearchParams, fishId: number): string {
  const next = new URLSearchParams(searchParams);
  next.set('fish', String(fishId));
  return `?${next.toString()}`;
}
