import { Box, Button, EmptyState, Paper } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeatQuery, useHeatTotals } from '../api/heatmap-queries';
import { type EmptyFilters, emptyProbes, emptyReason } from '../empty-reason';

interface EmptyOfferProps {
  query: HeatQuery;
  /** The chosen fish's name, for the sentence that blames it. */
  fishName: string;
  onChange: (patch: Partial<EmptyFilters>) => void;
}

/**
 * Over an empty map: why it is empty — the star type, the fish, both, the time range, or a map without catches — and
 * the one change that would show catches (empty-reason.ts), found by asking the same map with each filter relaxed.
 */
export function EmptyOffer({ query, fishName, onChange }: EmptyOfferProps) {
  const { t } = useTranslation('heatmap');
  const probes = useMemo(() => emptyProbes(query), [query]);
  const totals = useHeatTotals(
    useMemo(() => probes.map((probe) => ({ ...query, ...probe.filters })), [probes, query]),
    true,
  );
  const found = emptyReason(probes, totals);
  const description = found
    ? t(`empty.reason.${found.reason}`, { range: t(`summary.range${query.range}`), fish: fishName })
    : t('empty.checking');
  return (
    <Box
      pos="absolute"
      inset={0}
      p="md"
      style={{ zIndex: 600, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}
    >
      <Paper shadow="md" radius="md" withBorder p="sm" maw={360} style={{ pointerEvents: 'auto' }}>
        <EmptyState
          size="sm"
          icon={<IconMapSearch size={28} aria-hidden />}
          withIndicatorBackground
          title={t('empty.title')}
          description={
            <span data-testid="empty-reason" data-reason={found?.reason ?? ''} role="status">
              {description}
            </span>
          }
        >
          {found?.patch && found.reason !== 'nothing' && (
            <EmptyState.Actions>
              <Button size="xs" variant="default" onClick={() => onChange(found.patch!)}>
                {t(`empty.offer.${found.reason}`)}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    </Box>
  );
}
