/**
 * The detailed proportions (docs/product-requirements.md §1: "a click for detailed proportions"): a chart of the bait
 * shares, and how the shares change with the game hour, the depth band and the weather. Loaded lazily with the charts
 * library, so the guide itself stays light; the charts' stylesheet comes with this chunk only.
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconClock, IconCloudRain, IconRipple } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaitShare } from '#shared/contracts/catches';
import { formatGameHour, GAME_HOURS, displayGameHour } from '#shared/game/game-time';
import { isThinSample, withShare } from '#shared/share-interval';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ShareIntervalNote, ShareWithInterval, ThinSampleNote } from '../../../components/share-with-interval';
import { useLocale } from '../../../lib/use-locale';
import { shareMinSample } from '../../../lib/share-min-sample';
import { useBaitGuideDetail } from '../api/bait-guide-queries';
import { formatCount, formatShare, shareDigits } from '../../../lib/format-number';
import { bestConditionFor, depthLabel, MIN_COUNT, sortByTotal, sortDepths, sortHours } from '../bait-guide-format';
import { useBaitLabel } from '../hooks/use-bait-names';
import { BaitGuideSummary } from './bait-guide-summary';
import { useMatchMedia } from '../../../lib/browser-state';

/** Distinct hues that keep their contrast on a light and a dark background; grey is "other baits". */
const PALETTE = ['blue.6', 'orange.6', 'teal.6', 'grape.6', 'yellow.6', 'cyan.6', 'pink.6', 'lime.6'] as const;
const OTHER_COLOR = 'gray.5';
/** Baits named in the donut; the rest add up to "other". */
const DONUT_BAITS = 7;
/** Baits given their own colour in the splits; more would be too many colours to tell apart in one bar. */
const SPLIT_BAITS = 5;
const OTHER = 'other';

const seriesKey = (baitId: number) => `b${baitId}`;
const axisPercent = (value: number) => `${value}%`;

interface Condition {
  /** The condition as the table shows it (e.g. `07:00`, `0–5 m`, `Sunny`). */
  label: string;
  /** The same, short, for a chart axis (e.g. `7`). */
  axis: string;
  total: number;
  baits: BaitShare[];
}

interface Series {
  name: string;
  label: string;
  color: string;
  /** The bait of a named series; none for "other baits". */
  baitId?: number;
}

interface SplitViewProps {
  conditions: Condition[];
  series: Series[];
  /** Columns (one per condition, for the 24 hours) or rows (long labels: weather, depth). */
  layout: 'columns' | 'rows';
  title: string;
  /** The heading of the best condition of each bait ("Best game hour for each bait"). */
  bestTitle: string;
  testId: string;
}

/** A bait's row header: the colour it has in the chart beside its name, dimmed when its sample is thin. */
function BaitRowHeader({ color, name, thin, swatch }: { color: string; name: string; thin: boolean; swatch: number }) {
  return (
    <Table.Th scope="row" fw={500} c={thin ? 'dimmed' : undefined}>
      <Group gap="xs" wrap="nowrap">
        <ColorSwatch color={`var(--mantine-color-${color.replace('.', '-')})`} size={swatch} aria-hidden />
        <span>{name}</span>
      </Group>
    </Table.Th>
  );
}

/**
 * For each leading bait, the condition where its share is surest (`bestConditionFor`: the lower end of the interval,
 * decision 0034), with that share, its interval and what it rests on; a best resting on fewer catches than the
 * minimum sample is dimmed.
 */
