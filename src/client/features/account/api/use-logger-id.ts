import { useMutation } from '@tanstack/react-query';
import type { BindClientBody, UserRead } from '#shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

const BIND_PATH = '/api/c_report/user/bind_client_id';

/**
 * Binds the user's logger with the logger id and the binding code the logger shows: the answer is the user with
 * `client_id` set, stored in the session.
 */
export function useBindLoggerId() {
  return useMutation({
    mutationFn: async (body: BindClientBody) => {
      const user = await api.post<UserRead>(BIND_PATH, body);
      setSession({ userInfo: user });
      return user;
    },
  });
}

/** Unbinds it: the answer is the user with `client_id` null. */
export function useUnbindLoggerId() {
  return useMutation({
    mutationFn: async () => {
      const user = await api.delete<UserRead>(BIND_PATH);
      setSession({ userInfo: user });
      return user;
    },
  });
}
