/**
 * When an unpaid order stops being payable (decision 0032). The deadline is stored on the order when it is created
 * (`expires_at`), so changing `CHECKOUT_EXPIRY_MINUTES` moves no existing order; `expired` is not stored but read
 * from it with the server's clock, so no job has to run for an order to expire, and a payment confirmed later can
 * still turn the same row `paid`.
 */
import type { OrderStatus } from '#shared/contracts/vip';
import type { OrderRow } from './vip.repository';

type Deadline = Pick<OrderRow, 'status' | 'expires_at'>;

/** A pending order whose checkout deadline has passed at `now` (the deadline itself is already too late). */
export function checkoutExpired(order: Deadline, now: number): boolean {
  return order.status === 'pending' && order.expires_at !== null && order.expires_at <= now;
}

/** The status the API shows at `now`: the stored one, or `expired` for a pending order past its deadline. */
export function shownStatus(order: Deadline, now: number): OrderStatus {
  return checkoutExpired(order, now) ? 'expired' : (order.status as OrderStatus);
}