function BestConditions({
  conditions,
  series,
  title,
}: Pick<SplitViewProps, 'conditions' | 'series'> & { title: string }) {
  const { t } = useTranslation('bait-guide');
  const lang = useLocale();
  const minSample = shareMinSample();
  const rows = series.flatMap((entry) => {
    if (entry.baitId === undefined) return [];
    const best = bestConditionFor(entry.baitId, conditions);
    return best ? [{ entry, ...best }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {t('best.hint')}
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing={4} fz="sm" aria-label={title} data-testid="best-conditions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('best.bait')}</Table.Th>
              <Table.Th scope="col">{t('best.condition')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('best.share')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ entry, condition, share }) => {
              const thin = isThinSample(share.count, minSample);
              return (
                <Table.Tr key={entry.name} data-bait-id={entry.baitId} data-thin={thin || undefined}>
                  <BaitRowHeader color={entry.color} name={entry.label} thin={thin} swatch={10} />
                  <Table.Td
                    c={thin ? 'dimmed' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="best-condition"
                  >
                    {condition.label}
                  </Table.Td>
                  <Table.Td ta="end">
                    <ShareWithInterval value={share} sample={condition.total} dimmed={thin} testId="best-share" />
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="best-sample">
                      {t('best.ofCatches', {
                        count: formatCount(share.count, lang),
                        total: formatCount(condition.total, lang),
                      })}
                    </Text>
                    {thin && <ThinSampleNote min={minSample} />}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * One split: a stacked bar per condition (100 % = its catches), and the same numbers as a table with each
 * condition's catches beside its shares. A condition with fewer catches than the guide's minimum draws no bar and
 * names no share (one catch would draw a 100 % bar); the table says it has too few. Rows name their catches on
 * the axis too.
 */
function SplitView({ conditions, series, layout, title, bestTitle, testId }: SplitViewProps) {
  const { t } = useTranslation('bait-guide');
  const lang = useLocale();
  const label = useBaitLabel();
  const minSample = shareMinSample();
  const phone = useMatchMedia('(max-width: 36em)');
  const named = new Set(series.filter((entry) => entry.name !== OTHER).map((entry) => entry.name));
  const data = conditions.map((condition) => {
    const axis =
      layout === 'rows' && condition.total > 0
        ? `${condition.axis} (${formatCount(condition.total, lang)})`
        : condition.axis;
    const row: Record<string, string | number> = { condition: axis };
    if (condition.total < MIN_COUNT) return row;
    let rest = 100;
    for (const bait of condition.baits) {
      const key = seriesKey(bait.bait_id);
      if (!named.has(key)) continue;
      row[key] = bait.share * 100;
      rest -= bait.share * 100;
    }
    row[OTHER] = Math.max(0, rest);
    return row;
  });
  const withData = conditions.filter((condition) => condition.total > 0);

  if (withData.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md" data-testid={testId}>
        {t('details.noSplit')}
      </Text>
    );
  }

  return (
    <Stack gap="sm" data-testid={testId}>
      <BarChart
        h={layout === 'columns' ? 260 : Math.max(160, conditions.length * 32 + 60)}
        data={data}
        dataKey="condition"
        type="stacked"
        orientation={layout === 'columns' ? 'horizontal' : 'vertical'}
        series={series}
        valueFormatter={(value) => formatShare(value / 100, lang, 0)}
        withLegend
        // In the series' order (most caught first, "other" last) rather than recharts' alphabetical default.
        legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
        gridAxis={layout === 'columns' ? 'y' : 'x'}
        tickLine="none"
        xAxisProps={
          layout === 'columns'
            ? { interval: phone ? 2 : 0 }
            : { domain: [0, 100], ticks: [0, 25, 50, 75, 100], tickFormatter: axisPercent }
        }
        yAxisProps={
          layout === 'columns'
            ? { domain: [0, 100], ticks: [0, 25, 50, 75, 100], tickFormatter: axisPercent, width: 44 }
            : // Every condition named: recharts would skip every other label to avoid a crowd it does not have.
              { width: phone ? 84 : 116, interval: 0 }
        }
        maxBarWidth={layout === 'columns' ? 28 : 22}
        // Room for the last axis label ("100%") inside the drawer.
        barChartProps={{ margin: { right: 16 } }}
        aria-hidden
      />
      <BestConditions conditions={withData} series={series} title={bestTitle} />
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder verticalSpacing={6} fz="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('details.condition')}</Table.Th>
              <Table.Th scope="col" ta="end" style={{ whiteSpace: 'nowrap' }}>
                {t('details.sample')}
              </Table.Th>
              <Table.Th scope="col">{t('details.topBaits')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {withData.map((condition) => {
              // A condition resting on fewer catches than the minimum sample is dimmed (decision 0034).
              const thin = isThinSample(condition.total, minSample);
              const dimmed = thin ? 'dimmed' : undefined;
              return (
                <Table.Tr key={condition.label} data-thin={thin || undefined}>
                  <Table.Th scope="row" fw={500} c={dimmed} style={{ whiteSpace: 'nowrap' }}>
                    {condition.label}
                  </Table.Th>
                  <Table.Td ta="end" c={dimmed} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCount(condition.total, lang)}
                    {thin && <ThinSampleNote min={minSample} />}
                  </Table.Td>
                  <Table.Td c={dimmed}>
                    {condition.total < MIN_COUNT ? (
                      t('details.tooFew')
                    ) : (
                      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
                        {condition.baits.slice(0, 3).map((bait) => (
                          <li key={bait.bait_id}>
                            {label(bait.bait_id).name}{' '}
                            <ShareWithInterval value={bait} sample={condition.total} dimmed={thin} />
                          </li>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The overall shares: a donut of the leading baits and "other", with a legend that carries the numbers. */
function SharesView({ baits, total }: { baits: BaitShare[]; total: number }) {
  const { t } = useTranslation('bait-guide');
  const lang = useLocale();
  const label = useBaitLabel();
  const minSample = shareMinSample();
  const leading = baits.slice(0, DONUT_BAITS);
  const rest = baits.slice(DONUT_BAITS);
  const restCount = rest.reduce((sum, bait) => sum + bait.count, 0);
  const slices = [
    ...leading.map((bait, index) => ({
      ...bait,
      key: String(bait.bait_id),
      name: label(bait.bait_id).name,
      color: PALETTE[index % PALETTE.length]!,
    })),
    ...(restCount > 0
      ? [{ ...withShare({ count: restCount }, total), key: OTHER, name: t('details.other'), color: OTHER_COLOR }]
      : []),
  ];

  return (
    <Group gap="xl" align="center" wrap="wrap" justify="center">
      <DonutChart
        data={slices.map((slice) => ({ name: slice.name, value: slice.share * 100, color: slice.color }))}
        size={180}
        thickness={28}
        valueFormatter={(value) => formatShare(value / 100, lang, shareDigits(total))}
        chartLabel={formatCount(total, lang)}
        tooltipDataSource="segment"
        aria-hidden
      />
      <Table
        verticalSpacing={4}
        fz="sm"
        style={{ flex: '1 1 16rem', width: 'auto' }}
        aria-label={t('details.sharesChart', { count: total })}
        data-testid="shares-legend"
      >
        <Table.Tbody>
          {slices.map((slice) => {
            const thin = isThinSample(slice.count, minSample);
            return (
              <Table.Tr key={slice.key} data-thin={thin || undefined}>
                <BaitRowHeader color={slice.color} name={slice.name} thin={thin} swatch={12} />
                <Table.Td ta="end">
                  <ShareWithInterval value={slice} sample={total} dimmed={thin} testId="legend-share" />
                </Table.Td>
                <Table.Td ta="end" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {t('summary.catches', { count: slice.count, formatted: formatCount(slice.count, lang) })}
                  {thin && <ThinSampleNote min={minSample} />}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Group>
  );
}

interface BaitGuideDetailsProps {
  fish: number;
  map: number | null;
  /** Unverified catches too (`trust=all`). */
  all?: boolean;
  /** The map's name, null for every map. */
  mapName: string | null;
}

export function BaitGuideDetails({ fish, map, all = false, mapName }: BaitGuideDetailsProps) {
  const { t } = useTranslation('bait-guide');
  const label = useBaitLabel();
  const detail = useBaitGuideDetail(fish, map, all);
  const data = detail.data;

  const series = useMemo<Series[]>(() => {
    const leading = (data?.baits ?? []).slice(0, SPLIT_BAITS).map((bait, index) => ({
      name: seriesKey(bait.bait_id),
      label: label(bait.bait_id).name,
      color: PALETTE[index % PALETTE.length]!,
      baitId: bait.bait_id,
    }));
    return [...leading, { name: OTHER, label: t('details.other'), color: OTHER_COLOR }];
  }, [data, label, t]);

  const splits = useMemo(() => {
    if (!data) return null;
    const byHour = new Map(sortHours(data.by_hour).map((entry) => [displayGameHour(entry.key), entry]));
    const hours: Condition[] = Array.from({ length: GAME_HOURS }, (_, index) => {
      const hour = index + 1;
      const entry = byHour.get(hour);
      return { label: formatGameHour(hour), axis: String(hour), total: entry?.total ?? 0, baits: entry?.baits ?? [] };
    });
    const depths: Condition[] = sortDepths(data.by_depth).map((entry) => ({
      label: depthLabel(entry.key),
      axis: depthLabel(entry.key),
      total: entry.total,
      baits: entry.baits,
    }));
    const weathers: Condition[] = sortByTotal(data.by_weather).map((entry) => {
      const name = t(`weather.${entry.key}`, { defaultValue: entry.key });
      return { label: name, axis: name, total: entry.total, baits: entry.baits };
    });
    return { hours, depths, weathers };
  }, [data, t]);

  if (detail.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('details.loading')}>
        <Skeleton h={56} radius="md" />
        <Skeleton h={180} radius="md" />
        <Skeleton h={260} radius="md" />
      </Stack>
    );
  }
  if (detail.isError || !data || !splits) {
    return (
      <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void detail.refetch()} />
    );
  }
  if (data.total === 0) {
    return (
      <Text c="dimmed" py="md">
        {t('empty.title')}
      </Text>
    );
  }

  return (
    <Stack gap="xl">
      <BaitGuideSummary guide={data} mapName={mapName} />
      <Stack gap="sm" component="section" aria-labelledby="bait-guide-shares">
        <Title order={3} size="h4" id="bait-guide-shares">
          {t('details.shares')}
        </Title>
        <SharesView baits={data.baits} total={data.total} />
        <ShareIntervalNote />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="bait-guide-splits">
        <div>
          <Title order={3} size="h4" id="bait-guide-splits">
            {t('details.splits')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('details.splitsHint')}
          </Text>
        </div>
        <Tabs defaultValue="hour" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="hour" leftSection={<IconClock size={16} aria-hidden />}>
              {t('details.byHour')}
            </Tabs.Tab>
            <Tabs.Tab value="depth" leftSection={<IconRipple size={16} aria-hidden />}>
              {t('details.byDepth')}
            </Tabs.Tab>
            <Tabs.Tab value="weather" leftSection={<IconCloudRain size={16} aria-hidden />}>
              {t('details.byWeather')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="hour" pt="md">
            <SplitView
              conditions={splits.hours}
              series={series}
              layout="columns"
              title={t('details.byHour')}
              bestTitle={t('best.hour')}
              testId="split-hour"
            />
          </Tabs.Panel>
          <Tabs.Panel value="depth" pt="md">
            <SplitView
              conditions={splits.depths}
              series={series}
              layout="rows"
              title={t('details.byDepth')}
              bestTitle={t('best.depth')}
              testId="split-depth"
            />
          </Tabs.Panel>
          <Tabs.Panel value="weather" pt="md">
            <SplitView
              conditions={splits.weathers}
              series={series}
              layout="rows"
              title={t('details.byWeather')}
              bestTitle={t('best.weather')}
              testId="split-weather"
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Stack>
  );
}
