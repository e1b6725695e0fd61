import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { FollowButton } from '../features/alerts/components/follow-button';
import { BaitGuide } from '../features/bait-guide/components/bait-guide';
import { useBaitGuideParams } from '../features/bait-guide/hooks/use-bait-guide-params';
import { useBaseConfig } from '../lib/base-config';
import { useDisplayName } from '../lib/use-display-name';

/** The page's description for search results and link previews (issue 23): the fish (and map) shown, when chosen. */
function useGuideDescription(): string {
  const { t } = useTranslation('bait-guide');
  const displayName = useDisplayName();
  const { fishById, mapById } = useBaseConfig();
  const [params] = useBaitGuideParams();
  const fish = fishById(params.fish);
  if (!fish) return t('meta.description');
  // As the guide reads it: a map the fish does not live on is every map.
  const map = params.map !== null && fish.data.maps.includes(params.map) ? mapById(params.map) : undefined;
  return map
    ? t('meta.fishMapDescription', { fish: displayName(fish), map: displayName(map) })
    : t('meta.fishDescription', { fish: displayName(fish) });
}

/**
 * `/query/bait-guide` (docs/product-requirements.md §1–2): bait recommendations from the last 3 days, with the detailed
 * proportions, and the alerts' Follow button for the fish shown (issue 25).
 */
export function Component() {
  // The alerts' texts load with the page's, so the Follow button never suspends the guide.
  const { t } = useTranslation(['bait-guide', 'alerts']);
  const description = useGuideDescription();
  return (
    <PageFrame
      title={t('title')}
      description={t('description')}
      meta={{ description, breadcrumbs: [{ name: t('title'), path: PAGE_PATHS.baitGuide }] }}
    >
      <BaitGuide
        actions={({ fish, map, fishName, mapName }) => (
          <FollowButton fishId={fish} mapId={map} fishName={fishName} mapName={mapName} />
        )}
      />
    </PageFrame>
  );
}
