import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { clearSession, getSessionToken } from '../../../lib/session';

/** How long the revoke call may take before it is abandoned (a stalled network must not hang anything). */
const REVOKE_TIMEOUT_MS = 5000;

/**
 * Logs out: the session ends at once (so nothing — a reload, another tab, a quick click elsewhere — can find it
 * still stored), then `leave` moves on (home). The session is cleared as the user's own logout, which is what keeps
 * the protected page still on screen until the next page is committed from sending the user to the login page
 * (RequireLogin goes home instead). Waiting for that page to unmount before ending the session was a worse answer:
 * a navigation that never committed (a reload right after the click) left the user logged in.
 */
export function useLogout(): { logOut: (leave: () => unknown) => void; pending: boolean } {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const logOut = (leave: () => unknown) => {
    setPending(true);
    void endSession(queryClient);
    void leave();
  };
  return { logOut, pending };
}

/**
 * Drops the session and every cached answer (they may be this user's), then revokes the token
 * (`POST /api/auth/jwt/logout` with that token). In this order a request still under way when the token dies gets a
 * 401 for a token that is no longer the stored one, which the API client ignores. The revoke's failure (offline,
 * token already expired, no answer within 5 s) keeps nobody logged in.
 */
async function endSession(queryClient: QueryClient): Promise<void> {
  const token = getSessionToken();
  clearSession({ byLogout: true });
  queryClient.clear();
  if (!token) return;
  await api
    .post('/api/auth/jwt/logout', undefined, {
      token,
      unauthorized: 'ignore',
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    })
    .catch(() => undefined);
}
