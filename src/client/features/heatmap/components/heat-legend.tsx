import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAgo, useDateFormat } from '../../../lib/format-date';
import { useLocale } from '../../../lib/use-locale';
import { formatCount } from '../../../lib/format-number';
import { classLabel } from '../heat-format';
import { BLOCK_OUTLINE, type HeatClass } from '../heat-scale';
import type { HeatmapRange } from '#shared/catch-data-rules';

interface HeatLegendProps {
  id: string;
  /** Catches behind the picture, null while none has arrived. */
  total: number | null;
  updatedAt: string | null;
  range: HeatmapRange;
  /** Whether the counts include unverified catches (`trust=all`): the summary says what it counts. */
  all: boolean;
  heatClasses: readonly HeatClass[];
  /** Cells per side of the drawn squares (1: single cells), which the classes count. */
  blockSize: number;
}

/**
 * What the picture shows (docs/product-requirements.md §1, docs/design.md §5): catch-report density, the number of
 * reports behind it, how fresh they are, and the legend of the colours with their counts. The swatches sit on a light
 * strip like the map's own picture, so the palest and the darkest class read the same in both colour schemes.
 */
export function HeatLegend({ id, total, updatedAt, range, all, heatClasses, blockSize }: HeatLegendProps) {
  const { t } = useTranslation('heatmap');
  const lang = useLocale();
  const dates = useDateFormat();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <div id={id}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {t('summary.title')}
          </Title>
          <Text size="sm" mt={4} data-testid="heat-total">
            {total === null
              ? '\u00a0'
              : t('summary.total', {
                  count: total,
                  formatted: formatCount(total, lang),
                  range: t(`summary.range${range}`),
                })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="heat-trust">
            {all ? t('summary.countsAll') : t('summary.countsTrusted')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="heat-updated">
            {total === null
              ? '\u00a0'
              : updatedAt
                ? // How long ago is the browser's to say: the server's page says when.
                  dates.local
                  ? t('summary.updated', { time: dates.dateTime(updatedAt), ago: formatAgo(updatedAt, lang) })
                  : t('summary.updatedAt', { time: dates.dateTime(updatedAt) })
                : t('summary.noReports')}
          </Text>
        </div>
        {heatClasses.length > 0 && (
          <figure style={{ margin: 0 }} aria-labelledby={`${id}-legend`}>
            <Text component="figcaption" size="sm" fw={600} id={`${id}-legend`} mb={6}>
              {blockSize > 1 ? t('legend.titleMerged', { size: blockSize }) : t('legend.title')}
            </Text>
            <Box
              component="ol"
              data-testid="heat-legend"
              p={4}
              m={0}
              style={{
                listStyle: 'none',
                display: 'grid',
                gridTemplateColumns: `repeat(${heatClasses.length}, minmax(0, 1fr))`,
                gap: 2,
                borderRadius: 'var(--mantine-radius-sm)',
                background: '#eef2e6',
                border: '1px solid var(--mantine-color-default-border)',
              }}
            >
              {heatClasses.map((heatClass) => (
                <li key={heatClass.min} data-color={heatClass.color}>
                  {/* Opaque and outlined as on the map. */}
                  <Box
                    h={14}
                    style={{
                      background: heatClass.color,
                      borderRadius: 2,
                      boxShadow: `inset 0 0 0 1px ${BLOCK_OUTLINE}`,
                    }}
                    aria-hidden
                  />
                  <Text size="xs" ta="center" mt={4} c="#25262b" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {classLabel(heatClass, lang)}
                  </Text>
                </li>
              ))}
            </Box>
            <Group justify="space-between" mt={4}>
              <Text size="xs" c="dimmed">
                {t('legend.fewer')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('legend.more')}
              </Text>
            </Group>
          </figure>
        )}
      </Stack>
    </Paper>
  );
}
