import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { useLocalePath } from '../lib/use-locale';

/**
 * The top bar's bell (issue 25): a link to My alerts with the unread count, named with it. Drawn here, in the shell's
 * first download, so the bell stands in its place at once; the alerts feature's `AlertsBell`, loaded after the first
 * paint (header-actions.tsx), gives it the count.
 */
export function AlertsBellLink({ count }: { count: number }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const label = count > 0 ? t('actions.alertsUnread', { count }) : t('actions.alerts');
  return (
    <Indicator
      label={<span aria-hidden>{count > 99 ? '99+' : count}</span>}
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
