import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/**
 * Logs out: `POST /api/auth/jwt/logout` revokes the token on the server; its failure (offline, token already
 * expired) does not keep anyone logged in. The session and every cached answer (they may be this user's) are dropped.
 * `beforeClear` runs first, so the page can leave a protected route before the session disappears under it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (beforeClear?: () => unknown) => {
      await api.post('/api/auth/jwt/logout', undefined, { unauthorized: 'ignore' }).catch(() => undefined);
      await beforeClear?.();
      clearSession();
      queryClient.clear();
    },
  });
}
