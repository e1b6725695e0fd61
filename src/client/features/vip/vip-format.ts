/** Pure helpers of the VIP pages: money, where a checkout URL leads, order numbers in the URL. */
import type { Order, OrderStatus } from '#shared/contracts/vip';

/** Cents as the product writes a price: `40 USD`, `40.50 USD` (the currency code reads the same in every language). */
export function formatMoney(cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  const amount = whole ? String(cents / 100) : (cents / 100).toFixed(2);
  return `${amount} ${currency.toUpperCase()}`;
}

type CheckoutTarget = { kind: 'app'; path: string } | { kind: 'external'; url: string } | { kind: 'invalid' };

/**
 * Where `checkout_url` sends the browser: a path on this site (the local provider's test checkout, also when written
 * as an absolute URL on this origin) is opened inside the app; another site only over https (the provider's hosted
 * checkout). Anything else (`javascript:`, plain http elsewhere) is refused rather than followed.
 */
export function checkoutTarget(checkoutUrl: string, origin: string): CheckoutTarget {
  if (checkoutUrl.startsWith('/') && !checkoutUrl.startsWith('//') && !checkoutUrl.startsWith('/\\')) {
    return { kind: 'app', path: checkoutUrl };
  }
  let url: URL;
  try {
    url = new URL(checkoutUrl);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.origin === origin) return { kind: 'app', path: `${url.pathname}${url.search}${url.hash}` };
  return url.protocol === 'https:' ? { kind: 'external', url: url.href } : { kind: 'invalid' };
}

/** The `order_no` of a result or checkout URL: trimmed, '' when missing or implausible (the contract allows 1–64). */
export function orderNoParam(value: string | null): string {
  const orderNo = value?.trim() ?? '';
  return orderNo.length > 0 && orderNo.length <= 64 ? orderNo : '';
}

/** A link the server gave (the partner site) when it is a web address; null for anything a browser should not open. */
export function webUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An order's status as of `now`: the server's, except that a `pending` order whose deadline has passed since the list
 * was loaded reads `expired` (the server says so too from that moment; decision 0032).
 */
export function statusAt(order: Pick<Order, 'status' | 'expires_at'>, now: number): OrderStatus {
  if (order.status === 'pending' && order.expires_at !== null && Date.parse(order.expires_at) <= now) return 'expired';
  return order.status;
}
