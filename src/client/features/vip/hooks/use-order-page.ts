import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The order list's page lives in the URL (`?page=2`), so Back walks through the pages; page 1 is left out. */
export function useOrderPage(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = Number(searchParams.get('page'));
  const page = Number.isInteger(value) && value >= 1 ? value : 1;
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        },
        { replace: options?.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  return [page, setPage];
}
