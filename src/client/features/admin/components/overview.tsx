import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOverview } from '#shared/contracts/admin';
import { PAGE_PATHS } from '#shared/pages';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { formatCount, formatShare } from '../../../lib/format-number';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { useAdminOverview } from '../api/admin-queries';

/** The console's first screen: the figures an operator checks each day. */
export function Overview() {
  const { t } = useTranslation('admin');
  const overview = useAdminOverview();
  if (overview.isPending) return <LoadingState>{t('overview.loading')}</LoadingState>;
  if (overview.isError)
    return (
      <LoadFailedAlert
        title={t('overview.loadFailed')}
        retryLabel={t('list.retry')}
        onRetry={() => void overview.refetch()}
      />
    );
  return <OverviewFigures data={overview.data} />;
}

function OverviewFigures({ data }: { data: AdminOverview }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const localePath = useLocalePath();
  const count = (value: number) => formatCount(value, locale);
  const orders = Object.entries(data.orders_by_status).filter(([, n]) => n > 0);

  return (
    <Stack gap="lg" data-testid="admin-overview">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        <Figure label={t('overview.catches24h')} value={count(data.catches_24h)} />
        <Figure label={t('overview.activeLoggers')} value={count(data.active_loggers_24h)} />
        <Figure label={t('overview.aiQuestions')} value={count(data.ai_questions_24h)} />
        <Figure
          label={t('overview.aiUnanswered')}
          value={count(data.ai_unanswered_24h)}
          to={localePath(PAGE_PATHS.adminAiQuestions)}
        />
        <Figure label={t('overview.users')} value={count(data.users_total)} to={localePath(PAGE_PATHS.adminUsers)} />
        <Figure label={t('overview.vipActive')} value={count(data.vip_active)} />
        {data.flagged_loggers !== null ? (
          <Figure
            label={t('overview.flaggedLoggers')}
            value={count(data.flagged_loggers)}
            to={`${localePath(PAGE_PATHS.adminLoggers)}?state=flagged`}
          />
        ) : null}
      </SimpleGrid>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="catches-hour">
        <Title order={2} fz="lg" id="catches-hour" mb={4}>
          {t('overview.perHourTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('overview.perHourNote')}
        </Text>
        <HourBars hours={data.catches_per_hour} />
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="orders-title">
          <Title order={2} fz="lg" id="orders-title" mb="sm">
            {t('overview.ordersTitle')}
          </Title>
          {orders.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('overview.noOrders')}
            </Text>
          ) : (
            <Group gap="xs">
              {orders.map(([status, n]) => (
                <Badge key={status} size="lg" variant="light" color={STATUS_COLOURS[status] ?? 'gray'}>
                  {t(`orderStatus.${status}`)}: {count(n)}
                </Badge>
              ))}
            </Group>
          )}
        </Paper>
        {data.refused_by_reason !== null ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="refused">
            <Title order={2} fz="lg" id="refused" mb={4}>
              {t('overview.refusedTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('overview.refusedNote')}
            </Text>
            {data.refused_by_reason.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('overview.noRefusals')}
              </Text>
            ) : (
              <Stack gap={4} data-testid="refused-by-reason">
                {data.refused_by_reason.map((row) => (
                  <Group key={row.reason} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm">{refusalLabel(t, row.reason)}</Text>
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {count(row.count)} · {formatShare(row.share, locale)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

/** A refusal reason in words: the rate, the item as a whole, or the field refused (its name, as the API has it). */
function refusalLabel(t: TFunction<'admin'>, reason: string): string {
  if (reason === 'rate') return t('overview.refusedRate');
  if (reason === 'item') return t('overview.refusedItem');
  return t('overview.refusedField', { field: reason });
}

const STATUS_COLOURS: Record<string, string> = {
  paid: 'teal',
  pending: 'blue',
  refunded: 'grape',
  failed: 'red',
  canceled: 'gray',
  expired: 'gray',
};

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
  return to ? (
    <Paper withBorder radius="lg" p="md" component={Link} to={to} style={{ textDecoration: 'none', color: 'inherit' }}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="lg" p="md">
      {body}
    </Paper>
  );
}

/** 24 bars, one per UTC hour, the newest on the right; a table of the same counts for screen readers. */
function HourBars({ hours }: { hours: AdminOverview['catches_per_hour'] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const max = Math.max(1, ...hours.map((hour) => hour.count));
  const hourOf = (iso: string) => `${iso.slice(11, 13)}:00`;
  return (
    <>
      <Box
        aria-hidden
        style={{ display: 'flex', alignItems: 'flex-end', gap: 3, height: 140 }}
        data-testid="catches-per-hour"
      >
        {hours.map((hour) => (
          <Tooltip key={hour.hour} label={`${hourOf(hour.hour)} UTC · ${formatCount(hour.count, locale)}`} withArrow>
            <Box
              style={{
                flex: 1,
                minWidth: 4,
                height: `${Math.max(2, (hour.count / max) * 100)}%`,
                borderRadius: 3,
                background: 'var(--mantine-primary-color-filled)',
                opacity: hour.count === 0 ? 0.25 : 1,
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Group justify="space-between" mt={4} aria-hidden>
        <Text size="xs" c="dimmed">
          {hourOf(hours[0]!.hour)}
        </Text>
        <Text size="xs" c="dimmed">
          {hourOf(hours.at(-1)!.hour)} UTC
        </Text>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{t('overview.perHourTitle')}</caption>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour.hour}>
                <th scope="row">{hourOf(hour.hour)} UTC</th>
                <td>{formatCount(hour.count, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
