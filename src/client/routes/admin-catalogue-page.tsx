import { useTranslation } from 'react-i18next';
import { AdminNav } from '../components/admin-nav';
import { LoadingState } from '../components/loading-state';
import { PageFrame } from '../components/page-frame';
import { useCurrentUser } from '../features/account/hooks/use-current-user';
import { CatalogueAdmin } from '../features/catalogue-admin/components/catalogue-admin';
import { Component as NotFoundPage } from './not-found-page';

/**
 * `/admin/catalogue` (issue 21): superusers only. Everyone else, visitors included, gets the not-found page, so the
 * page does not say it exists; its API answers them 401 / 403 anyway.
 */
export function Component() {
  const { t } = useTranslation(['common', 'catalogue-admin']);
  const { loggedIn, user, query } = useCurrentUser();
  if (!loggedIn || (user && !user.is_superuser) || query.isError) return <NotFoundPage />;
  return (
    <PageFrame
      title={t('pages.adminCatalogue.title')}
      description={t('catalogue-admin:description')}
      size="xl"
      meta={{ noindex: true }}
    >
      <AdminNav />
      {user ? <CatalogueAdmin /> : <LoadingState>{t('catalogue-admin:loadingUser')}</LoadingState>}
    </PageFrame>
  );
}
