import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { BaitList } from '../features/baits/components/bait-list';
import { useBaseConfig } from '../lib/base-config';
import { pickable } from '../lib/catalogue-changes';

/** `/query/baits` (docs/product-requirements.md §2): the bait list with letter index and name search. */
export function Component() {
  const { t } = useTranslation('baits');
  // The catalogue the list is built from says how many baits the game has: the search result names the number.
  const count = pickable(useBaseConfig().baits).length;
  return (
    <PageFrame
      title={t('title')}
      description={t('description')}
      meta={{
        description: count > 0 ? t('meta.descriptionCount', { count }) : t('meta.description'),
        breadcrumbs: [{ name: t('title'), path: PAGE_PATHS.baits }],
      }}
    >
      <BaitList />
    </PageFrame>
  );
}
