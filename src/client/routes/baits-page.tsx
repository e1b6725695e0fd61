import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { BaitList } from '../features/baits/components/bait-list';

/** `/query/baits` (docs/product-requirements.md §2): the bait list with letter index and name search. */
export function Component() {
  const { t } = useTranslation('baits');
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <BaitList />
    </PageFrame>
  );
}
