/**
 * The start-up check of a stored session (docs/product-requirements.md §4: whether a user is logged in is decided by
 * the current-user call). With a stored token, `GET /api/users/me` runs once: success refreshes the stored user info; a
 * 401 forgets the session without leaving the page (a visitor on a public page stays there; protected pages send the
 * now logged-out user to the login page themselves); any other failure keeps the session and says so ('Get user info
 * failed'). Imports only types from the auth contract, so zod stays out of the first download.
 */
import type { UserRead } from '#shared/contracts/auth';
import { ApiError, api } from './api-client';
import { errorMessage } from './error-message';
import { i18n, whenI18nReady } from './i18n';
import { getSessionToken, setSession } from './session';
import { toast } from './toast';

export const CURRENT_USER_PATH = '/api/users/me';

/** Never rejects. Resolves once the check is over (immediately when no token is stored). */
export async function checkCurrentUser(): Promise<void> {
  const token = getSessionToken();
  if (!token) return;
  try {
    const user = await api.get<UserRead>(CURRENT_USER_PATH, undefined, { unauthorized: 'clear' });
    // A logout or another login while the call was under way wins over this answer.
    if (getSessionToken() === token) setSession({ userInfo: user });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return; // the API client has forgotten the session
    await whenI18nReady().catch(() => undefined);
    toast.error(i18n.t('common:errors.getUserInfo'), errorMessage(error), { id: 'current-user-failed' });
  }
}
