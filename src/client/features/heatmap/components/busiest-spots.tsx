import { Box, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { formatCount } from '../../../lib/format-number';
import { type Blocks, busiestBlocks, type Spot } from '../heat-blocks';
import { cellArea, classOf, type HeatClass, type HeatGrid } from '../heat-scale';
import { useAreaText } from './use-area-text';
import classes from './heatmap-panels.module.css';

interface BusiestSpotsProps {
  grid: HeatGrid;
  /** The blocks as drawn: a spot is what the reader sees on the map, one cell or a square of them. */
  blocks: Blocks;
  heatClasses: readonly HeatClass[];
  onSelect: (spot: Spot) => void;
}

const LIMIT = 5;

/**
 * The busiest cells as buttons: the way to a cell's catches without a pointer (keyboard, screen reader), and a quick
 * answer to "where do they bite" on a phone.
 */
export function BusiestSpots({ grid, blocks, heatClasses, onSelect }: BusiestSpotsProps) {
  const { t } = useTranslation('heatmap');
  const lang = useLocale();
  const areaText = useAreaText();
  const spots = useMemo(() => busiestBlocks(blocks, LIMIT), [blocks]);
  if (spots.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="heat-spots-title">
      <Title order={2} size="h4" id="heat-spots-title">
        {t('spots.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('spots.hint')}
      </Text>
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} data-testid="heat-spots">
        {spots.map((spot) => {
          const heatClass = heatClasses[classOf(spot.count, heatClasses)];
          return (
            <li key={`${spot.col}-${spot.row}`}>
              <UnstyledButton
                className={classes.row}
                onClick={() => onSelect({ col: spot.col, row: spot.row, size: spot.size })}
              >
                <Box className={classes.swatch} style={{ background: heatClass?.color }} aria-hidden />
                <Text span size="sm" className={classes.grow}>
                  {areaText(cellArea(spot, grid))}
                </Text>
                <Text span size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {t('map.catches', { count: spot.count, formatted: formatCount(spot.count, lang) })}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
