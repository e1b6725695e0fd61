import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, UserRead } from '#shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_PATH } from '../../../lib/current-user';
import { setSession } from '../../../lib/session';

interface Credentials {
  /** The e-mail address (FastAPI Users' login form calls it `username`). */
  username: string;
  password: string;
}

/**
 * Logs in and stores the session: `POST /api/auth/jwt/login` form-encoded (docs/product-requirements.md §5), then
 * `GET /api/users/me` with the new token, then `{token, userInfo}` in one step, so no one ever sees a token without its
 * user. Also used after registering and after a password change (which revokes the old token).
 */
export async function logIn({ username, password }: Credentials): Promise<UserRead> {
  const form = new URLSearchParams({ username, password });
  // No bearer header: after a password change the stored token is already revoked, and login needs none.
  const { access_token: token } = await api.post<LoginResponse>('/api/auth/jwt/login', form, { token: '' });
  const userInfo = await api.get<UserRead>(CURRENT_USER_PATH, undefined, { token });
  setSession({ token, userInfo });
  return userInfo;
}

export function useLogin() {
  return useMutation({ mutationFn: logIn });
}
