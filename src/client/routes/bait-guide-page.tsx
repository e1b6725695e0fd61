import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { BaitGuide } from '../features/bait-guide/components/bait-guide';

/**
 * `/query/bait-guide` (docs/product-requirements.md §1–2): bait recommendations from the last 3 days, with the detailed
 * proportions.
 */
export function Component() {
  const { t } = useTranslation('bait-guide');
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <BaitGuide />
    </PageFrame>
  );
}
