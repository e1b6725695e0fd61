import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCreditCard, IconCrown, IconFlask, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { LocalCheckoutBody, Order } from '#shared/contracts/vip';
import { PAGE_PATHS } from '#shared/pages';
import { VIP_ERRORS, VIP_PERIOD_DAYS } from '#shared/vip-rules';
import { ResultState } from '../../../components/result-state';
import { useLocalePath } from '../../../lib/use-locale';
import { useLocalCheckout, useOrder } from '../api/vip-queries';
import { showVipFailure, vipErrorCode } from '../vip-errors';
import { formatMoney } from '../vip-format';
import { OrderLoading } from './order-loading';

type Outcome = LocalCheckoutBody['outcome'];

function resultPath(orderNo: string): string {
  return `${PAGE_PATHS.vipResult}?order_no=${encodeURIComponent(orderNo)}`;
}

function Summary({ order }: { order: Order }) {
  const { t } = useTranslation('vip');
  const rows: [string, string][] = [
    [t('checkout.orderNo'), order.order_no],
    [t('checkout.mode'), t(`mode.${order.mode}`)],
    [t('checkout.period'), t('checkout.periodDays', { days: VIP_PERIOD_DAYS })],
    [t('checkout.amount'), formatMoney(order.amount, order.currency)],
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="checkout-summary">
      <Group justify="space-between" gap="sm" mb="md">
        <Title order={2} fz="lg" id="checkout-summary">
          {t('checkout.summaryTitle')}
        </Title>
        <Badge color="orange" variant="dot" style={{ textTransform: 'none' }}>
          {t('checkout.testBadge')}
        </Badge>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The three outcomes the local provider can play: each ends on the result page, which follows the order. */
function Outcomes({ order }: { order: Order }) {
  const { t } = useTranslation('vip');
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const checkout = useLocalCheckout(order.order_no);

  const send = async (outcome: Outcome) => {
    try {
      await checkout.mutateAsync(outcome);
    } catch (error) {
      // Paid, failed or canceled meanwhile (another tab): the result page shows which.
      if (vipErrorCode(error) !== VIP_ERRORS.orderNotPending) {
        showVipFailure(t('checkout.failed'), error);
        return;
      }
    }
    // Replacing the checkout: Back from the result must not offer to pay the same order again.
    void navigate(localePath(resultPath(order.order_no)), { replace: true });
  };

  const sending = checkout.isPending ? checkout.variables : null;
  const buttons: { outcome: Outcome; icon: typeof IconCreditCard; color?: string; variant: string }[] = [
    { outcome: 'pay', icon: IconCreditCard, variant: 'filled' },
    { outcome: 'fail', icon: IconX, color: 'red', variant: 'outline' },
    { outcome: 'cancel', icon: IconArrowBackUp, variant: 'default' },
  ];
  return (
    <Group role="group" aria-label={t('checkout.actionsLabel')} gap="sm" grow preventGrowOverflow={false}>
      {buttons.map(({ outcome, icon: IconComponent, color, variant }) => (
        <Button
          key={outcome}
          size="md"
          color={color}
          variant={variant}
          leftSection={<IconComponent size={18} aria-hidden />}
          onClick={() => void send(outcome)}
          loading={sending === outcome}
          disabled={checkout.isPending && sending !== outcome}
          miw={140}
        >
          {sending === outcome ? t('checkout.sending') : t(`checkout.${outcome}`)}
        </Button>
      ))}
    </Group>
  );
}

/**
 * `/vip/checkout?order_no=…`: the local provider's TEST checkout (no real money), where its `checkout_url` leads. Shows
 * the order and lets the user play the provider: Pay, Fail or Cancel. The server turns the choice into a signed
 * webhook, exactly as a real provider's would arrive, and the result page follows the order from there.
 */
export function LocalCheckout({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('vip');
  const localePath = useLocalePath();
  const query = useOrder(orderNo);
  const order = query.data;

  if (!orderNo || (query.isError && vipErrorCode(query.error) === VIP_ERRORS.orderNotFound)) {
    const missing = !orderNo;
    return (
      <ResultState
        wide
        icon={IconAlertTriangle}
        color="red"
        title={missing ? t('checkout.missingTitle') : t('result.notFoundTitle')}
        description={missing ? t('checkout.missingText') : t('result.notFoundText')}
        role="alert"
      >
        <Button component={Link} to={localePath(missing ? PAGE_PATHS.vipBuy : PAGE_PATHS.orders)}>
          {missing ? t('checkout.toBuy') : t('result.toOrders')}
        </Button>
      </ResultState>
    );
  }
  if (!order) {
    return (
      <OrderLoading failed={query.isError} onRetry={() => void query.refetch()} loadingText={t('checkout.loading')} />
    );
  }
  if (order.status !== 'pending') {
    return (
      <ResultState
        wide
        icon={IconCrown}
        color="gray"
        title={t('checkout.notPendingTitle')}
        description={t('checkout.notPendingText', { status: t(`status.${order.status}`) })}
        role="status"
      >
        <Button component={Link} to={localePath(resultPath(order.order_no))} replace>
          {t('checkout.viewResult')}
        </Button>
      </ResultState>
    );
  }

  return (
    <Stack gap="lg">
      <Alert color="violet" variant="light" icon={<IconFlask aria-hidden />} title={t('checkout.testTitle')}>
        {t('checkout.testText')}
      </Alert>
      <Summary order={order} />
      <Outcomes order={order} />
    </Stack>
  );
}
