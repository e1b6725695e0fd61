import { Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCrown, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { formatDateTime } from '../../../lib/format-date';
import type { UserInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useCancelAutoRenew, useVipStatus } from '../api/vip-queries';
import { showVipFailure } from '../vip-errors';

/** The auto-renew line: on (with the next renewal and the cancel button) or off; nothing the status cannot tell. */
function AutoRenew({ expiry }: { expiry: string | null }) {
  const { t } = useTranslation('vip');
  const status = useVipStatus();
  const cancel = useCancelAutoRenew();
  const [confirming, confirm] = useDisclosure(false);

  if (status.isPending) return <Skeleton h={22} w={220} radius="sm" aria-hidden />;
  if (!status.data) {
    return (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('membership.statusFailed')}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => void status.refetch()}>
          {t('membership.retry')}
        </Anchor>
      </Group>
    );
  }

  const on = status.data.auto_renew;
  const until = status.data.vip_expire_at ?? expiry;
  const stop = async () => {
    try {
      const next = await cancel.mutateAsync();
      confirm.close();
      const date = next.vip_expire_at ?? until;
      toast.success(
        t('membership.canceled'),
        date ? t('membership.canceledText', { date: formatDateTime(date) }) : undefined,
      );
    } catch (error) {
      confirm.close();
      showVipFailure(t('membership.cancelFailed'), error);
      // The server may know better (e.g. the subscription ended elsewhere): show what it says now.
      void status.refetch();
    }
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} component="span">
          {/* The colon is the language's own (full-width in zh and ja). */}
          {t('membership.autoRenewLabel')}
        </Text>
        <Text size="sm" component="span" data-testid="auto-renew">
          {on ? t('membership.autoRenewOn') : t('membership.autoRenewOff')}
        </Text>
        {on && status.data.next_renewal_at ? (
          <Text size="sm" c="dimmed" component="span">
            {t('membership.nextRenewal', { date: formatDateTime(status.data.next_renewal_at) })}
          </Text>
        ) : null}
      </Group>
      {on ? (
        <Button variant="default" size="xs" onClick={confirm.open} style={{ alignSelf: 'flex-start' }}>
          {t('membership.cancel')}
        </Button>
      ) : null}
      <Modal
        opened={confirming}
        onClose={confirm.close}
        title={t('membership.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('membership.close') }}
        // The dialog's title row is a <header>, which axe and screen readers take for a second page banner.
        attributes={{ header: { role: 'none' } }}
      >
        <Text size="sm">
          {until ? t('membership.confirmText', { date: formatDateTime(until) }) : t('membership.confirmTextNoDate')}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={confirm.close}>
            {t('membership.keep')}
          </Button>
          {/* The darkest red: white on the default red of dark mode falls short of 4.5:1. */}
          <Button color="red.9" onClick={() => void stop()} disabled={cancel.isPending}>
            {cancel.isPending ? t('membership.canceling') : t('membership.confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/**
 * The user centre's VIP section (docs/product-requirements.md §2, §9): the expiry as `YYYY-MM-DD HH:mm:ss`, auto-renew
 * on or off with its cancel (after a confirmation), and the ways to buy and to the orders.
 */
export function VipMembership({ user }: { user: UserInfo }) {
  const { t } = useTranslation('vip');
  const localePath = useLocalePath();
  const member = user.is_vip && user.vip_expire_at;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="vip-membership">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 260px' }}>
          <IconCrown size={28} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={8} miw={0}>
            <Title order={2} fz="lg" id="vip-membership">
              {t('membership.title')}
            </Title>
            <Text size="sm" c={member ? undefined : 'dimmed'}>
              {member
                ? t('membership.validUntil', { date: formatDateTime(user.vip_expire_at!) })
                : t('membership.notVip')}
            </Text>
            <AutoRenew expiry={user.vip_expire_at} />
          </Stack>
        </Group>
        <Group gap="sm">
          <Button
            component={Link}
            to={localePath(PAGE_PATHS.vipBuy)}
            variant={member ? 'default' : 'filled'}
            leftSection={<IconCrown size={16} aria-hidden />}
          >
            {member ? t('membership.extend') : t('membership.getVip')}
          </Button>
          <Button
            component={Link}
            to={localePath(PAGE_PATHS.orders)}
            variant="default"
            leftSection={<IconReceipt size={16} aria-hidden />}
          >
            {t('membership.orders')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
