import { Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BAIT_GUIDE_MIN_COUNT, BAIT_GUIDE_WINDOW_HOURS } from '#shared/catch-data-rules';
import type { BaitGuideResponse } from '#shared/contracts/catches';
import { PAGE_PATHS } from '#shared/pages';
import { isThinSample } from '#shared/share-interval';
import { BaitPicture } from '../../../components/bait-picture';
import { Fact } from '../../../components/fact';
import { ItemLink } from '../../../components/item-link';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ShareIntervalNote, ShareWithInterval, ThinSampleNote } from '../../../components/share-with-interval';
import { useBaseConfig } from '../../../lib/base-config';
import { useDateFormat } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { baitGuideSearch } from '../../../lib/page-links';
import { shareMinSample } from '../../../lib/share-min-sample';
import { useLocale, useLocalePath } from '../../../lib/use-locale';

/** Baits listed: the guide itself, one link away, lists them all. */
const LISTED = 5;

/** The baits the guide ranks (BAIT_GUIDE_MIN_COUNT catches or more), best first: the page's list and its description. */
export function rankedBaits(guide: BaitGuideResponse | undefined) {
  return (guide?.baits ?? []).filter((share) => share.count >= BAIT_GUIDE_MIN_COUNT).slice(0, LISTED);
}

/**
 * The fish's best baits of the bait guide's window (the last 72 hours, on every map), with the sample size and the
 * window: the bait guide's own rule and ranking, its first few baits, each leading to the bait's page, and the way to
 * the whole guide. Times in UTC until the page has hydrated (`useDateFormat`): the server renders it without the reader's time zone.
 */
export function FishBestBaits({ fishId, guide }: { fishId: number; guide: UseQueryResult<BaitGuideResponse> }) {
  const { t } = useTranslation('fish');
  const dates = useDateFormat();
  const lang = useLocale();
  const localePath = useLocalePath();
  const { baitById } = useBaseConfig();
  const minSample = shareMinSample();
  const answer = guide.data;
  const ranked = rankedBaits(answer);
  const hours = BAIT_GUIDE_WINDOW_HOURS;

  let body: React.ReactNode;
  if (!answer) {
    body =
      guide.isError && !guide.isFetching ? (
        <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void guide.refetch()} />
      ) : (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={48} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      );
  } else {
    body = (
      <Stack gap="sm">
        <Paper withBorder radius="md" p="sm">
          <Group gap="lg" align="flex-start">
            <Fact label={t('baits.sample')} testId="sample-size">
              {t('baits.catches', { count: answer.total, formatted: formatCount(answer.total, lang) })}
            </Fact>
            <Fact label={t('baits.window')} testId="window">
              {t('baits.windowValue', { hours, to: dates.dateTimeMinutes(answer.to) })}
            </Fact>
          </Group>
        </Paper>
        {answer.total === 0 ? (
          <Text size="sm" c="dimmed" data-testid="best-baits-empty">
            {t('baits.empty', { hours })}
          </Text>
        ) : ranked.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="best-baits-empty">
            {t('baits.tooFew', { count: answer.total, formatted: formatCount(answer.total, lang) })}
          </Text>
        ) : (
          <>
            <Table data-testid="best-baits" verticalSpacing={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('baits.bait')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('baits.count')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('baits.share')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ranked.map((share) => {
                  const bait = baitById(share.bait_id);
                  const thin = isThinSample(share.count, minSample);
                  return (
                    <Table.Tr key={share.bait_id} data-bait-id={share.bait_id} data-thin={thin || undefined}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <BaitPicture bait={bait} size={28} radius="sm" />
                          {bait ? (
                            <ItemLink item={bait} size="sm" fw={600} c={thin ? 'dimmed' : undefined} />
                          ) : (
                            <Text size="sm">{t('baits.unknown', { id: share.bait_id })}</Text>
                          )}
                          {thin && <ThinSampleNote min={minSample} />}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="end" c={thin ? 'dimmed' : undefined}>
                        {formatCount(share.count, lang)}
                      </Table.Td>
                      <Table.Td ta="end">
                        <ShareWithInterval value={share} sample={answer.total} dimmed={thin} testId="bait-share" />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('baits.minHint', { min: BAIT_GUIDE_MIN_COUNT })}
              </Text>
              <ShareIntervalNote min={minSample} />
            </Stack>
          </>
        )}
        <Anchor component={Link} to={localePath(`${PAGE_PATHS.baitGuide}${baitGuideSearch(fishId)}`)} size="sm">
          {t('baits.all')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('baits.title')}
      </Title>
      {body}
    </Stack>
  );
}
