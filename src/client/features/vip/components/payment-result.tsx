import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockX,
  IconCircleX,
  IconClockHour4,
  IconExternalLink,
  IconReceipt,
  IconReceiptRefund,
  IconRefresh,
  IconUserCircle,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '#shared/contracts/vip';
import { PAGE_PATHS } from '#shared/pages';
import { VIP_ERRORS } from '#shared/vip-rules';
import { ResultState } from '../../../components/result-state';
import { formatDateTime } from '../../../lib/format-date';
import { useLocalePath } from '../../../lib/use-locale';
import { useUserAfterOutcome } from '../api/vip-queries';
import { POLL_LIMIT_MS, useFollowOrder } from '../hooks/use-follow-order';
import { vipErrorCode } from '../vip-errors';
import { webUrl } from '../vip-format';
import { ActivationKey } from './activation-key';
import { OrderLoading } from './order-loading';

function OrdersLink({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('vip');
  const localePath = useLocalePath();
  return (
    <Button
      component={Link}
      to={localePath(PAGE_PATHS.orders)}
      variant={primary ? 'filled' : 'default'}
      leftSection={<IconReceipt size={16} aria-hidden />}
    >
      {t('result.toOrders')}
    </Button>
  );
}

function TryAgainLink() {
  const { t } = useTranslation('vip');
  const localePath = useLocalePath();
  return (
    <Button component={Link} to={localePath(PAGE_PATHS.vipBuy)} leftSection={<IconRefresh size={16} aria-hidden />}>
      {t('result.tryAgain')}
    </Button>
  );
}

/** A paid order: the new expiry (from the refreshed user), the activation key and the partner community. */
function Paid({ order, takeFocus }: { order: Order; takeFocus: boolean }) {
  const { t } = useTranslation('vip');
  const localePath = useLocalePath();
  const user = useUserAfterOutcome(order.order_no, true);
  const expiry = user.data?.vip_expire_at ?? order.period_end;
  const partner = webUrl(order.partner_url);
  return (
    <ResultState
      wide
      icon={IconCircleCheck}
      color="teal"
      title={t('result.paidTitle')}
      role="status"
      takeFocus={takeFocus}
      testId="result-paid"
      description={
        <span data-testid="vip-expiry">
          {expiry ? t('result.paidText', { date: formatDateTime(expiry) }) : t('result.paidNoDate')}
        </span>
      }
      extra={
        order.activation_key ? (
          <Paper withBorder radius="md" p="md" mt="lg" w="100%" ta="start">
            <Stack gap="xs">
              <Title order={3} fz="md">
                {t('result.keyTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('result.keyText')}
              </Text>
              <ActivationKey value={order.activation_key} size="md" />
            </Stack>
          </Paper>
        ) : null
      }
    >
      {partner ? (
        <Button
          component="a"
          href={partner}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('orders.partnerLinkLabel')}
          leftSection={<IconExternalLink size={16} aria-hidden />}
        >
          {t('orders.partnerLink')}
        </Button>
      ) : null}
      <OrdersLink />
      <Button
        component={Link}
        to={localePath(PAGE_PATHS.user)}
        variant="default"
        leftSection={<IconUserCircle size={16} aria-hidden />}
      >
        {t('result.toUser')}
      </Button>
    </ResultState>
  );
}

/** A refund takes the order's days back: the user is fetched again for the expiry. */
function Refunded({ order, takeFocus }: { order: Order; takeFocus: boolean }) {
  const { t } = useTranslation('vip');
  useUserAfterOutcome(order.order_no, true);
  return (
    <ResultState
      wide
      icon={IconReceiptRefund}
      color="orange"
      title={t('result.refundedTitle')}
      description={t('result.refundedText')}
      role="status"
      takeFocus={takeFocus}
      testId="result-refunded"
    >
      <OrdersLink primary />
    </ResultState>
  );
}

function Waiting({ timedOut, onCheckAgain }: { timedOut: boolean; onCheckAgain: () => void }) {
  const { t } = useTranslation('vip');
  if (timedOut) {
    return (
      <ResultState
        wide
        icon={IconClockHour4}
        color="yellow"
        title={t('result.slowTitle')}
        description={t('result.slowText')}
        role="status"
        takeFocus
        testId="result-slow"
      >
        <Button variant="default" onClick={onCheckAgain} leftSection={<IconRefresh size={16} aria-hidden />}>
          {t('result.checkAgain')}
        </Button>
        <OrdersLink primary />
      </ResultState>
    );
  }
  return (
    <Paper withBorder radius="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 28, sm: 40 }} data-testid="result-pending">
      <Stack align="center" gap="sm" ta="center" role="status">
        <Loader size="lg" aria-hidden />
        <Title order={2} fz="lg">
          {t('result.pendingTitle')}
        </Title>
        <Text size="sm" c="dimmed" maw={440}>
          {t('result.pendingText')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * `/vip/result?order_no=…` (issue 12): follows the order until the provider's webhook has landed (pending → paid /
 * failed / canceled), then shows the outcome: a paid order with the new expiry and its activation key, a failed or
 * canceled one with the way to try again. An order that is missing or not the user's says so and links the orders.
 */
export function PaymentResult({ orderNo, pollLimitMs = POLL_LIMIT_MS }: { orderNo: string; pollLimitMs?: number }) {
  const { t } = useTranslation('vip');
  const { query, timedOut, checkAgain } = useFollowOrder(orderNo, pollLimitMs);
  const order = query.data;
  // An outcome that replaces the waiting state takes the focus, so a screen reader reads it out.
  const [waited, setWaited] = useState(false);
  if (order?.status === 'pending' && !waited) setWaited(true);

  if (!orderNo || (query.isError && !order && vipErrorCode(query.error) === VIP_ERRORS.orderNotFound)) {
    const missing = !orderNo;
    return (
      <ResultState
        wide
        icon={IconAlertTriangle}
        color="red"
        title={missing ? t('result.missingTitle') : t('result.notFoundTitle')}
        description={missing ? t('result.missingText') : t('result.notFoundText')}
        role="alert"
        testId="result-not-found"
      >
        <OrdersLink primary />
      </ResultState>
    );
  }
  if (!order) {
    return (
      <OrderLoading failed={query.isError} onRetry={() => void query.refetch()} loadingText={t('result.loading')} />
    );
  }

  switch (order.status) {
    case 'pending':
      return <Waiting timedOut={timedOut} onCheckAgain={checkAgain} />;
    case 'paid':
      return <Paid order={order} takeFocus={waited} />;
    case 'refunded':
      return <Refunded order={order} takeFocus={waited} />;
    case 'failed':
    case 'canceled': {
      const failed = order.status === 'failed';
      return (
        <ResultState
          wide
          icon={IconCircleX}
          color={failed ? 'red' : 'gray'}
          title={failed ? t('result.failedTitle') : t('result.canceledTitle')}
          description={failed ? t('result.failedText') : t('result.canceledText')}
          role={failed ? 'alert' : 'status'}
          takeFocus={waited}
          testId={`result-${order.status}`}
        >
          <TryAgainLink />
          <OrdersLink />
        </ResultState>
      );
    }
    case 'expired':
      return (
        <ResultState
          wide
          icon={IconClockX}
          color="yellow"
          title={t('result.expiredTitle')}
          description={t('result.expiredText')}
          role="status"
          takeFocus={waited}
          testId="result-expired"
        >
          <TryAgainLink />
          <OrdersLink />
        </ResultState>
      );
  }
}
