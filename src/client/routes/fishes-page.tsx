import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { FishEncyclopedia } from '../features/fishes/components/fish-encyclopedia';
import { useBaseConfig } from '../lib/base-config';
import { pickable } from '../lib/catalogue-changes';

/** `/guide/fishes`: the fish encyclopedia. */
export function Component() {
  const { t } = useTranslation('fishes');
  // The catalogue the encyclopedia is built from says how many fish the game has: the search result names the number.
  const count = pickable(useBaseConfig().fish).length;
  return (
    <PageFrame
      title={t('title')}
      description={t('description')}
      meta={{
        description: count > 0 ? t('meta.descriptionCount', { count }) : t('meta.description'),
        breadcrumbs: [{ name: t('title'), path: PAGE_PATHS.fishes }],
      }}
    >
      <FishEncyclopedia />
    </PageFrame>
  );
}
