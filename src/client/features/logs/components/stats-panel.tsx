import { Anchor, Center, EmptyState, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChartBar, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SaleLogItem, StatsResponse } from '#shared/contracts/catches';
import { PAGE_PATHS } from '#shared/pages';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { formatDateTime } from '../../../lib/format-date';
import { type UserInfo, useSession } from '../../../lib/session';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { useMyStats } from '../api/use-my-stats';
import { PersonalBests } from './personal-bests';
import { StatsCatchList } from './stats-catch-list';
import { TrophyCabinet } from './trophy-cabinet';
import { formatChange, formatCount, formatDecimal } from '../../../lib/format-number';

/**
 * Today versus yesterday: an arrow and the signed percentage. Yesterday at 0 gives no percentage: with something
 * today that is a rise from nothing, said in a word ("new today"); with nothing either day a dash, and a word saying
 * there is nothing to compare.
 */
function Change({ pct, today }: { pct: number | null; today: number }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  if (pct === null && today > 0) {
    return (
      <Group gap={4} c="teal.8" data-change="new">
        <IconArrowUpRight size={16} aria-hidden />
        <Text size="sm" fw={600}>
          {t('stats.newToday')}
        </Text>
      </Group>
    );
  }
  if (pct === null) {
    return (
      <Group gap={4} c="dimmed" data-change="none">
        <IconMinus size={16} aria-hidden />
        <Text size="sm">— {t('stats.nothingToCompare')}</Text>
      </Group>
    );
  }
  const text = formatChange(pct, lang);
  const direction = pct > 0 ? 'up' : pct < 0 ? 'down' : 'same';
  const Icon = pct > 0 ? IconArrowUpRight : pct < 0 ? IconArrowDownRight : IconMinus;
  const label =
    direction === 'same' ? t('stats.same') : t(`stats.${direction}`, { pct: `${formatDecimal(Math.abs(pct), lang)}%` });
  return (
    <Group
      gap={4}
      c={direction === 'up' ? 'teal.8' : direction === 'down' ? 'red.8' : 'dimmed'}
      data-change={direction}
    >
      <Icon size={16} aria-hidden />
      <Text size="sm" fw={600} aria-label={label}>
        {text}
      </Text>
    </Group>
  );
}

function StatCard({
  label,
  value,
  today,
  yesterday,
  pct,
}: {
  label: string;
  value: string;
  /** Today's number, as counted (not as shown). */
  today: number;
  yesterday: string;
  pct: number | null;
}) {
  const { t } = useTranslation('logs');
  return (
    <Paper withBorder radius="md" p="md" data-testid="stat-card">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group justify="space-between" align="flex-end" gap="xs" mt={4}>
        <Text fz={28} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
        <Change pct={pct} today={today} />
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {t('stats.yesterday', { value: yesterday })}
      </Text>
    </Paper>
  );
}

/** All time at a glance: catches, fish species caught, trophies. */
function AllTimeFigures({ stats }: { stats: StatsResponse }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const trophies = stats.trophy_counts.reduce((sum, trophy) => sum + trophy.count, 0);
  const figures = [
    { label: t('stats.totalCatches'), value: stats.total_catches },
    { label: t('stats.speciesCaught'), value: stats.personal_bests.length },
    { label: t('stats.trophyTotal'), value: trophies },
  ];
  return (
    <SimpleGrid cols={3} spacing="sm" data-testid="stats-all-time">
      {figures.map(({ label, value }) => (
        <Paper key={label} withBorder radius="md" px="sm" py="xs">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fz={22} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(value, lang)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function RecentSales({ items }: { items: SaleLogItem[] }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('stats.noSales')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table striped="even" verticalSpacing={6} aria-label={t('stats.recentSales')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('stats.soldAt')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('stats.income')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('stats.fishCount')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('stats.starCount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
          {items.map((sale) => (
            <Table.Tr key={sale.id}>
              <Table.Td>{formatDateTime(sale.sold_at)}</Table.Td>
              <Table.Td ta="end">{formatCount(sale.income, lang)}</Table.Td>
              <Table.Td ta="end">{formatCount(sale.fish_count, lang)}</Table.Td>
              <Table.Td ta="end">{formatCount(sale.star_count, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The personal stats on /user/my-data (docs/product-requirements.md §2 user stats): today's income and star count with
 * the change versus yesterday; all time, the catches, the personal best of each fish and the trophies by class; recent
 * catches and the data after selling, all from the bound logger, "today" in the
 * browser's time zone. Without a bound logger there is nothing to show: an honest empty state that says how to get
 * stats.
 */
export function StatsPanel({ user }: { user: UserInfo }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const { token } = useSession();
  const query = useMyStats(user.client_id, token);
  const localePath = useLocalePath();

  let body: ReactNode;
  if (!user.client_id) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconChartBar size={32} aria-hidden />}
        withIndicatorBackground
        title={t('stats.empty')}
        description={t('stats.bindFirst')}
        maw={560}
        mx="auto"
      />
    );
  } else if (query.isError) {
    body = (
      <LoadFailedAlert
        title={t('stats.loadFailed')}
        retryLabel={t('stats.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = (
      <Center py="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed" ml="sm">
          {t('stats.loading')}
        </Text>
      </Center>
    );
  } else {
    const stats = query.data;
    body = (
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('stats.intro', { tz: stats.tz })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="stats-today">
          <StatCard
            label={t('stats.todayIncome')}
            value={formatCount(stats.today_income, lang)}
            today={stats.today_income}
            yesterday={formatCount(stats.yesterday_income, lang)}
            pct={stats.income_change_pct}
          />
          <StatCard
            label={t('stats.todayStars')}
            value={formatCount(stats.today_star_count, lang)}
            today={stats.today_star_count}
            yesterday={formatCount(stats.yesterday_star_count, lang)}
            pct={stats.star_change_pct}
          />
        </SimpleGrid>
        <Section title={t('stats.allTime')}>
          <AllTimeFigures stats={stats} />
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title={t('stats.personalBests')}>
            <PersonalBests bests={stats.personal_bests} />
          </Section>
          <Section title={t('stats.trophies')}>
            <TrophyCabinet counts={stats.trophy_counts} />
            <Text size="sm" fw={600} mt="xs">
              {t('stats.latestTrophies')}
            </Text>
            <StatsCatchList items={stats.recent_trophies} empty={t('stats.noTrophies')} />
          </Section>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title={t('stats.recentCatches')}>
            <StatsCatchList items={stats.recent_catches} empty={t('stats.noCatches')} />
            {stats.recent_catches.length > 0 && (
              <Anchor component={Link} to={`${localePath(PAGE_PATHS.birdLogs)}?mine=true`} size="sm">
                {t('stats.allMine')}
              </Anchor>
            )}
          </Section>
          <Section title={t('stats.recentSales')}>
            <RecentSales items={stats.recent_sales} />
          </Section>
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="stats-title"
      data-testid="stats-panel"
    >
      <Title order={2} fz="lg" id="stats-title" mb="sm">
        {t('stats.title')}
      </Title>
      {body}
    </Paper>
  );
}
