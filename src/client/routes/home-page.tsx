import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { HeatmapExplorer } from '../features/heatmap/components/heatmap-explorer';

function Description() {
  const { t } = useTranslation('heatmap');
  return t('description');
}

/**
 * `/` (docs/product-requirements.md §1, §2 "Heat map"): where fish are caught, by map, fish, time range and star type.
 * The title is in the shell's texts, so the frame shows at once; the page's own texts load beside its data, not before
 * it.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.home.title')}
      description={
        <Suspense fallback={'\u00a0'}>
          <Description />
        </Suspense>
      }
      size="xl"
    >
      <HeatmapExplorer />
    </PageFrame>
  );
}
