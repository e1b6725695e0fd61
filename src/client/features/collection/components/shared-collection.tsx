import { Anchor } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { ResultState } from '../../../components/result-state';
import { ApiError } from '../../../lib/api-client';
import { useLocalePath } from '../../../lib/use-locale';
import { useSharedCollection } from '../api/collection-queries';
import { CollectionView } from './collection-view';

function NotShared() {
  const { t } = useTranslation('collection');
  const localePath = useLocalePath();
  return (
    <ResultState
      icon={IconLock}
      color="gray"
      title={t('shared.notFound')}
      description={t('shared.notFoundText')}
      testId="collection-not-shared"
    >
      <Anchor component={Link} to={localePath(PAGE_PATHS.home)} fw={600}>
        {t('shared.home')}
      </Anchor>
    </ResultState>
  );
}

/**
 * A collection its player shares (`/collection/<share_id>`): the collection alone, as its owner sees it without the
 * hints for missing fish. A link whose sharing was turned off (or never was) says so, with the way on.
 */
export function SharedCollection({ shareId }: { shareId: string }) {
  const { t } = useTranslation('collection');
  const query = useSharedCollection(shareId);
  if (query.isPending) return <LoadingState>{t('shared.loading')}</LoadingState>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotShared />;
    return <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  return <CollectionView collection={query.data} />;
}
