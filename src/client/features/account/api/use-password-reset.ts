import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/forgot-password`: always 202 for a well-formed address (no account enumeration). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<null>('/api/auth/forgot-password', { email }),
  });
}

/** `POST /api/auth/reset-password` with the token from the e-mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.post<null>('/api/auth/reset-password', body),
  });
}
