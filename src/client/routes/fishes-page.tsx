import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { FishEncyclopedia } from '../features/fishes/components/fish-encyclopedia';

/** `/guide/fishes`: the fish encyclopedia. */
export function Component() {
  const { t } = useTranslation('fishes');
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <FishEncyclopedia />
    </PageFrame>
  );
}
