import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { itemIdOf } from '#shared/pages';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { LoadingState } from '../components/loading-state';
import { PageFrame } from '../components/page-frame';
import { FishPageView } from '../features/fishes/components/fish-page-view';
import { loadBaseConfig, useBaseConfig } from '../lib/base-config';
import { Component as NotFound } from './not-found-page';

/**
 * `/guide/fishes/<id>` (issue 23), with an optional `-slug` after the id that nothing resolves by: the fish of that id
 * in the catalogue the app holds, else the not-found page (status 404).
 */
export function Component() {
  const { t } = useTranslation('fish');
  const id = itemIdOf(useParams().ref ?? '');
  const { status, fishById } = useBaseConfig();
  const fish = fishById(id);
  if (fish) return <FishPageView fish={fish} />;
  if (id === null || status === 'loaded') return <NotFound />;
  return (
    <PageFrame title={t('back')}>
      {status === 'error' ? (
        <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void loadBaseConfig()} />
      ) : (
        <LoadingState>{t('loading')}</LoadingState>
      )}
    </PageFrame>
  );
}
