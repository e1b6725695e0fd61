import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import { api } from './api-client';
import { queryKeys } from './query-keys';

export type TopBaitsEntry = BaitGuideTopResponse['fishes'][number];

/**
 * `GET /api/bait-guide/top`: every fish's three most used baits in the last 72 hours, on one map or on all, in ONE
 * request (the encyclopedia's cards, the bait guide's most reported fish). `select` shapes the answer for the page.
 */
export function useTopBaits<T = BaitGuideTopResponse>(map: number | null, select?: (data: BaitGuideTopResponse) => T) {
  return useQuery({ ...topBaitsQuery(map), select });
}

export function topBaitsQuery(map: number | null) {
  return queryOptions({
    queryKey: queryKeys.baitGuide.top(map),
    queryFn: ({ signal }) =>
      api.get<BaitGuideTopResponse>('/api/bait-guide/top', { map_id: map ?? undefined }, { signal }),
    // The window ends "now" on the server, so a minute-old answer is as good as a fresh one.
    staleTime: 60_000,
  });
}
