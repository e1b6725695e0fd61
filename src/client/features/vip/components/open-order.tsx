import { Button, Group, Text } from '@mantine/core';
import { IconCreditCard, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/contracts/vip';
import { formatDateTime, formatIn } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useCancelOrder, useResumeOrder } from '../api/vip-queries';
import { useGoToCheckout } from '../hooks/use-go-to-checkout';
import { showVipFailure } from '../vip-errors';

/** How long an open order can still be paid ("Expires in 12 minutes"), the exact time on hover (decision 0032). */
export function CheckoutDeadline({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t, i18n } = useTranslation('vip');
  if (!expiresAt) {
    return (
      <Text size="xs" c="dimmed">
        {t('orders.noDeadline')}
      </Text>
    );
  }
  return (
    <Text
      size="xs"
      c="dimmed"
      component="time"
      dateTime={expiresAt}
      title={t('orders.expiresAt', { date: formatDateTime(expiresAt) })}
      data-testid="order-deadline"
      style={{ whiteSpace: 'nowrap' }}
    >
      {t('orders.expiresIn', { in: formatIn(expiresAt, i18n.language, now) })}
    </Text>
  );
}

/**
 * "Resume payment" (back to the order's own checkout, which the server answers until the deadline) and "Cancel" for
 * an open order. A refusal (expired or paid meanwhile) is said in a toast and the list is fetched again.
 */
export function OpenOrderActions({ order }: { order: Order }) {
  const { t } = useTranslation('vip');
  const resume = useResumeOrder();
  const cancel = useCancelOrder();
  const goToCheckout = useGoToCheckout();
  // Set while the browser leaves for the provider's checkout, so nothing is pressed twice.
  const [leaving, setLeaving] = useState(false);

  const onResume = async () => {
    try {
      const { checkout_url } = await resume.mutateAsync(order.order_no);
      const went = goToCheckout(checkout_url);
      if (went === 'external') setLeaving(true);
      else if (went === 'invalid') toast.error(t('orders.resumeFailed'), t('buy.badCheckout'));
    } catch (error) {
      showVipFailure(t('orders.resumeFailed'), error);
    }
  };
  const onCancel = async () => {
    try {
      await cancel.mutateAsync(order.order_no);
      toast.success(t('orders.canceled'), t('orders.canceledText'));
    } catch (error) {
      showVipFailure(t('orders.cancelFailed'), error);
    }
  };

  const busy = resume.isPending || cancel.isPending || leaving;
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={t('orders.actions', { orderNo: order.order_no })}>
      <Button
        size="xs"
        leftSection={<IconCreditCard size={14} aria-hidden />}
        onClick={() => void onResume()}
        loading={resume.isPending || leaving}
        disabled={busy}
      >
        {t('orders.resume')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconX size={14} aria-hidden />}
        onClick={() => void onCancel()}
        loading={cancel.isPending}
        disabled={busy}
      >
        {t('orders.cancel')}
      </Button>
    </Group>
  );
}
