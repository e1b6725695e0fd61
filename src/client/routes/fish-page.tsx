import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { itemIdOf } from '#shared/pages';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { LoadingState } from '../components/loading-state';
import { PageFrame } from '../components/page-frame';
import { FishPageView } from '../features/fishes/components/fish-page-view';
import { fishBaitGuideQuery, latestRecordsQuery } from '../features/fishes/api/fish-page-queries';
import { loadBaseConfig, useBaseConfig } from '../lib/base-config';
import type { PageHandle } from '../lib/server-reads';
import { Component as NotFound } from './not-found-page';

/**
 * `/guide/fishes/<id>` (issue 23), with an optional `-slug` after the id that nothing resolves by: the fish of that id
 * in the catalogue the app holds, else the not-found page (status 404).
 */
/** Its best baits and newest records, fetched by the server render before the page renders (lib/server-reads.ts). */
export const handle: PageHandle = {
  serverReads: (params) => {
    const id = itemIdOf(params.ref ?? '');
    return id === null ? [] : [fishBaitGuideQuery(id), latestRecordsQuery(id)];
  },
};

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
