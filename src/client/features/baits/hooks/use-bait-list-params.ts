import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BaitListFilters } from '../api/use-baits-query';

/** The letters of the index; '#' collects names that do not start with A–Z. */
export const INDEX_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

export type BaitListPatch = Partial<BaitListFilters>;

function parseLetter(value: string | null): string | null {
  const letter = value?.trim().toUpperCase() ?? '';
  return (INDEX_LETTERS as readonly string[]).includes(letter) ? letter : null;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The bait list's filters live in the URL (`?letter=B&q=worm&match=contains&page=2`) so that a list can be shared
 * and the back button walks through earlier letters and pages. Defaults are left out to keep links short.
 */
export function useBaitListParams(): [
  BaitListFilters,
  (patch: BaitListPatch, options?: { replace?: boolean }) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();

  const filters = useMemo<BaitListFilters>(
    () => ({
      page: parsePage(searchParams.get('page')),
      letter: parseLetter(searchParams.get('letter')),
      q: (searchParams.get('q') ?? '').trim().slice(0, 100),
      contains: searchParams.get('match') === 'contains',
    }),
    [searchParams],
  );

  const update = useCallback(
    (patch: BaitListPatch, options?: { replace?: boolean }) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
          if ('letter' in patch) set('letter', patch.letter ?? null);
          if ('q' in patch) set('q', patch.q || null);
          if ('contains' in patch) set('match', patch.contains ? 'contains' : null);
          // Any change of filter starts again at page 1; only an explicit page change keeps a page number.
          set('page', patch.page && patch.page > 1 ? String(patch.page) : null);
          return next;
        },
        { replace: options?.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [filters, update];
}
