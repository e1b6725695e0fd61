import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HEATMAP_RANGE_DAYS } from '#shared/catch-data-rules';
import type { BirdLogItem, BirdLogPage, OfficialLogItem, OfficialLogPage } from '#shared/contracts/catches';
import { api, ApiError, type Query } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { LogFilters } from '../hooks/use-log-params';

/** AI records (the bird loggers' catches) or official records. */
export type LogKind = 'bird' | 'official';
export type LogItem = BirdLogItem | OfficialLogItem;
type LogPage = BirdLogPage | OfficialLogPage;

export const LOG_PAGE_SIZE = 20;
const DAY = 86_400_000;

/**
 * The list's query string (docs/catch-data-api.md §2 names). A preset range becomes `from` when the page is fetched, so
 * "the last 7 days" always end now, and the query key holds the preset rather than a time that changes on every render.
 */
function listQuery(kind: LogKind, filters: LogFilters, page: number): Query {
  const range = filters.range;
  const from =
    range && range !== 'custom' ? new Date(Date.now() - HEATMAP_RANGE_DAYS[range] * DAY).toISOString() : filters.from;
  return {
    map_id: filters.map ?? undefined,
    fish_id: filters.fish ?? undefined,
    bait_id: filters.bait ?? undefined,
    star_type: filters.star ?? undefined,
    // Official records call the rod type their category.
    ...(kind === 'official' ? { category: filters.rod ?? undefined } : { rod_type: filters.rod ?? undefined }),
    from: from ?? undefined,
    to: range === 'custom' ? (filters.to ?? undefined) : undefined,
    mine: filters.mine || undefined,
    // A spot (from a heat map cell) narrows AI records only; official records have no coordinates to filter on.
    ...(kind === 'bird' && filters.spot
      ? {
          x_min: filters.spot.x_min ?? undefined,
          x_max: filters.spot.x_max ?? undefined,
          y_min: filters.spot.y_min ?? undefined,
          y_max: filters.spot.y_max ?? undefined,
        }
      : {}),
    page,
    page_size: LOG_PAGE_SIZE,
  };
}

/**
 * One page of a log list. `enabled` is false while the page cannot ask (`mine` without a login or a bound logger):
 * it shows its prompt instead. `session` keys `mine` lists by the account, so another login never sees the last one's.
 */
export function useLogList(
  kind: LogKind,
  filters: LogFilters,
  page: number,
  { enabled, session }: { enabled: boolean; session: string },
) {
  return useQuery({
    queryKey: queryKeys.logs.list(kind, filters, page, filters.mine ? session : null),
    queryFn: ({ signal }) => api.get<LogPage>(`/api/logs/${kind}`, listQuery(kind, filters, page), { signal }),
    enabled,
    // The current page stays on screen while the next page or filter loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One record by id; `placeholder` (the row the user clicked) shows at once while the full record loads. */
export function useLogItem(kind: LogKind, id: number | null, placeholder?: LogItem) {
  return useQuery<LogItem>({
    queryKey: queryKeys.logs.item(kind, id),
    queryFn: ({ signal }) => api.get<LogItem>(`/api/logs/${kind}/${id}`, undefined, { signal }),
    enabled: id !== null,
    placeholderData: placeholder,
    // A record never changes once stored.
    staleTime: Infinity,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}
