/**
 * The VIP and order calls (issue 12, docs/design.md §4) as TanStack Query hooks. Types come from the contract through
 * `import type`, so zod stays out of the bundle. Every key holds the session's token: another login never sees the
 * last one's orders or membership.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserRead } from '#shared/contracts/auth';
import type {
  LocalCheckoutBody,
  Order,
  OrderPage,
  ResumeResponse,
  SubscribeResponse,
  VipMode,
  VipStatus,
} from '#shared/contracts/vip';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_PATH } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { getSessionToken, setSession, useSession } from '../../../lib/session';

export const ORDER_PAGE_SIZE = 10;

const orderPath = (orderNo: string) => `/api/order/${encodeURIComponent(orderNo)}`;

/**
 * Fetches the current user again and stores it (a payment that landed changes `is_vip` and `vip_expire_at`, which the
 * header badge and the user centre read from the session). A login or logout meanwhile wins over this answer.
 */
async function refreshCurrentUser(signal?: AbortSignal): Promise<UserRead> {
  const token = getSessionToken();
  const user = await api.get<UserRead>(CURRENT_USER_PATH, undefined, { signal });
  if (getSessionToken() === token) setSession({ userInfo: user });
  return user;
}

/** `GET /api/vip/status`: expiry, auto-renew and the price; only asked for a logged-in user. */
export function useVipStatus() {
  const { token, loggedIn } = useSession();
  return useQuery({
    queryKey: queryKeys.vip.status(token),
    queryFn: ({ signal }) => api.get<VipStatus>('/api/vip/status', undefined, { signal }),
    enabled: loggedIn,
  });
}

/** `GET /api/vip/subscribe?mode=…`: a pending order and where the browser goes to pay it. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (mode: VipMode) => api.get<SubscribeResponse>('/api/vip/subscribe', { mode }),
  });
}

/** `POST /api/vip/cancel`: stops auto-renewal (VIP stays until its expiry); the answer is the new status. */
export function useCancelAutoRenew() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: () => api.post<VipStatus>('/api/vip/cancel'),
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.vip.status(token), status);
    },
  });
}

interface OrderOptions {
  /** Poll every `interval` ms while the order is pending; false stops. */
  pollWhilePending?: number | false;
  enabled?: boolean;
}

/** `GET /api/order/{order_no}`: one of the user's orders (404 `ORDER_NOT_FOUND` for anyone else's). */
export function useOrder(orderNo: string, { pollWhilePending = false, enabled = true }: OrderOptions = {}) {
  const { token, loggedIn } = useSession();
  return useQuery({
    queryKey: queryKeys.vip.order(token, orderNo),
    queryFn: ({ signal }) => api.get<Order>(orderPath(orderNo), undefined, { signal }),
    enabled: enabled && loggedIn && orderNo !== '',
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pollWhilePending : false),
    // A polling page left in a background tab still learns the outcome.
    refetchIntervalInBackground: true,
    // A failed poll keeps the last answer on screen (the page shows `data` first) and the next poll tries again.
    retry: false,
  });
}

/** `GET /api/order/list`: a page of the user's orders, newest first. */
export function useOrderList(page: number) {
  const { token, loggedIn } = useSession();
  return useQuery({
    queryKey: queryKeys.vip.orders(token, page),
    queryFn: ({ signal }) => api.get<OrderPage>('/api/order/list', { page, page_size: ORDER_PAGE_SIZE }, { signal }),
    enabled: loggedIn,
    // The current page stays on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/order/{order_no}/resume`: the open order's checkout again (409 `ORDER_EXPIRED` once it has expired). */
export function useResumeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => api.post<ResumeResponse>(`${orderPath(orderNo)}/resume`),
    // Refused: the order changed meanwhile (expired, paid), and the list should say so.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.vip.anyOrders() }),
  });
}

/** `POST /api/order/{order_no}/cancel`: closes the open order; the lists are fetched again with it. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (orderNo: string) => api.post<Order>(`${orderPath(orderNo)}/cancel`),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.vip.order(token, order.order_no), order);
    },
    // Also after a 409: the order changed meanwhile (paid, expired), and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vip.anyOrders() }),
  });
}

/** `POST /api/vip/local-checkout/{order_no}`: the test checkout's Pay / Fail / Cancel (local provider only). */
export function useLocalCheckout(orderNo: string) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (outcome: LocalCheckoutBody['outcome']) =>
      api.post<Order>(`/api/vip/local-checkout/${encodeURIComponent(orderNo)}`, { outcome }),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.vip.order(token, orderNo), order);
    },
  });
}

/**
 * Once an order's outcome changes the membership (paid, or refunded), the current user is fetched again so the badge
 * and the expiry follow, and the status and order list are marked out of date. `data` is the refreshed user.
 */
export function useUserAfterOutcome(orderNo: string, changed: boolean) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.vip.userAfter(token, orderNo),
    queryFn: async ({ signal }) => {
      const user = await refreshCurrentUser(signal);
      void queryClient.invalidateQueries({ queryKey: queryKeys.vip.anyStatus() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.vip.anyOrders() });
      return user;
    },
    enabled: changed,
    staleTime: Infinity,
    retry: false,
  });
}
