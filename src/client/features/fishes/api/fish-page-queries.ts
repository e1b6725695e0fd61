/**
 * What a fish's page asks (issue 23). Through TanStack Query only, so the server renders the page with the answers
 * in its cache; the bait guide's answer is keyed as the bait guide's own, so the two pages share it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BaitGuideQuery, BaitGuideResponse, OfficialLogPage } from '#shared/contracts/catches';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many of the newest official records the page lists. */
export const LATEST_RECORDS = 5;

/** `GET /api/bait-guide?fish_id=`: the fish's baits of the last 72 hours on every map, ranked by share. */
export function fishBaitGuideQuery(fishId: number) {
  return queryOptions({
    queryKey: queryKeys.baitGuide.ranking(fishId, null),
    queryFn: ({ signal }) =>
      api.get<BaitGuideResponse>('/api/bait-guide', { fish_id: fishId } satisfies Partial<BaitGuideQuery>, { signal }),
    // The window ends "now" on the server, so a minute-old answer is as good as a fresh one (as in the bait guide).
    staleTime: 60_000,
  });
}

/** `GET /api/logs/official?fish_id=`: the fish's newest official records. */
export function latestRecordsQuery(fishId: number) {
  return queryOptions({
    queryKey: queryKeys.logs.latest('official', { fish: fishId }, LATEST_RECORDS),
    queryFn: ({ signal }) =>
      api.get<OfficialLogPage>(
        '/api/logs/official',
        { fish_id: fishId, page: 1, page_size: LATEST_RECORDS },
        { signal },
      ),
    staleTime: 30_000,
  });
}

export function useFishBaitGuide(fishId: number) {
  return useQuery(fishBaitGuideQuery(fishId));
}

export function useLatestRecords(fishId: number) {
  return useQuery(latestRecordsQuery(fishId));
}
