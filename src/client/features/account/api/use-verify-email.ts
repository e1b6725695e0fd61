import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserRead } from '#shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getSession, setSession } from '../../../lib/session';

/** `POST /api/auth/request-verify-token`: sends the verification e-mail (202, silent for unknown addresses). */
export function useRequestVerifyEmail() {
  return useMutation({
    mutationFn: (email: string) => api.post<null>('/api/auth/request-verify-token', { email }),
  });
}

/**
 * `POST /api/auth/verify` for the token of an e-mailed link, once per token: a query rather than a mutation so React's
 * double effects, remounts and a language switch reuse the answer instead of verifying twice (the second try would
 * say "already verified"). When the verified user is the one logged in, the stored user info is refreshed.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: queryKeys.account.verify(token),
    queryFn: async () => {
      const user = await api.post<UserRead>('/api/auth/verify', { token });
      if (getSession().userInfo?.id === user.id) setSession({ userInfo: user });
      return user;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
