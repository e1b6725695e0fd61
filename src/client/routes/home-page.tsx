import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { HeatmapExplorer } from '../features/heatmap/components/heatmap-explorer';
import { usePageMeta } from '../lib/page-meta';

/**
 * The line under the title, and the page's description for search results and link previews (issue 23). Both are in
 * the heat map's texts, which load beside its data; declared here, inside the frame, this is the page's innermost
 * meta, the one the server's `<head>` carries, and the frame (whose meta has no description) never overwrites it in
 * the browser.
 */
function Description({ title }: { title: string }) {
  const { t } = useTranslation('heatmap');
  usePageMeta({ title, description: t('meta.description') });
  return t('description');
}

/**
 * `/` (docs/product-requirements.md §1, §2 "Heat map"): where fish are caught, by map, fish, time range and star type.
 * The title is in the shell's texts, so the frame shows at once; the page's own texts load beside its data, not before
 * it. The tab and search title is "<heat map> · Anglerdex" rather than the bare site name: it says what the page is.
 */
export function Component() {
  const { t } = useTranslation();
  const title = t('pages.home.title');
  return (
    <PageFrame
      title={title}
      description={
        <Suspense fallback={'\u00a0'}>
          <Description title={title} />
        </Suspense>
      }
      size="xl"
    >
      <HeatmapExplorer />
    </PageFrame>
  );
}
