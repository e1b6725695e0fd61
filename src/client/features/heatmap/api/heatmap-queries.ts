import { useQueries, useQuery } from '@tanstack/react-query';
import type { HeatmapRange } from '#shared/catch-data-rules';
import type { HeatCellResponse, HeatmapResponse } from '#shared/contracts/catches';
import type { FishItem } from '#shared/contracts/catalogue';
import { api, ApiError, type Query } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Spot } from '../heat-blocks';

/** The filters of one picture, the map resolved (the page's default map filled in). */
export interface HeatQuery {
  map: number;
  fish: number | null;
  star: number | null;
  range: HeatmapRange;
  /** Unverified catches too (`trust=all`, decision 0039). */
  all: boolean;
}

function heatQuery({ map, fish, star, range, all }: HeatQuery): Query {
  return {
    map_id: map,
    fish_id: fish ?? undefined,
    star_type: star ?? undefined,
    range,
    trust: all ? 'all' : undefined,
  };
}

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The counts per cell (`GET /api/heatmap`, docs/catch-data-api.md §3). While other filters of the same map load, the
 * last picture stays on screen (dimmed by the page) rather than flashing empty; a picture of another map is never shown
 * over the new one. The server sends `ETag`s, so a refetch of an unchanged picture costs a 304.
 */
export function useHeatmap(query: HeatQuery | null) {
  return useQuery({
    queryKey: queryKeys.heatmap.picture(query),
    queryFn: ({ signal }) => api.get<HeatmapResponse>('/api/heatmap', heatQuery(query!), { signal }),
    enabled: query !== null,
    placeholderData: (previous) => (previous && previous.map_id === query?.map ? previous : undefined),
    staleTime: 30_000,
    retry: (failures, error) => failures < 1 && !notFound(error),
  });
}

/** What was caught in one spot (a cell, or a square of cells) under the same filters (`GET /api/heatmap/cell`). */
export function useHeatCell(query: HeatQuery | null, spot: Spot | null) {
  return useQuery({
    queryKey: queryKeys.heatmap.cell(query, spot),
    queryFn: ({ signal }) =>
      api.get<HeatCellResponse>(
        '/api/heatmap/cell',
        // One cell is asked as before, without `size`.
        { ...heatQuery(query!), col: spot!.col, row: spot!.row, size: spot!.size > 1 ? spot!.size : undefined },
        { signal },
      ),
    enabled: query !== null && spot !== null,
    staleTime: 30_000,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

/**
 * The totals of the same map under other filters (empty-reason.ts), asked only while `enabled` (the view is empty):
 * undefined while one has not answered, 0 when it failed. They share the heat map's cache, so the view the page then
 * offers opens at once.
 */
export function useHeatTotals(queries: readonly HeatQuery[], enabled: boolean): (number | undefined)[] {
  return useQueries({
    queries: queries.map((query) => ({
      queryKey: queryKeys.heatmap.picture(query),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<HeatmapResponse>('/api/heatmap', heatQuery(query), { signal }),
      enabled,
      staleTime: 30_000,
      retry: false,
    })),
    combine: (results) => results.map((result) => (result.isError ? 0 : result.data?.total)),
  });
}

interface FishesByMap {
  items: FishItem[];
}

/**
 * The fish that live on a map (`GET /api/system/get_fishes_by_map_id`), for the fish filter. `placeholder` (the
 * base configuration's fish of that map) fills the list at once while the answer is on its way.
 */
export function useMapFishes(mapId: number | null, placeholder: readonly FishItem[]) {
  return useQuery({
    queryKey: queryKeys.catalogue.fishesByMap(mapId),
    queryFn: ({ signal }) =>
      api
        .get<FishesByMap>('/api/system/get_fishes_by_map_id', { map_id: mapId! }, { signal })
        .then((body) => body.items),
    enabled: mapId !== null,
    placeholderData: placeholder.length > 0 ? [...placeholder] : undefined,
    // The catalogue changes with a deployment, not while a page is open.
    staleTime: 10 * 60_000,
  });
}
