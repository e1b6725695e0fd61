import {
  Alert as Notice,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconBellOff, IconChecks, IconCrown, IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AlertSettings, Follow } from '#shared/contracts/alerts';
import { ALERTS_PAGE_SIZE } from '#shared/alert-rules';
import { PAGE_PATHS } from '#shared/pages';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDate } from '../../../lib/format-date';
import { baitGuideSearch } from '../../../lib/page-links';
import { parsePage, setParam, useSearch } from '../../../lib/search-params';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocalePath } from '../../../lib/use-locale';
import { useAlertList, useFollows, useMarkAlertsRead, useSetAlertEmails, useUnfollow } from '../api/alert-queries';
import { showAlertFailure } from '../alert-errors';
import { AlertLine } from './alert-line';

/** Whether alerts run (an active membership) and the e-mail switch. */
function SettingsPanel({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation('alerts');
  const localePath = useLocalePath();
  const setEmails = useSetAlertEmails();
  const change = (on: boolean) =>
    setEmails.mutateAsync(on).catch((error: unknown) => showAlertFailure(t('settings.failed'), error));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="alert-settings">
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} fz="lg" id="alert-settings">
          {t('settings.title')}
        </Title>
        <Badge color={settings.active ? 'teal' : 'gray'} variant="dot" style={{ textTransform: 'none' }}>
          {settings.active ? t('settings.active') : t('settings.dormant')}
        </Badge>
      </Group>
      {settings.active ? (
        <Text size="sm" c="dimmed" mb="md">
          {t('settings.activeText')}
        </Text>
      ) : (
        <Notice
          variant="light"
          color="yellow"
          icon={<IconBellOff aria-hidden />}
          title={t('settings.dormantTitle')}
          // The light variant writes the title in yellow: too faint on its own background (WCAG 1.4.3).
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          mb="md"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('settings.dormantText')}</Text>
            <Button
              component={Link}
              to={localePath(PAGE_PATHS.vipBuy)}
              size="xs"
              leftSection={<IconCrown size={14} aria-hidden />}
            >
              {t('settings.getVip')}
            </Button>
          </Stack>
        </Notice>
      )}
      <Switch
        checked={settings.emails}
        onChange={(event) => void change(event.currentTarget.checked)}
        disabled={setEmails.isPending}
        label={t('settings.emails')}
        description={settings.email_verified ? t('settings.emailsText') : t('settings.unverified')}
        data-testid="alert-emails"
      />
      {!settings.emails ? (
        <Group gap={6} mt="xs" c="dimmed">
          <IconMailOff size={14} aria-hidden />
          <Text size="xs">{t('settings.emailsOff')}</Text>
        </Group>
      ) : null}
    </Paper>
  );
}

function FollowLine({ follow }: { follow: Follow }) {
  const { t } = useTranslation('alerts');
  const localePath = useLocalePath();
  const name = useDisplayName();
  const { fishById, mapById } = useBaseConfig();
  const unfollow = useUnfollow();
  const fish = fishById(follow.fish_id);
  const map = follow.map_id === null ? null : mapById(follow.map_id);
  const fishName = fish ? name(fish) : `#${follow.fish_id}`;
  const scope = follow.map_id === null ? t('list.allMaps') : map ? name(map) : `#${follow.map_id}`;
  const remove = () =>
    unfollow.mutateAsync(follow.id).catch((error: unknown) => showAlertFailure(t('follow.unfollowFailed'), error));
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="followed-fish">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Box miw={0}>
          <Anchor
            component={Link}
            fw={600}
            to={`${localePath(PAGE_PATHS.baitGuide)}${baitGuideSearch(follow.fish_id, follow.map_id)}`}
          >
            {fishName}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('follows.scope', { scope, date: formatDate(follow.created_at) })}
          </Text>
        </Box>
        <Button
          variant="default"
          size="xs"
          onClick={() => void remove()}
          loading={unfollow.isPending}
          aria-label={t('follows.unfollowNamed', { fish: fishName, scope })}
        >
          {t('follows.unfollow')}
        </Button>
      </Group>
    </Paper>
  );
}

