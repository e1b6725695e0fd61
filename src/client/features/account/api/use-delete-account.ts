import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/**
 * `POST /api/users/me/deletion` with the current password. Once it answers, every token of the account is dead: the
 * session and every cached answer (this user's) are dropped as by the user's own logout, so the page still on screen
 * goes home rather than to the login page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post<null>('/api/users/me/deletion', body),
    onSuccess: () => {
      clearSession({ byLogout: true });
      queryClient.clear();
    },
  });
}
