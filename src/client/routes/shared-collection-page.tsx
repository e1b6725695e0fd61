import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isShareId } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { SharedCollection } from '../features/collection/components/shared-collection';
import { Component as NotFound } from './not-found-page';

/**
 * `/collection/<share_id>` (issue 25): a collection its player chose to share, saying what it shows and that it does
 * not say whose it is. A segment that cannot be a share id is the not-found page, as the server answers it.
 */
export function Component() {
  const { t } = useTranslation('collection');
  const shareId = useParams().shareId ?? '';
  if (!isShareId(shareId)) return <NotFound />;
  return (
    <PageFrame title={t('shared.title')} description={t('shared.description')} size="lg" meta={{ noindex: true }}>
      <SharedCollection shareId={shareId} />
    </PageFrame>
  );
}
