import { Drawer, Group, Skeleton, Stack } from '@mantine/core';
import { IconFishHook } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemLink } from '../../../components/item-link';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { loadBaseConfig, useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { useBaitGuide } from '../api/bait-guide-queries';
import { useBaitGuideParams } from '../hooks/use-bait-guide-params';
import { BaitGuideFilters } from './bait-guide-filters';
import { BaitGuidePrompt } from './bait-guide-prompt';
import { BaitGuideSummary } from './bait-guide-summary';
import { BaitRanking } from './bait-ranking';
import { useHydrated, useMatchMedia } from '../../../lib/browser-state';

// The charts (recharts and Mantine's chart styles) load only when the detailed proportions are opened.
const BaitGuideDetails = lazy(() =>
  import('./bait-guide-details').then((module) => ({ default: module.BaitGuideDetails })),
);

function DetailsSkeleton() {
  const { t } = useTranslation('bait-guide');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('details.loading')}>
      <Skeleton h={56} radius="md" />
      <Skeleton h={180} radius="md" />
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}

/**
 * The bait guide (`/query/bait-guide`, docs/product-requirements.md §1–2, docs/catch-data-api.md §4): pick a fish and
 * optionally a map; the baits that caught it in the last 72 hours, ranked by share with the sample size; a click opens
 * the detailed proportions.
 */
export interface BaitGuideProps {
  /**
   * What the page offers about the fish shown (the alerts' Follow button, composed by the route): given the fish and
   * the map (null: all maps) with their names in the page's language.
   */
  actions?: (shown: { fish: number; map: number | null; fishName: string; mapName: string | null }) => ReactNode;
}

export function BaitGuide({ actions }: BaitGuideProps = {}) {
  const { t } = useTranslation('bait-guide');
  const displayName = useDisplayName();
  const { status, fish: fishes, fishById, mapById } = useBaseConfig();
  const [params, update] = useBaitGuideParams();
  const phone = useMatchMedia('(max-width: 48em)');
  const hydrated = useHydrated();

  const fish = fishById(params.fish);
  // A map the fish does not live on (an old or hand-made link) is read as "every map" rather than as an empty guide.
  const map = params.map !== null && (!fish || fish.data.maps.includes(params.map)) ? params.map : null;
  const mapItem = mapById(map);
  const mapName = mapItem ? displayName(mapItem) : null;
  const fishName = fish ? displayName(fish) : params.fish !== null ? t('unknownFish', { id: params.fish }) : '';
  const guide = useBaitGuide(params.fish, map, params.all);

  // The drawer keeps its fish while it slides out, instead of going blank as the URL is cleared.
  const [lastDetails, setLastDetails] = useState<{ fish: number; map: number | null } | null>(null);
  const detailsFor = params.details && params.fish !== null ? { fish: params.fish, map } : null;
  if (detailsFor && (detailsFor.fish !== lastDetails?.fish || detailsFor.map !== lastDetails.map)) {
    setLastDetails(detailsFor);
  }
  const shownDetails = detailsFor ?? lastDetails;

  const openDetails = () => update({ details: true });

  let body: React.ReactNode;
  if (fishes.length === 0 && status === 'error') {
    body = (
      <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void loadBaseConfig()} />
    );
  } else if (params.fish === null) {
    body = <BaitGuidePrompt />;
  } else if (guide.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
        <Skeleton h={64} radius="md" />
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={56} radius="md" />
        ))}
      </Stack>
    );
  } else if (guide.isError) {
    body = (
      <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void guide.refetch()} />
    );
  } else if (guide.data.total === 0 || guide.data.baits.length === 0) {
    body = (
      <ListEmptyState
        icon={IconFishHook}
        title={t('empty.title')}
        description={
          mapName ? t('empty.onMap', { fish: fishName, map: mapName }) : t('empty.description', { fish: fishName })
        }
        clear={mapName ? { label: t('empty.allMaps'), onClick: () => update({ map: null }) } : undefined}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <BaitGuideSummary guide={guide.data} mapName={mapName} onOpenDetails={openDetails} />
        {/* A new fish or map starts with the rare baits hidden again. */}
        <BaitRanking
          key={`${params.fish}:${map}`}
          baits={guide.data.baits}
          total={guide.data.total}
          onOpenDetails={openDetails}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <BaitGuideFilters
        fish={params.fish}
        map={map}
        onFishChange={(next) => update({ fish: next, map: null, details: false })}
        onMapChange={(next) => update({ map: next })}
        all={params.all}
        onAllChange={(next) => update({ all: next })}
      />
      {fish ? (
        <Group justify="space-between" gap="sm">
          {/* The fish's and the map's own pages (issue 23): what the guide is about, beyond its baits. */}
          <Group gap="md" data-testid="guide-pages">
            <ItemLink item={fish} size="sm" fw={600}>
              {t('pages.fish', { fish: fishName })}
            </ItemLink>
            {mapItem && mapName && (
              <ItemLink item={mapItem} size="sm" fw={600}>
                {t('pages.map', { map: mapName })}
              </ItemLink>
            )}
          </Group>
          {actions?.({ fish: fish.id, map, fishName, mapName })}
        </Group>
      ) : null}
      {body}
      <Drawer
        opened={detailsFor !== null}
        onClose={() => update({ details: false }, { replace: true })}
        position="right"
        size={phone ? '100%' : 760}
        title={`${fishName} · ${t('details.title')}`}
        closeButtonProps={{ 'aria-label': t('details.close') }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      >
        {shownDetails && hydrated && (
          <Suspense fallback={<DetailsSkeleton />}>
            <BaitGuideDetails fish={shownDetails.fish} map={shownDetails.map} all={params.all} mapName={mapName} />
          </Suspense>
        )}
      </Drawer>
    </Stack>
  );
}
