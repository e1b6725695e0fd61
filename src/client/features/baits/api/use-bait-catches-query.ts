import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BaitCatchesQuery, BaitCatchesResponse } from '#shared/contracts/catches';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The window ends "now" on the server, so a minute-old answer is as good as a fresh one (as in the bait guide). */
const STALE_MS = 60_000;

/** `GET /api/bait-guide/bait`: the fish a bait caught in the last 72 hours and the maps, ranked by count. */
export function baitCatchesQuery(baitId: number) {
  return queryOptions({
    queryKey: queryKeys.baitGuide.bait(baitId),
    queryFn: ({ signal }) =>
      api.get<BaitCatchesResponse>('/api/bait-guide/bait', { bait_id: baitId } satisfies BaitCatchesQuery, { signal }),
    staleTime: STALE_MS,
  });
}

export function useBaitCatchesQuery(baitId: number) {
  return useQuery(baitCatchesQuery(baitId));
}
