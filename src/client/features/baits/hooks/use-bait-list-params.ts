import { useCallback, useMemo } from 'react';
import { parseId, parsePage, parseSearchText, setParam, useSearch } from '../../../lib/search-params';
import type { BaitListFilters } from '../api/use-baits-query';

/** The letters of the index; '#' collects names that do not start with A–Z. */
export const INDEX_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

type BaitListPatch = Partial<BaitListFilters>;

function parseLetter(value: string | null): string | null {
  const letter = value?.trim().toUpperCase() ?? '';
  return (INDEX_LETTERS as readonly string[]).includes(letter) ? letter : null;
}

/** A link into the bait list with these filters (`?type=10`), in the names the list reads below. */
export function baitListSearch(filters: { type: number }): string {
  return `?${new URLSearchParams({ type: String(filters.type) }).toString()}`;
}

/**
 * The bait list's filters live in the URL (`?type=10&letter=B&q=worm&match=start&page=2`) so that a list can be shared
 * and the back button walks through earlier letters and pages. Defaults are left out to keep links short. A search
 * matches anywhere in a name unless `match=start` says otherwise: "spoon", "maggot" or "勺" find the baits whose
 * names hold them, wherever they stand (a prefix search found nothing for them).
 */
export function useBaitListParams(): [
  BaitListFilters,
  (patch: BaitListPatch, options?: { replace?: boolean }) => void,
] {
  const [searchParams, edit] = useSearch();

  const filters = useMemo<BaitListFilters>(
    () => ({
      page: parsePage(searchParams.get('page')),
      letter: parseLetter(searchParams.get('letter')),
      q: parseSearchText(searchParams.get('q')),
      contains: searchParams.get('match') !== 'start',
      type: parseId(searchParams.get('type')),
    }),
    [searchParams],
  );

  const update = useCallback(
    (patch: BaitListPatch, options?: { replace?: boolean }) =>
      edit((next) => {
        if ('type' in patch) setParam(next, 'type', patch.type);
        if ('letter' in patch) setParam(next, 'letter', patch.letter);
        if ('q' in patch) setParam(next, 'q', patch.q);
        if ('contains' in patch) setParam(next, 'match', patch.contains ? null : 'start');
        // Any change of filter starts again at page 1; only an explicit page change keeps a page number.
        setParam(next, 'page', patch.page && patch.page > 1 ? patch.page : null);
      }, options),
    [edit],
  );

  return [filters, update];
}

/** The link target that runs another search text (a "did you mean" name) over every letter, from page 1. */
export function baitTextSearch(searchParams: URLSearchParams, text: string): string {
  const next = new URLSearchParams(searchParams);
  for (const key of ['letter', 'page']) next.delete(key);
  next.set('q', text);
  return `?${next.toString()}`;
}
