import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkCurrentUser } from '../../../lib/current-user';

/** `POST /api/auth/forgot-password`: always 202 for a well-formed address (no account enumeration). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<null>('/api/auth/forgot-password', { email }),
  });
}

/**
 * `POST /api/auth/reset-password` with the token from the e-mailed link. A new password revokes every token of that
 * account, so a session this browser holds is checked again: if it was that account's, it is forgotten (and 'Go to
 * login' leads to the login form, not to a user centre that no longer works).
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.post<null>('/api/auth/reset-password', body),
    onSuccess: () => checkCurrentUser(),
  });
}
