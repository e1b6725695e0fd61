import { Button, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BAIT_GUIDE_MIN_COUNT } from '#shared/catch-data-rules';
import { isThinSample, type ShareInterval } from '#shared/share-interval';
import { ShareWithInterval, ThinSampleNote } from '../../../components/share-with-interval';
import { formatCount } from '../../../lib/format-number';
import { shareMinSample } from '../../../lib/share-min-sample';
import { useLocale } from '../../../lib/use-locale';

export interface ShareRow extends ShareInterval {
  id: number;
  /** The fish's or the map's name, or a link bearing it. */
  name: ReactNode;
  count: number;
  share: number;
}

/** Rows shown before "show all": a bait may catch dozens of fish, and the first few say what it is for. */
const FIRST_ROWS = 8;

interface CatchShareTableProps {
  title: string;
  /** The first column's header ("Fish", "Map"). */
  nameHeader: string;
  /** In the server's order: count descending, then id. */
  rows: readonly ShareRow[];
  /** The catches the shares are of: how many decimals they can carry. */
  total: number;
  testId: string;
}

/**
 * One ranking of a bait's page (its fish, its maps): name, count and share with its 95 % interval. A share rests on its
 * count, so below BAIT_GUIDE_MIN_COUNT catches (the bait guide's rule) the row shows its count and no share: one catch
 * of one is not "100 %"; below the minimum sample the row is dimmed (decision 0034).
 */
export function CatchShareTable({ title, nameHeader, rows, total, testId }: CatchShareTableProps) {
  const { t } = useTranslation('baits');
  const lang = useLocale();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  const minSample = shareMinSample();

  return (
    <Stack gap="xs" miw={0}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Table data-testid={testId} verticalSpacing={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{nameHeader}</Table.Th>
            <Table.Th ta="end">{t('page.count')}</Table.Th>
            <Table.Th ta="end" w="34%">
              {t('page.share')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => {
            const thin = isThinSample(row.count, minSample);
            const dimmed = thin ? 'dimmed' : undefined;
            return (
              <Table.Tr key={row.id} data-id={row.id} data-thin={thin || undefined}>
                <Table.Td c={dimmed} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                  {thin && <ThinSampleNote min={minSample} />}
                </Table.Td>
                <Table.Td ta="end" c={dimmed} data-testid="row-count">
                  {formatCount(row.count, lang)}
                </Table.Td>
                <Table.Td ta="end" data-testid="row-share">
                  {row.count >= BAIT_GUIDE_MIN_COUNT ? (
                    <Stack gap={4} align="stretch">
                      <ShareWithInterval value={row} sample={total} dimmed={thin} testId="row-share-value" />
                      <Progress
                        value={row.share * 100}
                        size="xs"
                        radius="xl"
                        color={thin ? 'gray.5' : undefined}
                        aria-hidden
                      />
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      <span aria-hidden>—</span>
                      <VisuallyHidden>{t('page.tooFew')}</VisuallyHidden>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length > FIRST_ROWS && (
        <Button variant="subtle" size="sm" onClick={() => setShowAll((all) => !all)} aria-expanded={showAll}>
          {showAll ? t('page.showFewer') : t('page.showAll', { count: rows.length })}
        </Button>
      )}
    </Stack>
  );
}