function FollowsPanel() {
  const { t } = useTranslation('alerts');
  const localePath = useLocalePath();
  const follows = useFollows();
  let body: React.ReactNode;
  if (follows.isError) {
    body = (
      <LoadFailedAlert title={t('follows.loadFailed')} retryLabel={t('retry')} onRetry={() => void follows.refetch()} />
    );
  } else if (!follows.data) {
    body = <Skeleton h={64} radius="md" />;
  } else if (follows.data.items.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('follows.empty')}{' '}
        <Anchor component={Link} to={localePath(PAGE_PATHS.baitGuide)} underline="always">
          {t('follows.toGuide')}
        </Anchor>
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {follows.data.items.map((follow) => (
          <FollowLine key={follow.id} follow={follow} />
        ))}
      </Stack>
    );
  }
  return (
    <Box component="section" aria-labelledby="alert-follows">
      <Title order={2} fz="lg" mb="sm" id="alert-follows">
        {t('follows.title')}
        {follows.data ? (
          <Text span c="dimmed" fz="sm" fw={400} ml={8}>
            {t('follows.count', { count: follows.data.items.length, limit: follows.data.settings.follow_limit })}
          </Text>
        ) : null}
      </Title>
      {body}
    </Box>
  );
}

function AlertsPanel() {
  const { t } = useTranslation('alerts');
  const [params, edit] = useSearch();
  const page = parsePage(params.get('page'));
  const alerts = useAlertList(page);
  const markRead = useMarkAlertsRead();
  const unread = alerts.data?.unread ?? 0;
  const pageCount = Math.max(1, Math.ceil((alerts.data?.total ?? 0) / ALERTS_PAGE_SIZE));
  const markAll = () =>
    markRead.mutateAsync(undefined).catch((error: unknown) => showAlertFailure(t('list.readFailed'), error));

  let body: React.ReactNode;
  if (alerts.isError && !alerts.data) {
    body = (
      <LoadFailedAlert title={t('list.loadFailed')} retryLabel={t('retry')} onRetry={() => void alerts.refetch()} />
    );
  } else if (!alerts.data) {
    body = <Skeleton h={120} radius="md" />;
  } else if (alerts.data.items.length === 0) {
    body = <ListEmptyState icon={IconBellOff} title={t('list.emptyTitle')} description={t('list.emptyText')} />;
  } else {
    body = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-busy={alerts.isPlaceholderData}>
        {alerts.data.items.map((alert) => (
          <AlertLine key={alert.id} alert={alert} />
        ))}
      </Stack>
    );
  }
  return (
    <Box component="section" aria-labelledby="alert-list">
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} fz="lg" id="alert-list">
          {t('list.title')}
          {unread > 0 ? (
            <Badge ml={8} color="red" variant="filled" style={{ verticalAlign: 'middle', textTransform: 'none' }}>
              {t('list.unreadCount', { count: unread })}
            </Badge>
          ) : null}
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => void markAll()}
        >
          {t('list.markAllRead')}
        </Button>
      </Group>
      {body}
      {pageCount > 1 ? (
        <Pagination
          mt="md"
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={(next) => edit((search) => setParam(search, 'page', next > 1 ? next : null))}
        />
      ) : null}
    </Box>
  );
}

/**
 * "My alerts" (`/user/alerts`, issue 25): whether the member's alerts run (dormant without an active membership), the
 * e-mail switch, the followed fish with unfollow, and the alerts, newest first, with "mark all read".
 */
export function MyAlerts() {
  const { t } = useTranslation('alerts');
  const follows = useFollows();
  return (
    <Stack gap="xl">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {follows.data ? <SettingsPanel settings={follows.data.settings} /> : null}
      <FollowsPanel />
      <AlertsPanel />
    </Stack>
  );
}
