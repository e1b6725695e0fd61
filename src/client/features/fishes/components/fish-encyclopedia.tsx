import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FishItem } from '#shared/contracts/catalogue';
import { RARITY_CLASSES, rarityByLevel } from '#shared/game/rarity';
import { fishPagePath } from '#shared/pages';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { MovedPage } from '../../../components/moved-page';
import { ShareIntervalNote } from '../../../components/share-with-interval';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ShowMore, useShownLimit } from '../../../components/show-more';
import { loadBaseConfig, useBaseConfig } from '../../../lib/base-config';
import { latestPatch, pickable } from '../../../lib/catalogue-changes';
import { useItemPagePath } from '../../../lib/item-links';
import { type TopBaitsEntry, useTopBaits } from '../../../lib/top-baits';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { CLEARED_FILTER, filterFishes, widenings } from '../filter-fishes';
import { fishTextSearch, useFishParams } from '../hooks/use-fish-params';
import { FishCard } from './fish-card';
import { FishFilters } from './fish-filters';

const GRID_COLS = { base: 1, xs: 2, md: 3 };
// Cards rendered per step: whole rows at one, two and three columns.
const CARDS_PER_STEP = 24;
const rarityOf = (fish: FishItem) => rarityByLevel(fish.data.level);
const byFish = (data: { fishes: TopBaitsEntry[] }) => new Map(data.fishes.map((entry) => [entry.fish_id, entry]));

/**
 * The fish encyclopedia (`/guide/fishes`): every fish of the base configuration, filtered locally; each card opens the
 * fish's own page (issue 23).
 */
export function FishEncyclopedia() {
  const { t } = useTranslation('fishes');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { status, fish, maps, fishById } = useBaseConfig();
  const [params, update] = useFishParams();
  const [searchParams] = useSearchParams();
  const pageOf = useItemPagePath();
  const localePath = useLocalePath();

  // A rarity value from an old or hand-made link that names no class is ignored rather than hiding everything.
  const rarity = params.rarity && (RARITY_CLASSES as readonly string[]).includes(params.rarity) ? params.rarity : null;
  const filters = useMemo(
    () => ({ q: params.q, map: params.map, rarity, newOnly: params.newOnly }),
    [params.q, params.map, rarity, params.newOnly],
  );
  const patch = useMemo(() => latestPatch(fish), [fish]);

  const collator = useMemo(() => new Intl.Collator(lang), [lang]);
  // Sorted by the shown name: in zh the collator orders by pinyin, which matches the bait list's letter index.
  const sorted = useMemo(
    () =>
      fish
        .map((item) => ({ item, name: displayName(item) }))
        .sort((a, b) => collator.compare(a.name, b.name) || a.item.id - b.item.id),
    [fish, displayName, collator],
  );
  const shown = useMemo(() => {
    const matching = new Set(filterFishes(fish, filters, rarityOf));
    return sorted.filter((entry) => matching.has(entry.item));
  }, [sorted, fish, filters]);

  const [limit, showMore] = useShownLimit(CARDS_PER_STEP, shown);

  const mapChoices = useMemo(
    () =>
      pickable(maps, params.map)
        .map((map) => ({ value: map.id, label: displayName(map) }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    [maps, params.map, displayName, collator],
  );

  // Every card's top baits from one request, on the filtered map when there is one.
  // By fish id, so each card finds its entry at once.
  const topBaits = useTopBaits(params.map, byFish);

  // A link to a fish's detail from before fish had pages (`?fish=42`: shared links, the AI chat's answers) opens its
  // page (a permanent redirect from the server).
  if (params.fish !== null) {
    const linked = fishById(params.fish);
    return <MovedPage to={linked ? pageOf(linked) : localePath(fishPagePath(params.fish))} />;
  }

  const filtered = filters.q !== '' || filters.map !== null || filters.rarity !== null || filters.newOnly;

  let body: React.ReactNode;
  if (fish.length === 0 && status === 'error') {
    body = (
      <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void loadBaseConfig()} />
    );
  } else if (fish.length === 0 && status !== 'loaded') {
    body = <ListSkeleton label={t('list.loading')} cols={GRID_COLS} count={9} height={120} />;
  } else if (shown.length === 0) {
    const wider = widenings(fish, filters, rarityOf);
    body = (
      <ListEmptyState
        icon={IconFish}
        title={t('empty.title')}
        description={filtered ? t('empty.filtered') : undefined}
        offers={wider.filters.map((filter) => ({
          label: t(`empty.widen.${filter}`),
          onClick: () => update(CLEARED_FILTER[filter]),
        }))}
        didYouMean={{
          label: t('empty.didYouMean'),
          links: wider.closeNames.map((close) => ({ text: close.text, to: fishTextSearch(searchParams, close.text) })),
        }}
        clear={
          filtered
            ? {
                label: t('empty.clearFilters'),
                onClick: () => update({ q: '', map: null, rarity: null, newOnly: false }),
              }
            : undefined
        }
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        {topBaits.isError && (
          <LoadFailedAlert
            title={t('topBaits.failed')}
            retryLabel={t('topBaits.retry')}
            onRetry={() => void topBaits.refetch()}
          />
        )}
        {/* What the cards' bracketed ranges and grey rows mean, said once for all of them. */}
        {topBaits.isSuccess && <ShareIntervalNote />}
        <SimpleGrid
          component="ul"
          cols={GRID_COLS}
          spacing="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('list.label')}
        >
          {shown.slice(0, limit).map(({ item, name }) => (
            <li key={item.id}>
              <FishCard
                fish={item}
                name={name}
                lang={lang}
                to={pageOf(item)}
                map={params.map}
                topBaits={{ entry: topBaits.data?.get(item.id), status: topBaits.status }}
              />
            </li>
          ))}
        </SimpleGrid>
        <ShowMore left={shown.length - limit} step={CARDS_PER_STEP} onMore={showMore} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <FishFilters
        value={filters}
        onChange={(change) => update(change, { replace: true })}
        maps={mapChoices}
        latestPatch={patch}
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="fish-count">
        {fish.length > 0 ? t('list.count', { count: shown.length, total: fish.length }) : '\u00a0'}
      </Text>
      {body}
    </Stack>
  );
}
