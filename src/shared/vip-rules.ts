/** VIP constants and `detail` codes (no zod: the client imports them). Contract schemas: `contracts/vip.ts`. */

/** The price is the server's, never the client's: 40 USD for 30 days (docs/product-requirements.md §9). */
export const VIP_PRICE_CENTS = 4000;
export const VIP_CURRENCY = 'USD';
export const VIP_PERIOD_DAYS = 30;
export const VIP_PERIOD_MS = VIP_PERIOD_DAYS * 24 * 60 * 60 * 1000;
/** How long an unpaid order can be paid by default (`CHECKOUT_EXPIRY_MINUTES`, decision 0032). */
export const DEFAULT_CHECKOUT_EXPIRY_MINUTES = 30;
/** Signed local webhooks older (or newer) than this are refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** `detail` codes of the VIP and order routes. */
export const VIP_ERRORS = {
  orderNotFound: 'ORDER_NOT_FOUND',
  orderNotPending: 'ORDER_NOT_PENDING',
  /** The order's checkout expired unpaid (decision 0032): it can no longer be paid, resumed or canceled (409). */
  orderExpired: 'ORDER_EXPIRED',
  noSubscription: 'VIP_NO_SUBSCRIPTION',
  /** `GET /vip/subscribe?mode=subscription` while an auto-renewing subscription is active (409). */
  alreadySubscribed: 'VIP_ALREADY_SUBSCRIBED',
  badSignature: 'WEBHOOK_BAD_SIGNATURE',
  staleSignature: 'WEBHOOK_STALE_SIGNATURE',
  unknownProvider: 'PAYMENT_PROVIDER_UNKNOWN',
  providerUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** A refund of an order that is not paid (pending, failed, refunded already…), or of another provider's (409). */
  orderNotRefundable: 'ORDER_NOT_REFUNDABLE',
} as const;
