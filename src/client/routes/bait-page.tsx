import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { itemIdOf } from '#shared/pages';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { LoadingState } from '../components/loading-state';
import { PageFrame } from '../components/page-frame';
import { baitCatchesQuery } from '../features/baits/api/use-bait-catches-query';
import { BaitPageView } from '../features/baits/components/bait-page-view';
import { loadBaseConfig, useBaseConfig } from '../lib/base-config';
import type { PageHandle } from '../lib/server-reads';
import { Component as NotFound } from './not-found-page';

/** What it caught lately, fetched by the server render before the page renders (lib/server-reads.ts). */
export const handle: PageHandle = {
  serverReads: (params) => {
    const id = itemIdOf(params.ref ?? '');
    return id === null ? [] : [baitCatchesQuery(id)];
  },
};

/**
 * `/query/baits/<id>` (issue 26), with an optional `-slug` after the id that nothing resolves by: the bait of that id
 * in the catalogue the app holds, else the not-found page.
 */
export function Component() {
  const { t } = useTranslation('baits');
  const id = itemIdOf(useParams().ref ?? '');
  const { status, baitById } = useBaseConfig();
  const bait = baitById(id);
  if (bait) return <BaitPageView bait={bait} />;
  if (id === null || status === 'loaded') return <NotFound />;
  return (
    // Without the catalogue there is no bait to show: a server render answers 503 (try again later), not an empty page.
    <PageFrame title={t('title')} meta={{ status: 503, noindex: true }}>
      {status === 'error' ? (
        <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void loadBaseConfig()} />
      ) : (
        <LoadingState>{t('page.loading')}</LoadingState>
      )}
    </PageFrame>
  );
}
