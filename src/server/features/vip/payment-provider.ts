/**
 * The one small interface every payment provider implements (docs/design.md §2 run modes): `local` (our own test
 * checkout and signed webhooks, the embedded default) and `stripe`. The VIP service knows nothing of a provider's wire
 * format: a provider turns a checkout request into a URL, a webhook into one normalised event, and cancels a
 * subscription.
 */
import type { VipMode } from '#shared/contracts/vip';

export type ProviderName = 'local' | 'stripe';

export interface CheckoutRequest {
  orderNo: string;
  mode: VipMode;
  userId: string;
  email: string;
  /** Cents, from the server's price. */
  amount: number;
  currency: string;
  /** Where the provider sends the browser after paying / after giving up (our `/vip/result?order_no=…`). */
  successUrl: string;
  cancelUrl: string;
  /** Epoch ms: when our order stops accepting payment (decision 0032); the provider's checkout should close by then. */
  expiresAt: number;
}

export interface CheckoutSession {
  checkoutUrl: string;
  /** The provider's id of the checkout (Stripe's session id), kept on the order for support. */
  providerRef?: string;
}

/**
 * A provider event reduced to what the VIP rules need. `ignored` events (types we do not act on, a subscription's
 * first invoice that its checkout already paid) are still stored once by id and answered 200.
 */
export type PaymentEventType =
  'checkout.completed' | 'payment.failed' | 'invoice.paid' | 'subscription.canceled' | 'charge.refunded' | 'ignored';

export interface PaymentEvent {
  /** The provider's event id: events are applied once per (provider, id). */
  id: string;
  type: PaymentEventType;
  /** Unix seconds, as the provider stamped it. */
  created: number;
  /** The order it is about; for `invoice.paid` the subscription's first order. */
  orderNo?: string;
  subscriptionId?: string;
  /**
   * The provider's id of the payment itself (Stripe: the PaymentIntent). Stored on the paid order, so a refund that
   * names only the payment (Stripe's `charge.refunded`) finds its order.
   */
  paymentRef?: string;
  /** The body exactly as received, stored with the event for audit. */
  raw: string;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** A paid order whose money goes back (the moderation console's refund, issue 24). */
export interface RefundRequest {
  orderNo: string;
  /** The provider's id of the payment (`PaymentEvent.paymentRef`), null when the order has none. */
  paymentRef: string | null;
  /** Cents, the whole amount paid. */
  amount: number;
  currency: string;
}

export interface Refund {
  /** The provider's id of the refund: the `charge.refunded` event applied for it is named after it. */
  refundRef: string;
  /** What the provider answered, stored with that event for audit. */
  raw: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the raw body and parses the event. Throws `DomainError('invalid', …)` with
   * `WEBHOOK_BAD_SIGNATURE` / `WEBHOOK_STALE_SIGNATURE` (or a 422-style detail for a malformed body).
   */
  parseWebhook(request: WebhookRequest): Promise<PaymentEvent>;
  /** Stops auto-renewal at the provider (the membership stays until its expiry). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Closes an unpaid checkout (`providerRef`: `CheckoutSession.providerRef`) so it can no longer be paid: the user
   * canceled the order. One that was paid meanwhile stays paid; its event arrives and is credited (decision 0032).
   */
  expireCheckout(providerRef: string): Promise<void>;
  /**
   * Gives the whole payment of a paid order back. Idempotent per order at the provider (a retry after a lost answer
   * refunds once). The caller applies the refund to our side at once; the provider's own `charge.refunded` webhook,
   * when it comes, finds the order refunded and changes nothing.
   */
  refund(request: RefundRequest): Promise<Refund>;
}
