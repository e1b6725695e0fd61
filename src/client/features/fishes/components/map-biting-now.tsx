import { Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BAIT_GUIDE_MIN_COUNT, BAIT_GUIDE_WINDOW_HOURS } from '#shared/catch-data-rules';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import { isThinSample } from '#shared/share-interval';
import { BaitPicture } from '../../../components/bait-picture';
import { ItemLink } from '../../../components/item-link';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ShareIntervalNote, ShareWithInterval, ThinSampleNote } from '../../../components/share-with-interval';
import { useBaseConfig } from '../../../lib/base-config';
import { formatCount } from '../../../lib/format-number';
import { shareMinSample } from '../../../lib/share-min-sample';
import { useLocale } from '../../../lib/use-locale';

/** Fish listed: the cards below hold every one. */
const LISTED = 5;

/** The fish caught most on the map in the window, most first (then by id, so the order is stable). */
export function bitingNow(top: BaitGuideTopResponse) {
  return [...top.fishes].sort((a, b) => b.total - a.total || a.fish_id - b.fish_id).slice(0, LISTED);
}

/**
 * What bites on the map now: the fish caught most there in the bait guide's window, each with its catches and the bait
 * that caught it most there (from BAIT_GUIDE_MIN_COUNT catches, the guide's rule; a share with its interval, dimmed
 * below the minimum sample), fish and bait each leading to its page.
 */
export function MapBitingNow({ mapName, top }: { mapName: string; top: UseQueryResult<BaitGuideTopResponse> }) {
  const { t } = useTranslation('map');
  const lang = useLocale();
  const { fishById, baitById } = useBaseConfig();
  const minSample = shareMinSample();
  const hours = BAIT_GUIDE_WINDOW_HOURS;

  let body: React.ReactNode;
  if (!top.data) {
    body =
      top.isError && !top.isFetching ? (
        <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void top.refetch()} />
      ) : (
        <Skeleton h={220} radius="md" aria-busy="true" />
      );
  } else {
    const rows = bitingNow(top.data);
    body =
      rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="biting-now-empty">
          {t('now.empty', { hours })}
        </Text>
      ) : (
        <>
          <Table
            data-testid="biting-now"
            verticalSpacing={6}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            aria-label={t('now.caption', { map: mapName })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('now.fish')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('now.count')}
                </Table.Th>
                <Table.Th scope="col">{t('now.bait')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => {
                const fish = fishById(entry.fish_id);
                const best = entry.baits.find((share) => share.count >= BAIT_GUIDE_MIN_COUNT);
                const bait = best ? baitById(best.bait_id) : undefined;
                const thin = best !== undefined && isThinSample(best.count, minSample);
                return (
                  <Table.Tr key={entry.fish_id} data-fish-id={entry.fish_id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {fish ? (
                        <ItemLink item={fish} size="sm" fw={600} />
                      ) : (
                        <Text size="sm">{t('now.unknownFish', { id: entry.fish_id })}</Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="end">{formatCount(entry.total, lang)}</Table.Td>
                    <Table.Td>
                      {best ? (
                        <Group gap="xs" wrap="wrap" data-thin={thin || undefined}>
                          <Group gap="xs" wrap="nowrap" miw={0}>
                            <BaitPicture bait={bait} size={24} radius="sm" />
                            {bait ? (
                              <ItemLink item={bait} size="sm" c={thin ? 'dimmed' : undefined} />
                            ) : (
                              <Text size="sm">{t('now.unknownBait', { id: best.bait_id })}</Text>
                            )}
                          </Group>
                          <ShareWithInterval value={best} sample={entry.total} digits={0} dimmed={thin} size="xs" />
                          {thin && <ThinSampleNote min={minSample} />}
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t('now.tooFew')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <ShareIntervalNote min={minSample} />
        </>
      );
  }

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('now.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('now.hint', { map: mapName, hours })}
      </Text>
      {body}
    </Stack>
  );
}
