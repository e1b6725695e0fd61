import { useCallback, useMemo } from 'react';
import { HEATMAP_RANGES, type HeatmapRange } from '#shared/catch-data-rules';
import { ROD_TYPES, type RodType } from '#shared/game/catch-attributes';
import {
  parseId,
  parseOneOf,
  parsePage,
  parseStarType,
  searchWith,
  setParam,
  useSearch,
} from '../../../lib/search-params';

/**
 * A spot on the map, as the heat map's cell links send it (`x_min ≤ x < x_max`, `y_min ≤ y < y_max`, game
 * coordinates); a side left out is open. AI records only.
 */
export interface LogSpot {
  x_min: number | null;
  x_max: number | null;
  y_min: number | null;
  y_max: number | null;
}
const SPOT_KEYS = ['x_min', 'x_max', 'y_min', 'y_max'] as const;

export interface LogFilters {
  map: number | null;
  fish: number | null;
  bait: number | null;
  /** 0 (unknown) or 446–452; null for every star type. */
  star: number | null;
  rod: RodType | null;
  /** A range ending now (the heat map's, whose cell links send theirs here), `custom` for `from` / `to`, null for any time. */
  range: HeatmapRange | 'custom' | null;
  /** ISO-8601 UTC, inclusive (custom range only). */
  from: string | null;
  /** ISO-8601 UTC, exclusive (custom range only). */
  to: string | null;
  /** Only the user's own records. */
  mine: boolean;
  /** Only catches made inside this spot; null for anywhere. */
  spot: LogSpot | null;
}

interface LogParams extends LogFilters {
  page: number;
  /** The record whose detail is open. */
  id: number | null;
}

export const NO_FILTERS: LogFilters = {
  map: null,
  fish: null,
  bait: null,
  star: null,
  rod: null,
  range: null,
  from: null,
  to: null,
  mine: false,
  spot: null,
};

function parseTime(value: string | null): string | null {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

function parseCoordinate(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function parseSpot(searchParams: URLSearchParams): LogSpot | null {
  const spot = Object.fromEntries(
    SPOT_KEYS.map((key) => [key, parseCoordinate(searchParams.get(key))]),
  ) as unknown as LogSpot;
  return SPOT_KEYS.some((key) => spot[key] !== null) ? spot : null;
}

function parseRange(value: string | null, from: string | null, to: string | null): LogFilters['range'] {
  const preset = parseOneOf(value, HEATMAP_RANGES);
  if (preset) return preset;
  // A hand-made link with only `from` / `to` is a custom range too.
  return value === 'custom' || from || to ? 'custom' : null;
}

/** How many filters narrow the list (the phone's "Filters (n)" button). */
export function activeFilterCount(filters: LogFilters): number {
  const { map, fish, bait, star, rod, range, mine, spot } = filters;
  return [map, fish, bait, star, rod, range, spot].filter((value) => value !== null).length + (mine ? 1 : 0);
}

/**
 * The filters, the page and the open record live in the URL (`?map=3&fish=42&range=7d&page=2&id=123`; a spot as
 * `x_min=…&x_max=…&y_min=…&y_max=…`, the API's names, as the heat map links it), so a filtered
 * list or one record can be shared, and the back button closes the detail it opened. A preset range stays relative
 * ("the last 7 days" of whoever opens the link); a custom one (`range=custom&from=…&to=…`) is absolute. Defaults are left out of the URL.
 */
export function useLogParams(): [LogParams, (patch: Partial<LogParams>, options?: { replace?: boolean }) => void] {
  const [searchParams, edit] = useSearch();

  const params = useMemo<LogParams>(() => {
    const from = parseTime(searchParams.get('from'));
    const to = parseTime(searchParams.get('to'));
    const range = parseRange(searchParams.get('range'), from, to);
    return {
      map: parseId(searchParams.get('map')),
      fish: parseId(searchParams.get('fish')),
      bait: parseId(searchParams.get('bait')),
      star: parseStarType(searchParams.get('star')),
      rod: parseOneOf(searchParams.get('rod'), ROD_TYPES),
      range,
      from: range === 'custom' ? from : null,
      to: range === 'custom' ? to : null,
      mine: searchParams.get('mine') === 'true',
      spot: parseSpot(searchParams),
      page: parsePage(searchParams.get('page')),
      id: parseId(searchParams.get('id')),
    };
  }, [searchParams]);

  const update = useCallback(
    (patch: Partial<LogParams>, options?: { replace?: boolean }) =>
      edit((next) => {
        for (const key of ['map', 'fish', 'bait', 'star', 'rod', 'from', 'to'] as const) {
          if (key in patch) setParam(next, key, patch[key]);
        }
        if ('range' in patch) {
          setParam(next, 'range', patch.range);
          if (patch.range !== 'custom') {
            next.delete('from');
            next.delete('to');
          }
        }
        if ('mine' in patch) setParam(next, 'mine', patch.mine ? 'true' : null);
        if ('spot' in patch) for (const key of SPOT_KEYS) setParam(next, key, patch.spot?.[key]);
        if ('id' in patch) setParam(next, 'id', patch.id);
        // A new filter starts again at page 1; opening or closing a detail keeps the page.
        const filtered = Object.keys(patch).some((key) => key !== 'id' && key !== 'page');
        if ('page' in patch) setParam(next, 'page', patch.page && patch.page > 1 ? patch.page : null);
        else if (filtered) next.delete('page');
      }, options),
    [edit],
  );

  return [params, update];
}

/** The link that opens one record's detail, keeping the list's filters and page. */
export function detailSearch(searchParams: URLSearchParams, id: number): string {
  return searchWith(searchParams, 'id', id);
}
