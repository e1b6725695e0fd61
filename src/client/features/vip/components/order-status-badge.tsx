import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '#shared/contracts/vip';

const COLORS: Readonly<Record<OrderStatus, string>> = {
  pending: 'blue',
  paid: 'teal',
  failed: 'red',
  canceled: 'gray',
  refunded: 'orange',
  expired: 'yellow',
};

/** An order's status in the page's language; a dot badge, so the text keeps the normal colour in both schemes. */
export function OrderStatusBadge({ status, ...props }: { status: OrderStatus } & Omit<BadgeProps, 'children'>) {
  const { t } = useTranslation('vip');
  return (
    <Badge
      variant="dot"
      color={COLORS[status]}
      radius="sm"
      style={{ textTransform: 'none' }}
      data-status={status}
      {...props}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
