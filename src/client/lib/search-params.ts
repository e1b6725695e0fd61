/**
 * A page's state in its URL (filters, the page number, the open item): the one way to read the query string, where
 * a missing or malformed value reads as "not set" (a hand-edited or stale link never breaks a page), and the one way
 * to change it, as a history entry that keeps the scroll position.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { STAR_TYPES } from '#shared/game/catch-attributes';

/** A catalogue or record id: a positive whole number, else null. */
export function parseId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** A page number: a whole number from 1, else page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One of the words a parameter may hold (a time range, a rod type), else null. */
export function parseOneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : null;
}

/** A star type a catch may carry: 0 (unknown) or 446–452, else null. */
export function parseStarType(value: string | null): number | null {
  const star = Number(value);
  return value && (STAR_TYPES as readonly number[]).includes(star) ? star : null;
}

/** Search text as typed: trimmed, at most 100 characters ('' for none). */
export function parseSearchText(value: string | null): string {
  return (value ?? '').trim().slice(0, 100);
}

/** Sets a parameter, or removes it for no value (null, undefined or ''), so defaults stay out of the URL. */
export function setParam(params: URLSearchParams, key: string, value: string | number | null | undefined): void {
  if (value === null || value === undefined || value === '') params.delete(key);
  else params.set(key, String(value));
}

/** A link to this page with one parameter set and the others kept (`?map=3&id=7`): opens an item over a list. */
export function searchWith(searchParams: URLSearchParams, key: string, value: string | number): string {
  const next = new URLSearchParams(searchParams);
  next.set(key, String(value));
  return `?${next.toString()}`;
}

type EditSearch = (edit: (params: URLSearchParams) => void, options?: { replace?: boolean }) => void;

/**
 * The current query string and the way to change it: `edit` gets a copy to change in place; the result is a new
 * history entry (or replaces the current one) and the page keeps its scroll position.
 */
export function useSearch(): [URLSearchParams, EditSearch] {
  const [searchParams, setSearchParams] = useSearchParams();
  // While the router loads another page (its lazy module), this page is still mounted: an edit then (a search box's
  // commit after its pause in typing, say) would replace that navigation and keep the reader here. A bait's name
  // clicked within the pause after typing was seen to bounce back to the list; such edits are dropped.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  }, [navigation, pathname]);
  // React Router hands a function given to setSearchParams the params of the last render, not of the last navigation
  // asked for: two edits before the page renders again (a user chosen in a list, then the search box's commit a
  // moment later) would lose the first. So the edits asked for since the URL last showed are kept here, each built
  // on the one before; once a render shows one of them the older ones go, and a URL none of them made (the back
  // button) starts afresh.
  const asked = useRef([searchParams.toString()]);
  useEffect(() => {
    const shown = searchParams.toString();
    const at = asked.current.lastIndexOf(shown);
    asked.current = at === -1 ? [shown] : asked.current.slice(at);
  }, [searchParams]);
  const edit = useCallback<EditSearch>(
    (change, options) => {
      if (leaving.current) return;
      const next = new URLSearchParams(asked.current[asked.current.length - 1]);
      change(next);
      asked.current.push(next.toString());
      setSearchParams(next, { replace: options?.replace, preventScrollReset: true });
    },
    [setSearchParams],
  );
  return [searchParams, edit];
}
