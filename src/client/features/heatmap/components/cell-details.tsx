import { Anchor, Box, Button, CloseButton, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconListSearch, IconBook2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '#shared/locales';
import { PAGE_PATHS } from '#shared/pages';
import { useBaseConfig } from '../../../lib/base-config';
import { baitGuideSearch } from '../../../lib/page-links';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import { type HeatQuery, useHeatCell } from '../api/heatmap-queries';
import { formatCount, formatDecimal } from '../../../lib/format-number';
import type { Spot } from '../heat-blocks';
import { type CellArea, cellArea, type HeatGrid } from '../heat-scale';
import { useAreaText } from './use-area-text';
import classes from './heatmap-panels.module.css';

interface CellDetailsProps {
  query: HeatQuery;
  /** A cell, or a square of cells where the map draws them merged. */
  cell: Spot;
  grid: HeatGrid;
  onClose: () => void;
  ref?: React.Ref<HTMLElement>;
}

/**
 * The AI records page filtered to this cell's spot and to the heat map's own filters, so its list is the cell's. The
 * logs' maximums are exclusive while the last column and row of the grid hold the map's edge, so on the map's edge
 * the maximum is left out (nothing lies beyond it).
 */
function spotLogsPath(query: HeatQuery, area: CellArea, edge: { x_max: number; y_max: number }): string {
  const search = new URLSearchParams({ map: String(query.map) });
  if (query.fish !== null) search.set('fish', String(query.fish));
  if (query.star !== null) search.set('star', String(query.star));
  search.set('range', query.range);
  search.set('x_min', String(area.x_min));
  if (area.x_max < edge.x_max) search.set('x_max', String(area.x_max));
  search.set('y_min', String(area.y_min));
  if (area.y_max < edge.y_max) search.set('y_max', String(area.y_max));
  return `${PAGE_PATHS.birdLogs}?${search.toString()}`;
}

function ShareRow({
  label,
  count,
  total,
  lang,
}: {
  label: React.ReactNode;
  count: number;
  total: number;
  lang: string;
}) {
  return (
    <Box component="li">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text span size="sm" className={classes.grow} truncate>
          {label}
        </Text>
        <Text span size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCount(count, lang)}
        </Text>
      </Group>
      <Box className={classes.bar} mt={2} w={`${total > 0 ? Math.max(2, (count / total) * 100) : 0}%`} aria-hidden />
    </Box>
  );
}

/**
 * What was caught in one spot, a cell or a square of cells (`GET /api/heatmap/cell`, exact counts from the server): the
 * count, the depth range, the most caught fish and the most used baits, with the way on to the top fish's bait guide and to the AI records of that spot.
 */
export function CellDetails({ query, cell, grid, onClose, ref }: CellDetailsProps) {
  const { t } = useTranslation('heatmap');
  const lang = useLocale();
  const displayName = useDisplayName();
  const areaText = useAreaText();
  const { fishById, baitById } = useBaseConfig();
  const details = useHeatCell(query, cell);
  const data = details.data;
  const area: CellArea = data ?? cellArea(cell, grid);
  const fishName = (id: number) => {
    const fish = fishById(id);
    return fish ? displayName(fish) : `#${id}`;
  };
  const baitName = (id: number) => {
    const bait = baitById(id);
    return bait ? displayName(bait) : `#${id}`;
  };
  const topFish = data?.fishes[0];

  let body: React.ReactNode;
  if (details.isError) {
    body = (
      <Text size="sm" c="red" role="alert">
        {t('cell.error')}
      </Text>
    );
  } else if (!data) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('cell.loading')}
        </Text>
      </Group>
    );
  } else if (data.total === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('cell.none')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        <Group gap="lg">
          <div>
            <Text size="xs" c="dimmed">
              {t('cell.catches')}
            </Text>
            <Text fw={700} size="lg" data-testid="cell-total">
              {formatCount(data.total, lang)}
            </Text>
          </div>
          {data.depth && (
            <div>
              <Text size="xs" c="dimmed">
                {t('cell.depth')}
              </Text>
              <Text fw={700} size="lg">
                {t('cell.depthRange', {
                  min: formatDecimal(data.depth.min, lang),
                  max: formatDecimal(data.depth.max, lang),
                })}
              </Text>
            </div>
          )}
        </Group>
        <div>
          <Title order={3} size="h6" mb={6}>
            {t('cell.fishes')}
          </Title>
          <Stack component="ol" gap={8} p={0} m={0} style={{ listStyle: 'none' }} data-testid="cell-fishes">
            {data.fishes.map((fish) => (
              <ShareRow
                key={fish.fish_id}
                lang={lang}
                count={fish.count}
                total={data.total}
                label={
                  <Anchor
                    component={Link}
                    to={localePath(lang, `${PAGE_PATHS.baitGuide}${baitGuideSearch(fish.fish_id, query.map)}`)}
                    size="sm"
                  >
                    {fishName(fish.fish_id)}
                  </Anchor>
                }
              />
            ))}
          </Stack>
        </div>
        <div>
          <Title order={3} size="h6" mb={6}>
            {t('cell.baits')}
          </Title>
          <Stack component="ol" gap={8} p={0} m={0} style={{ listStyle: 'none' }} data-testid="cell-baits">
            {data.baits.map((bait) => (
              <ShareRow
                key={bait.bait_id}
                lang={lang}
                count={bait.count}
                total={data.total}
                label={baitName(bait.bait_id)}
              />
            ))}
          </Stack>
        </div>
      </Stack>
    );
  }

  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="heat-cell-title"
      data-testid="cell-details"
      style={{ scrollMarginTop: 80 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Title order={2} size="h4" id="heat-cell-title">
            {t('cell.title')}
          </Title>
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {areaText(area)}
          </Text>
        </div>
        <CloseButton aria-label={t('cell.close')} onClick={onClose} />
      </Group>
      {body}
      <Stack gap="xs" mt="md">
        {topFish && (
          <Button
            component={Link}
            to={localePath(lang, `${PAGE_PATHS.baitGuide}${baitGuideSearch(topFish.fish_id, query.map)}`)}
            variant="light"
            leftSection={<IconBook2 size={16} aria-hidden />}
            fullWidth
          >
            {t('cell.baitGuide', { fish: fishName(topFish.fish_id) })}
          </Button>
        )}
        <Button
          component={Link}
          to={localePath(lang, spotLogsPath(query, area, grid.bounds))}
          variant="default"
          leftSection={<IconListSearch size={16} aria-hidden />}
          fullWidth
        >
          {t('cell.logs')}
        </Button>
      </Stack>
    </Paper>
  );
}
