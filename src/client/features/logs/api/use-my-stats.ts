import { useQuery } from '@tanstack/react-query';
import type { StatsResponse } from '#shared/contracts/catches';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The browser's IANA time zone: "today" in the stats is the user's own day (docs/product-requirements.md §2,
 * docs/catch-data-api.md §5).
 */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The current user's stats; `loggerId` keys them by the bound logger, so binding another one shows its own. */
export function useMyStats(loggerId: string | null, token: string) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: queryKeys.stats.me(token, loggerId, tz),
    queryFn: ({ signal }) => api.get<StatsResponse>('/api/users/me/stats', { tz }, { signal }),
    enabled: loggerId !== null,
    staleTime: 30_000,
  });
}
