import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { loginPathFor, sessionEndedByLogout, type UserInfo } from '../../../lib/session';
import { useLocalePath } from '../../../lib/use-locale';
import { useCurrentUser } from '../hooks/use-current-user';

/**
 * The user-centre pages need a logged-in user: a visitor goes to the login page, which brings them back here
 * (`?redirect=`). A page whose session the user just ended by logging out goes home instead: the logout's own
 * navigation home may not have been committed yet when this page sees the session gone. Children get the user, so
 * they never deal with a missing one.
 */
export function RequireLogin({ children }: { children: (user: UserInfo) => ReactNode }) {
  const { t } = useTranslation('account');
  const location = useLocation();
  const localePath = useLocalePath();
  const { loggedIn, user, query } = useCurrentUser();
  // Only a page shown to a logged-in user can be left by a logout; a visitor arriving later still goes to login.
  const [openedLoggedIn] = useState(loggedIn);

  if (!loggedIn) {
    if (openedLoggedIn && sessionEndedByLogout()) return <Navigate to={localePath(PAGE_PATHS.home)} replace />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (user) return children(user);
  if (query.isError) {
    return (
      <LoadFailedAlert title={t('user.loadFailed')} retryLabel={t('user.retry')} onRetry={() => void query.refetch()} />
    );
  }
  return <LoadingState>{t('user.loading')}</LoadingState>;
}
