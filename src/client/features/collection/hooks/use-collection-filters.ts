import { useCallback, useMemo } from 'react';
import { parseId, parseOneOf, setParam, useSearch } from '../../../lib/search-params';

export const SHOW = ['all', 'caught', 'missing'] as const;
export type Show = (typeof SHOW)[number];

export interface CollectionFilters {
  /** Caught, not yet, or all (the default, kept out of the URL). */
  show: Show;
  /** Only the fish living on this map; null for every fish. */
  map: number | null;
}

/** The collection's filters in the URL (`?show=missing&map=3`), so a view can be reloaded or shared as it is. */
export function useCollectionFilters(): [CollectionFilters, (patch: Partial<CollectionFilters>) => void] {
  const [searchParams, edit] = useSearch();
  const filters = useMemo<CollectionFilters>(
    () => ({
      show: parseOneOf(searchParams.get('show'), SHOW) ?? 'all',
      map: parseId(searchParams.get('map')),
    }),
    [searchParams],
  );
  const update = useCallback(
    (patch: Partial<CollectionFilters>) =>
      edit(
        (next) => {
          if (patch.show !== undefined) setParam(next, 'show', patch.show === 'all' ? null : patch.show);
          if (patch.map !== undefined) setParam(next, 'map', patch.map);
        },
        { replace: true },
      ),
    [edit],
  );
  return [filters, update];
}
