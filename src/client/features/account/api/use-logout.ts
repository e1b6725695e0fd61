import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** How long the revoke call may take before the browser logs out without it (a stalled network must not hang). */
const REVOKE_TIMEOUT_MS = 5000;

/**
 * Logs out: `POST /api/auth/jwt/logout` revokes the token on the server; its failure (offline, token already
 * expired, no answer within 5 s) does not keep anyone logged in. The session and every cached answer (they may be
 * this user's) are dropped. `beforeClear` runs first, so the page can leave a protected route before the session
 * disappears under it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (beforeClear?: () => unknown) => {
      await api
        .post('/api/auth/jwt/logout', undefined, {
          unauthorized: 'ignore',
          signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
        })
        .catch(() => undefined);
      await beforeClear?.();
      clearSession();
      queryClient.clear();
    },
  });
}
