import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAR_TYPE_UNKNOWN } from '#shared/game/catch-attributes';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ItemLink } from '../../../components/item-link';
import { StarBadge } from '../../../components/star-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { useDateFormat } from '../../../lib/format-date';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import type { LogItem, LogKind } from '../api/log-queries';
import { detailSearch } from '../hooks/use-log-params';
import { formatWeight } from '../../../lib/format-number';
import { CatchBaits } from './bait-info';
import { TrustBadge } from '../../../components/trust-badge';
import { useMatchMedia } from '../../../lib/browser-state';

interface LogTableProps {
  kind: LogKind;
  items: LogItem[];
}

/**
 * Table of records (docs/product-requirements.md §2: fish with rarity colour and star type, weight, map, bait type,
 * time; official: player too). The whole row opens the catch's detail (its time is the keyboard's way there); the
 * fish's and the map's names lead to their own pages (issue 23), and a click on a link or the bait's own button in the
 * row stays theirs. On a phone the columns that do not fit scroll sideways, and a line above the table says so.
 */
export function LogTable({ kind, items }: LogTableProps) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { fishById, mapById } = useBaseConfig();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const official = kind === 'official';
  // A phone drops the year (the time's title keeps it) and the wide cell padding, so the AI records fit 390 px.
  const phone = useMatchMedia('(max-width: 36em)');
  const dates = useDateFormat();

  return (
    // Wide enough for every column; narrower screens scroll the table sideways rather than squeezing the names.
    <>
      {phone && (
        <Text size="xs" c="dimmed" mb={4} data-testid="log-table-scroll-hint">
          {t('table.scrollHint')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={official ? 720 : 560} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing={phone ? 6 : 'sm'}
          highlightOnHover
          striped="even"
          data-testid="log-table"
          aria-label={official ? t('table.officialCaption') : t('table.birdCaption')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.fish')}</Table.Th>
              <Table.Th scope="col">{t('table.weight')}</Table.Th>
              <Table.Th scope="col">{t('table.map')}</Table.Th>
              <Table.Th scope="col">{t('table.bait')}</Table.Th>
              {official && <Table.Th scope="col">{t('table.player')}</Table.Th>}
              <Table.Th scope="col">{t('table.time')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const fish = fishById(item.fish_id);
              const name = fish ? displayName(fish) : t('detail.unknownFish');
              const time = dates.dateTime(item.caught_at);
              const map = mapById(item.map_id);
              const detail = detailSearch(searchParams, item.id);
              return (
                <Table.Tr
                  key={item.id}
                  data-id={item.id}
                  style={{ cursor: 'pointer' }}
                  onClick={(event) => {
                    // The fish's, the map's and the time's links, the bait's button and its popover answer their own clicks.
                    if ((event.target as Element).closest('a, button, [role="dialog"]')) return;
                    void navigate(detail, { preventScrollReset: true });
                  }}
                >
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      {fish ? (
                        <ItemLink item={fish} fw={600} size="sm">
                          {name}
                        </ItemLink>
                      ) : (
                        <Text fw={600} size="sm">
                          {name}
                        </Text>
                      )}
                      {/* Most catches are no trophy: a badge on each would drown the ones that are. */}
                      {item.star_type !== STAR_TYPE_UNKNOWN && <StarBadge starType={item.star_type} size="sm" />}
                      {'trust' in item && <TrustBadge level={item.trust} />}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatWeight(item.weight, lang)}
                  </Table.Td>
                  <Table.Td>
                    {map ? (
                      <ItemLink item={map} size="sm" />
                    ) : (
                      <Text size="sm">{t('table.unknownMap', { id: item.map_id })}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <CatchBaits baitId={item.bait_id} bait2Id={item.bait2_id} />
                  </Table.Td>
                  {'player_name' in item && (
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {item.player_name}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {/* Named by the time it shows, then what it opens (WCAG 2.5.3: the visible text leads the name). */}
                    <Anchor component={Link} to={detail} preventScrollReset c="inherit">
                      <time dateTime={item.caught_at} title={time}>
                        <Text size="sm" component="span" display="block" style={{ whiteSpace: 'nowrap' }}>
                          {phone ? dates.date(item.caught_at).slice(5) : dates.date(item.caught_at)}
                        </Text>{' '}
                        <Text size="xs" c="dimmed" component="span" display="block">
                          {time.slice(11)}
                        </Text>
                      </time>
                      <VisuallyHidden>{t('table.open', { fish: name })}</VisuallyHidden>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
