import { Box, Group, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Collection } from '#shared/contracts/collection';
import { ListEmptyState } from '../../../components/list-empty-state';
import { ShowMore, useShownLimit } from '../../../components/show-more';
import { useBaseConfig } from '../../../lib/base-config';
import { formatCount } from '../../../lib/format-number';
import type { TopBaitsEntry } from '../../../lib/top-baits';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import { SHOW, type Show, useCollectionFilters } from '../hooks/use-collection-filters';
import { CollectionFishCard, type MissingHints } from './collection-fish-card';
import { MapProgressList } from './map-progress-list';

/** Cards rendered at first and per step (a full catalogue is over a hundred). */
const STEP = 24;

/** Every fish's top baits of the last 3 days (`/bait-guide/top`), by fish. */
export interface TopBaitsByFish {
  entries: ReadonlyMap<number, TopBaitsEntry>;
  status: MissingHints['status'];
}

interface CollectionViewProps {
  collection: Collection;
  /**
   * The owner's page: each missing fish says where and with what others catch it now (these baits, and its maps as
   * links to the heat map). A shared page leaves them out.
   */
  topBaits?: TopBaitsByFish | undefined;
}

function Summary({ caught, total }: { caught: number; total: number }) {
  const { t } = useTranslation('collection');
  const lang = useLocale();
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="xs" mb={8}>
        <Title order={2} fz="lg">
          {t('summary.title')}
        </Title>
        <Text fw={600} data-testid="collection-progress" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('summary.caught', { caught: formatCount(caught, lang), total: formatCount(total, lang) })}
        </Text>
      </Group>
      <Progress value={total > 0 ? (caught / total) * 100 : 0} size="lg" aria-label={t('summary.label')} />
    </Paper>
  );
}

/** The collection: overall progress, progress per map, and every fish, filtered by caught / not yet and by map. */
export function CollectionView({ collection, topBaits }: CollectionViewProps) {
  const { t } = useTranslation('collection');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { fishById, mapById } = useBaseConfig();
  const [filters, update] = useCollectionFilters();
  const hintsOf = (fishId: number): MissingHints | undefined =>
    topBaits && { entry: topBaits.entries.get(fishId), status: topBaits.status };

  const onMap = (fishId: number) =>
    filters.map === null || (fishById(fishId)?.data.maps.includes(filters.map) ?? false);
  const shown = collection.fishes.filter(
    (entry) =>
      onMap(entry.fish_id) && (filters.show === 'all' || (filters.show === 'caught' ? entry.caught : !entry.caught)),
  );
  const [limit, more] = useShownLimit(STEP, `${filters.show}|${filters.map}`);
  const mapOptions = collection.maps.map((progress) => {
    const map = mapById(progress.map_id);
    return { value: String(progress.map_id), label: map ? displayName(map) : t('fish.unknownMap') };
  });

  return (
    <Stack gap="lg">
      <Summary caught={collection.caught} total={collection.total} />
      {collection.maps.length > 0 ? (
        <MapProgressList maps={collection.maps} selected={filters.map} onSelect={(map) => update({ map })} />
      ) : null}

      <Box component="section" aria-labelledby="collection-fish">
        <Title order={2} fz="lg" mb="sm" id="collection-fish">
          {t('fish.title')}
        </Title>
        <Group gap="sm" align="flex-end" mb="sm">
          <Box>
            <Text size="sm" fw={500} mb={4} id="collection-show">
              {t('filters.show')}
            </Text>
            <SegmentedControl
              value={filters.show}
              onChange={(value) => update({ show: value as Show })}
              aria-labelledby="collection-show"
              data={SHOW.map((value) => ({ value, label: t(`filters.${value}`) }))}
            />
          </Box>
          <Select
            label={t('filters.map')}
            placeholder={t('filters.allMaps')}
            data={mapOptions}
            value={filters.map === null ? null : String(filters.map)}
            onChange={(value) => update({ map: value === null ? null : Number(value) })}
            clearable
            clearButtonProps={{ 'aria-label': t('filters.clearMap') }}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
        <Text size="sm" c="dimmed" mb="sm" role="status">
          {t('filters.count', {
            shown: formatCount(shown.length, lang),
            total: formatCount(collection.fishes.length, lang),
          })}
        </Text>
        {shown.length === 0 ? (
          <ListEmptyState
            icon={IconFish}
            title={t(`empty.${filters.show}`)}
            clear={{ label: t('empty.clear'), onClick: () => update({ show: 'all', map: null }) }}
          />
        ) : (
          <Stack gap="md">
            <SimpleGrid
              component="ul"
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('fish.list')}
            >
              {shown.slice(0, limit).map((entry) => (
                <CollectionFishCard
                  key={entry.fish_id}
                  entry={entry}
                  fish={fishById(entry.fish_id)}
                  map={filters.map}
                  hints={entry.caught ? undefined : hintsOf(entry.fish_id)}
                />
              ))}
            </SimpleGrid>
            <ShowMore left={shown.length - limit} step={STEP} onMore={more} />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
