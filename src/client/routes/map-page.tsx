import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { itemIdOf } from '#shared/pages';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { LoadingState } from '../components/loading-state';
import { PageFrame } from '../components/page-frame';
import { MapPageView } from '../features/fishes/components/map-page-view';
import { loadBaseConfig, useBaseConfig } from '../lib/base-config';
import type { PageHandle } from '../lib/server-reads';
import { topBaitsQuery } from '../lib/top-baits';
import { Component as NotFound } from './not-found-page';

/** Its fish's top baits, fetched by the server render before the page renders (lib/server-reads.ts). */
export const handle: PageHandle = {
  serverReads: (params) => {
    const id = itemIdOf(params.ref ?? '');
    return id === null ? [] : [topBaitsQuery(id)];
  },
};

/**
 * `/maps/<id>` (issue 23), with an optional `-slug` after the id that nothing resolves by: the map of that id in the
 * catalogue the app holds, else the not-found page (status 404).
 */
export function Component() {
  const { t } = useTranslation('map');
  const id = itemIdOf(useParams().ref ?? '');
  const { status, mapById } = useBaseConfig();
  const map = mapById(id);
  if (map) return <MapPageView map={map} />;
  if (id === null || status === 'loaded') return <NotFound />;
  return (
    <PageFrame title={t('title')}>
      {status === 'error' ? (
        <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void loadBaseConfig()} />
      ) : (
        <LoadingState>{t('loading')}</LoadingState>
      )}
    </PageFrame>
  );
}
