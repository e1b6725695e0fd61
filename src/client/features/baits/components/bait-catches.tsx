import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFishHook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BAIT_GUIDE_MIN_COUNT, BAIT_GUIDE_WINDOW_HOURS } from '#shared/catch-data-rules';
import { ItemLink } from '../../../components/item-link';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { useBaseConfig } from '../../../lib/base-config';
import { useDateFormat } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { useLocale } from '../../../lib/use-locale';
import { useBaitCatchesQuery } from '../api/use-bait-catches-query';
import { CatchShareTable } from './catch-share-table';
import { Fact } from '../../../components/fact';
import { ShareIntervalNote } from '../../../components/share-with-interval';

/**
 * What a bait caught in the bait guide's window (the last 72 hours): the sample size and window, the fish it caught
 * most and the maps it caught them on, each leading to its own page.
 */
export function BaitCatches({ baitId }: { baitId: number }) {
  const { t } = useTranslation('baits');
  const lang = useLocale();
  const dates = useDateFormat();
  const { fishById, mapById } = useBaseConfig();
  const query = useBaitCatchesQuery(baitId);

  if (query.isError && !query.isFetching)
    return (
      <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
    );
  if (!query.data) return <LoadingState>{t('page.loading')}</LoadingState>;
  const answer = query.data;

  // Each fish and map leads to its own page (issue 23): a fish's holds its bait guide's best baits and the link there.
  const fishRows = answer.fishes.map((entry) => {
    const fish = fishById(entry.fish_id);
    return {
      ...entry,
      id: entry.fish_id,
      name: fish ? <ItemLink item={fish} /> : t('page.unknownFish', { id: entry.fish_id }),
    };
  });
  const mapRows = answer.maps.map((entry) => {
    const map = mapById(entry.map_id);
    return {
      ...entry,
      id: entry.map_id,
      name: map ? <ItemLink item={map} /> : t('page.unknownMap', { id: entry.map_id }),
    };
  });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group gap="lg" align="flex-start">
          <Fact label={t('page.sample')} testId="sample-size">
            {t('page.catches', { count: answer.total, formatted: formatCount(answer.total, lang) })}
          </Fact>
          <Fact label={t('page.window')} testId="window">
            {/* To the minute: seconds say nothing about a 72-hour window. */}
            {t('page.windowValue', {
              from: dates.dateTimeMinutes(answer.from),
              to: dates.dateTimeMinutes(answer.to),
            })}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              ({t('page.windowHours', { hours: BAIT_GUIDE_WINDOW_HOURS })})
            </Text>
          </Fact>
        </Group>
      </Paper>
      {answer.total === 0 ? (
        <ListEmptyState icon={IconFishHook} title={t('page.emptyTitle')} description={t('page.emptyDescription')} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <CatchShareTable
              title={t('page.fishTitle')}
              nameHeader={t('page.fish')}
              rows={fishRows}
              total={answer.total}
              testId="bait-fishes"
            />
            <CatchShareTable
              title={t('page.mapsTitle')}
              nameHeader={t('page.map')}
              rows={mapRows}
              total={answer.total}
              testId="bait-maps"
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('page.fishHint')} {t('page.fewHint', { min: BAIT_GUIDE_MIN_COUNT })}
            </Text>
            <ShareIntervalNote />
          </Stack>
        </>
      )}
    </Stack>
  );
}
