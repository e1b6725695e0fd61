import { Anchor, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STAR_TYPE_UNKNOWN } from '#shared/game/catch-attributes';
import { PAGE_PATHS } from '#shared/pages';
import { ItemLink } from '../../../components/item-link';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { StarBadge } from '../../../components/star-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { useDateFormat } from '../../../lib/format-date';
import { formatWeight } from '../../../lib/format-number';
import { logsSearch } from '../../../lib/page-links';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { LATEST_RECORDS, useLatestRecords } from '../api/fish-page-queries';

/**
 * The fish's newest official records (the official table's catches): when (UTC until the page has hydrated, as the server renders it), how
 * heavy, which star class, where and on what, and by whom; then the way to all of them in the official records.
 */
export function FishLatestRecords({ fishId, name }: { fishId: number; name: string }) {
  const { t } = useTranslation('fish');
  const dates = useDateFormat();
  const lang = useLocale();
  const localePath = useLocalePath();
  const { mapById, baitById } = useBaseConfig();
  const records = useLatestRecords(fishId);
  const items = records.data?.items;

  let body: React.ReactNode;
  if (!items) {
    body =
      records.isError && !records.isFetching ? (
        <LoadFailedAlert
          title={t('error.title')}
          retryLabel={t('error.retry')}
          onRetry={() => void records.refetch()}
        />
      ) : (
        <Skeleton h={40 * (LATEST_RECORDS + 1)} radius="md" aria-busy="true" />
      );
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" data-testid="latest-records-empty">
        {t('records.empty')}
      </Text>
    );
  } else {
    body = (
      // Wide enough for every column; a phone scrolls the table sideways rather than squeezing the names.
      <Table.ScrollContainer minWidth={600} type="native">
        <Table
          verticalSpacing="xs"
          striped="even"
          data-testid="latest-records"
          aria-label={t('records.caption', { fish: name })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('records.time')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('records.weight')}
              </Table.Th>
              <Table.Th scope="col">{t('records.star')}</Table.Th>
              <Table.Th scope="col">{t('records.map')}</Table.Th>
              <Table.Th scope="col">{t('records.bait')}</Table.Th>
              <Table.Th scope="col">{t('records.player')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const map = mapById(item.map_id);
              const bait = baitById(item.bait_id);
              return (
                <Table.Tr key={item.id} data-id={item.id}>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    <time dateTime={item.caught_at}>{dates.dateTimeMinutes(item.caught_at)}</time>
                  </Table.Td>
                  <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatWeight(item.weight, lang)}
                  </Table.Td>
                  <Table.Td>
                    {item.star_type !== STAR_TYPE_UNKNOWN ? <StarBadge starType={item.star_type} size="sm" /> : '—'}
                  </Table.Td>
                  <Table.Td>
                    {map ? (
                      <ItemLink item={map} size="sm" />
                    ) : (
                      <Text size="sm">{t('records.unknownMap', { id: item.map_id })}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {bait ? (
                      <ItemLink item={bait} size="sm" />
                    ) : (
                      <Text size="sm">{t('records.unknownBait', { id: item.bait_id })}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.player_name}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('records.title')}
      </Title>
      {body}
      <Anchor
        component={Link}
        to={localePath(`${PAGE_PATHS.officialLogs}${logsSearch({ fish: fishId })}`)}
        size="sm"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('records.all', { fish: name })}
      </Anchor>
    </Stack>
  );
}
