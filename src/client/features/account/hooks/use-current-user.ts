import { useQuery } from '@tanstack/react-query';
import type { UserRead } from '#shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_PATH } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { setSession, useSession } from '../../../lib/session';

/**
 * The logged-in user for the user-centre pages: the stored user info at once; when a session has a token but no user
 * info (an older stored session, or a failed start-up check), `GET /api/users/me` fills it in.
 */
export function useCurrentUser() {
  const { token, userInfo, loggedIn } = useSession();
  const query = useQuery({
    queryKey: queryKeys.account.me(token),
    queryFn: async ({ signal }) => {
      const user = await api.get<UserRead>(CURRENT_USER_PATH, undefined, { signal });
      setSession({ userInfo: user });
      return user;
    },
    enabled: loggedIn && !userInfo,
    retry: false,
  });
  return { loggedIn, user: userInfo, query };
}
