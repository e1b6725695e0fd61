import { useTranslation } from 'react-i18next';
import { LoadingState } from '../components/loading-state';
import { useCurrentUser } from '../features/account/hooks/use-current-user';
import { AdminLayout } from '../features/admin/components/admin-layout';
import { LoggersScreen } from '../features/admin/components/loggers-screen';
import { Component as NotFoundPage } from './not-found-page';

/**
 * `/admin/loggers` (issue 24): superusers only. Everyone else, visitors included, gets the not-found page, so the
 * console does not say it exists; its API answers them 401 / 403 anyway.
 */
export function Component() {
  const { t } = useTranslation(['common', 'admin']);
  const { loggedIn, user, query } = useCurrentUser();
  if (!loggedIn || (user && !user.is_superuser) || query.isError) return <NotFoundPage />;
  return (
    <AdminLayout title={t('pages.adminLoggers.title')} description={t('admin:descriptions.adminLoggers')}>
      {user ? <LoggersScreen /> : <LoadingState>{t('admin:loadingUser')}</LoadingState>}
    </AdminLayout>
  );
}
