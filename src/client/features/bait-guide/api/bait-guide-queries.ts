import { useQuery } from '@tanstack/react-query';
import type { BaitGuideDetailResponse, BaitGuideQuery, BaitGuideResponse } from '#shared/contracts/catches';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The window ends "now" on the server, so a minute-old answer is as good as a fresh one. */
const STALE_MS = 60_000;

/** `all`: unverified catches too (`trust=all`, decision 0039); the default view counts trusted ones. */
function query(fish: number, map: number | null, all: boolean) {
  return {
    fish_id: fish,
    map_id: map ?? undefined,
    trust: all ? 'all' : undefined,
  } satisfies Partial<BaitGuideQuery>;
}

/** `GET /api/bait-guide`: the fish's baits in the last 72 hours, ranked by share (docs/catch-data-api.md §4). */
export function useBaitGuide(fish: number | null, map: number | null, all = false) {
  return useQuery({
    queryKey: queryKeys.baitGuide.ranking(fish, map, all),
    queryFn: ({ signal }) => api.get<BaitGuideResponse>('/api/bait-guide', query(fish!, map, all), { signal }),
    enabled: fish !== null,
    staleTime: STALE_MS,
  });
}

/** `GET /api/bait-guide/detail`: the same, with the splits by game hour, depth band and weather. */
export function useBaitGuideDetail(fish: number, map: number | null, all = false) {
  return useQuery({
    queryKey: queryKeys.baitGuide.detail(fish, map, all),
    queryFn: ({ signal }) =>
      api.get<BaitGuideDetailResponse>('/api/bait-guide/detail', query(fish, map, all), { signal }),
    staleTime: STALE_MS,
  });
}
