import { Anchor, Card, Code, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#shared/contracts/vip';
import { formatDateTime } from '../../../lib/format-date';
import { useNow } from '../hooks/use-now';
import { formatMoney, statusAt, webUrl } from '../vip-format';
import { ActivationKey } from './activation-key';
import { CheckoutDeadline, OpenOrderActions } from './open-order';
import { OrderStatusBadge } from './order-status-badge';
import { useMatchMedia } from '../../../lib/browser-state';

/** How often the deadlines ("expires in 12 minutes") are read again, and an order past its deadline turns expired. */
const DEADLINE_TICK_MS = 15_000;

/** An order as the list shows it at one moment: its status then, and whether it can still be paid. */
interface ShownOrder {
  order: Order;
  status: Order['status'];
  open: boolean;
}

const shown = (orders: Order[], now: number): ShownOrder[] =>
  orders.map((order) => {
    const status = statusAt(order, now);
    return { order, status, open: status === 'pending' };
  });

/** An empty cell: a dash to the eye, "None" to a screen reader. */
function NoValue() {
  const { t } = useTranslation('vip');
  return (
    <Text size="sm">
      <span aria-hidden>—</span>
      <VisuallyHidden>{t('orders.noKey')}</VisuallyHidden>
    </Text>
  );
}

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
  if (!order.activation_key) return <NoValue />;
  return <ActivationKey value={order.activation_key} />;
}

/** The partner community is for members: its link shows with a paid order only (issue 26). */
function PartnerCell({ order, status }: { order: Order; status: Order['status'] }) {
  return status === 'paid' ? <PartnerLink url={order.partner_url} /> : <NoValue />;
}

function OrderTableView({ orders, now }: { orders: ShownOrder[]; now: number }) {
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
          {orders.map(({ order, status, open }) => (
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
                <Stack gap={4} align="flex-start">
                  <OrderStatusBadge status={status} />
                  {open ? <CheckoutDeadline expiresAt={order.expires_at} now={now} /> : null}
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{t(`mode.${order.mode}`)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm">{formatMoney(order.amount, order.currency)}</Text>
              </Table.Td>
              {open ? (
                // No key and no partner yet: what can be done with the open checkout, across both columns.
                <Table.Td colSpan={2}>
                  <OpenOrderActions order={order} />
                </Table.Td>
              ) : (
                <>
                  <Table.Td maw={260}>
                    <KeyCell order={order} />
                  </Table.Td>
                  <Table.Td>
                    <PartnerCell order={order} status={status} />
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone shows each order as a card: the same fields, label above value, nothing scrolled sideways. */
function OrderCards({ orders, now }: { orders: ShownOrder[]; now: number }) {
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
      {orders.map(({ order, status, open }) => (
        <Card component="li" key={order.order_no} withBorder radius="md" padding="md" data-order={order.order_no}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb="sm">
            <Code fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
              {order.order_no}
            </Code>
            <Stack gap={4} align="flex-end">
              <OrderStatusBadge status={status} />
              {open ? <CheckoutDeadline expiresAt={order.expires_at} now={now} /> : null}
            </Stack>
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
            {open ? null : (
              <>
                <div>
                  <Text component="dt" size="xs" c="dimmed">
                    {t('orders.partner')}
                  </Text>
                  <dd style={{ margin: 0 }}>
                    <PartnerCell order={order} status={status} />
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
              </>
            )}
          </SimpleGrid>
          {open ? (
            <Group mt="sm">
              <OpenOrderActions order={order} />
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The orders as a table, or as cards below 48em where seven columns do not fit. An open order shows its deadline and
 * its Resume / Cancel actions in place of the key and the partner link, which only a paid order has.
 */
export function OrderTable({ orders }: { orders: Order[] }) {
  const phone = useMatchMedia('(max-width: 48em)');
  const now = useNow(DEADLINE_TICK_MS);
  const rows = shown(orders, now);
  return phone ? <OrderCards orders={rows} now={now} /> : <OrderTableView orders={rows} now={now} />;
}
