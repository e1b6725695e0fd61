import { useQuery } from '@tanstack/react-query';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import { api } from '../../../lib/api-client';

export type TopBaitsEntry = BaitGuideTopResponse['fishes'][number];

/**
 * `GET /api/bait-guide/top`: every fish's three most used baits in the last 72 hours, in ONE request for the whole
 * encyclopedia (never one per card), on one map when the list is filtered by map.
 */
export function useTopBaits(map: number | null) {
  return useQuery({
    queryKey: ['bait-guide', 'top', map],
    queryFn: ({ signal }) =>
      api.get<BaitGuideTopResponse>('/api/bait-guide/top', { map_id: map ?? undefined }, { signal }),
    // By fish id, so each card finds its entry at once.
    select: (data) => new Map((data?.fishes ?? []).map((entry) => [entry.fish_id, entry])),
    // The window ends "now" on the server, so a minute-old answer is as good as a fresh one.
    staleTime: 60_000,
  });
}
