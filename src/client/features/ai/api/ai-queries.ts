/**
 * The AI chat calls (issue 11, docs/design.md §4) as TanStack Query hooks; types from the contract through
 * `import type`. Keys hold the session's token, so another login never sees the last one's quota or history.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiHistoryResponse, AiQuotaResponse, AskRequest, AskResponse } from '#shared/contracts/ai';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** `GET /api/ai/quota`: the free questions left this minute (VIP: unlimited). */
export function useAiQuota() {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.ai.quota(token),
    queryFn: ({ signal }) => api.get<AiQuotaResponse>('/api/ai/quota', undefined, { signal }),
  });
}

/** `GET /api/ai/history`: the signed-in user's own recent questions. */
export function useAiHistory() {
  const { token, loggedIn } = useSession();
  return useQuery({
    queryKey: queryKeys.ai.history(token),
    queryFn: ({ signal }) => api.get<AiHistoryResponse>('/api/ai/history', undefined, { signal }),
    enabled: loggedIn,
  });
}

/** `POST /api/ai/ask`: one answer; the quota and history follow it. */
export function useAsk() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (body: AskRequest) => api.post<AskResponse>('/api/ai/ask', body),
    onSuccess: (answer) => {
      queryClient.setQueryData<AiQuotaResponse>(queryKeys.ai.quota(token), (quota) =>
        quota && !quota.vip ? { ...quota, remaining: answer.remaining, retry_after: null } : quota,
      );
      // The last free question: ask when the window ends, so the page counts down before the next one.
      if (answer.remaining === 0) void queryClient.invalidateQueries({ queryKey: queryKeys.ai.quota(token) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ai.history(token) });
    },
  });
}
