import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, UserRead } from '#shared/contracts/auth';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/register` (docs/account-api.md §2.1): 201 with the new user; the caller logs in afterwards. */
export function register(body: RegisterBody): Promise<UserRead> {
  return api.post<UserRead>('/api/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
