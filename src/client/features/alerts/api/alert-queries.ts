/**
 * The alert calls (issue 25, decision 0036) as TanStack Query hooks. Types come from the contract through `import type`,
 * so zod stays out of the bundle. Every key holds the session's token: another login never sees the last one's
 * follows or alerts.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertPage,
  AlertSettings,
  Follow,
  FollowBody,
  FollowList,
  UnreadCount,
  UnsubscribeResponse,
} from '#shared/contracts/alerts';
import { ALERTS_PAGE_SIZE, ALERTS_UNREAD_POLL_MS } from '#shared/alert-rules';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** `GET /api/alerts/follows`: the follows and their settings (any logged-in user). */
export function useFollows({ enabled = true } = {}) {
  const { token, loggedIn } = useSession();
  return useQuery({
    queryKey: queryKeys.alerts.follows(token),
    queryFn: ({ signal }) => api.get<FollowList>('/api/alerts/follows', undefined, { signal }),
    enabled: loggedIn && enabled,
  });
}

/** After a change: the follows, the alerts and the count asked again. */
function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all() });
}

/** `POST /api/alerts/follows` (VIP members). */
export function useFollowFish() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: (body: FollowBody) => api.post<Follow>('/api/alerts/follows', body),
    onSuccess: refresh,
  });
}

/** `DELETE /api/alerts/follows/{id}`. */
export function useUnfollow() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/alerts/follows/${id}`),
    onSuccess: refresh,
  });
}

/** `PUT /api/alerts/settings`: alert e-mails on or off. */
export function useSetAlertEmails() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: (emails: boolean) => api.put<AlertSettings>('/api/alerts/settings', { emails }),
    onSuccess: refresh,
  });
}

/** `GET /api/alerts?page=`: one page of the user's alerts, newest first. */
export function useAlertList(page: number) {
  const { token, loggedIn } = useSession();
  return useQuery({
    queryKey: queryKeys.alerts.list(token, page),
    queryFn: ({ signal }) => api.get<AlertPage>('/api/alerts', { page, page_size: ALERTS_PAGE_SIZE }, { signal }),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/alerts/unread`: the bell's count, for a logged-in user only. Gentle: asked again every few minutes while
 * the page is visible, and on navigation once the last answer is a minute old (the bell asks for that).
 */
export function useUnreadAlerts() {
  const { token, loggedIn } = useSession();
  return useQuery({
    queryKey: queryKeys.alerts.unread(token),
    // A session that expired meanwhile is only forgotten: a count in the top bar must not send anyone to the login page.
    queryFn: ({ signal }) => api.get<UnreadCount>('/api/alerts/unread', undefined, { signal, unauthorized: 'clear' }),
    enabled: loggedIn,
    staleTime: 60_000,
    refetchInterval: ALERTS_UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** `POST /api/alerts/read`: the named alerts, or all, read. */
export function useMarkAlertsRead() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<UnreadCount>('/api/alerts/read', ids ? { ids } : {}),
    onSuccess: refresh,
  });
}

/** `POST /api/alerts/unsubscribe?token=`: the e-mail link's token, no login. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<UnsubscribeResponse>(`/api/alerts/unsubscribe?${new URLSearchParams({ token }).toString()}`),
  });
}
