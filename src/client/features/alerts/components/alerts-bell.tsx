import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useLocalePath } from '../../../lib/use-locale';
import { useUnreadAlerts } from '../api/alert-queries';

/**
 * The top bar's bell (issue 25): for a logged-in user, the unread alerts' count, opening My alerts. Gentle on the
 * server: the count is asked on navigation once the last one is a minute old, and every few minutes while the page is
 * visible; nothing for a visitor.
 */
export function AlertsBell() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { token, loggedIn } = useSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const unread = useUnreadAlerts();

  useEffect(() => {
    if (loggedIn) void queryClient.refetchQueries({ queryKey: queryKeys.alerts.unread(token), stale: true });
  }, [pathname, loggedIn, token, queryClient]);

  if (!loggedIn) return null;
  const count = unread.data?.unread ?? 0;
  const label = count > 0 ? t('actions.alertsUnread', { count }) : t('actions.alerts');
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      disabled={count === 0}
      size={16}
      offset={4}
      color="red"
      data-testid="alerts-bell-count"
    >
      <ActionIcon
        size="lg"
        variant="default"
        radius="md"
        component={Link}
        to={localePath(PAGE_PATHS.alerts)}
        aria-label={label}
        title={label}
        data-testid="alerts-bell"
      >
        <IconBell size={18} stroke={1.7} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
