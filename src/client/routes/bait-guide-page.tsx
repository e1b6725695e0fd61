import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { FollowButton } from '../features/alerts/components/follow-button';
import { BaitGuide } from '../features/bait-guide/components/bait-guide';

/**
 * `/query/bait-guide` (docs/product-requirements.md §1–2): bait recommendations from the last 3 days, with the detailed
 * proportions, and the alerts' Follow button for the fish shown (issue 25).
 */
export function Component() {
  // The alerts' texts load with the page's, so the Follow button never suspends the guide.
  const { t } = useTranslation(['bait-guide', 'alerts']);
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <BaitGuide
        actions={({ fish, map, fishName, mapName }) => (
          <FollowButton fishId={fish} mapId={map} fishName={fishName} mapName={mapName} />
        )}
      />
    </PageFrame>
  );
}
