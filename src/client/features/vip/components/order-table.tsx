import { Anchor, Card, Code, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/contracts/vip';
import { formatDateTime } from '../../../lib/format-date';
import { formatMoney, webUrl } from '../vip-format';
import { ActivationKey } from './activation-key';
import { OrderStatusBadge } from './order-status-badge';

/** The partner community, in a new tab (said in the link's name, which starts with its visible text). */
function PartnerLink({ url }: { url: string }) {
  const { t } = useTranslation('vip');
  const href = webUrl(url);
  if (!href) return <Text size="sm">—</Text>;
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      aria-label={t('orders.partnerLinkLabel')}
      style={{ whiteSpace: 'nowrap' }}
    >
      {t('orders.partnerLink')}
      <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: '-2px' }} />
    </Anchor>
  );
}

function KeyCell({ order }: { order: Order }) {
  const { t } = useTranslation('vip');
  if (!order.activation_key) {
    return (
      <Text size="sm">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('orders.noKey')}</VisuallyHidden>
      </Text>
    );
  }
  return <ActivationKey value={order.activation_key} />;
}

function OrderTableView({ orders }: { orders: Order[] }) {
  const { t } = useTranslation('vip');
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table
        verticalSpacing="sm"
        striped="even"
        highlightOnHover
        aria-label={t('orders.caption')}
        data-testid="order-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('orders.orderNo')}</Table.Th>
            <Table.Th scope="col">{t('orders.created')}</Table.Th>
            <Table.Th scope="col">{t('orders.status')}</Table.Th>
            <Table.Th scope="col">{t('orders.mode')}</Table.Th>
            <Table.Th scope="col">{t('orders.amount')}</Table.Th>
            <Table.Th scope="col">{t('orders.key')}</Table.Th>
            <Table.Th scope="col">{t('orders.partner')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.order_no} data-order={order.order_no}>
              <Table.Td>
                <Code fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                  {order.order_no}
                </Code>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm" component="time" dateTime={order.created_at}>
                  {formatDateTime(order.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{t(`mode.${order.mode}`)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm">{formatMoney(order.amount, order.currency)}</Text>
              </Table.Td>
              <Table.Td maw={260}>
                <KeyCell order={order} />
              </Table.Td>
              <Table.Td>
                <PartnerLink url={order.partner_url} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone shows each order as a card: the same fields, label above value, nothing scrolled sideways. */
function OrderCards({ orders }: { orders: Order[] }) {
  const { t } = useTranslation('vip');
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('orders.caption')}
      data-testid="order-cards"
    >
      {orders.map((order) => (
        <Card component="li" key={order.order_no} withBorder radius="md" padding="md" data-order={order.order_no}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb="sm">
            <Code fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
              {order.order_no}
            </Code>
            <OrderStatusBadge status={order.status} />
          </Group>
          <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
            {(
              [
                [t('orders.created'), formatDateTime(order.created_at)],
                [t('orders.mode'), t(`mode.${order.mode}`)],
                [t('orders.amount'), formatMoney(order.amount, order.currency)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {value}
                </Text>
              </div>
            ))}
            <div>
              <Text component="dt" size="xs" c="dimmed">
                {t('orders.partner')}
              </Text>
              <dd style={{ margin: 0 }}>
                <PartnerLink url={order.partner_url} />
              </dd>
            </div>
            <div style={{ gridColumn: '1 / -1' }}>
              <Text component="dt" size="xs" c="dimmed">
                {t('orders.key')}
              </Text>
              <dd style={{ margin: 0 }}>
                <KeyCell order={order} />
              </dd>
            </div>
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

/** The orders as a table, or as cards below 48em where seven columns do not fit. */
export function OrderTable({ orders }: { orders: Order[] }) {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return phone ? <OrderCards orders={orders} /> : <OrderTableView orders={orders} />;
}
