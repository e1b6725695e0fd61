import { useCallback } from 'react';
import { parsePage, setParam, useSearch } from '../../../lib/search-params';

/** The order list's page lives in the URL (`?page=2`), so Back walks through the pages; page 1 is left out. */
export function useOrderPage(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [searchParams, edit] = useSearch();
  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      edit((next) => setParam(next, 'page', page > 1 ? page : null), options),
    [edit],
  );
  return [parsePage(searchParams.get('page')), setPage];
}
