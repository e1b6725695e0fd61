/**
 * VIP membership, payments and orders (docs/design.md §4, §5; issue 12). Times on the wire are ISO 8601 UTC strings
 * (`2026-11-23T10:00:00.000Z`), like `vip_expire_at` in UserRead; amounts are integer cents.
 */
import { z } from 'zod';
import { PageQuery, pageOf } from './common';

// The constants live in a zod-free module so the client can use them without bundling zod.
export * from '../vip-rules';

export const VipMode = z.enum(['once', 'subscription']);
export type VipMode = z.infer<typeof VipMode>;

/**
 * `expired` (decision 0032): a checkout left unpaid past `expires_at`; it can no longer be paid, resumed or canceled.
 * Statuses are only ever added: generated clients switch on them.
 */
export const OrderStatus = z.enum(['pending', 'paid', 'failed', 'canceled', 'refunded', 'expired']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** `GET /api/vip/subscribe?mode=once|subscription` (login). */
export const SubscribeQuery = z.object({ mode: VipMode.default('once') });
export type SubscribeQuery = z.infer<typeof SubscribeQuery>;

export const SubscribeResponse = z.object({
  order_no: z.string(),
  /** Where the browser goes to pay: the provider's checkout, or our own test checkout page for `local`. */
  checkout_url: z.string(),
  /** Until when the checkout can be paid (decision 0032); afterwards the order is `expired`. */
  expires_at: z.string(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

/** One of the user's orders (`GET /api/order/list`, `GET /api/order/{order_no}`). */
export const Order = z.object({
  order_no: z.string(),
  created_at: z.string(),
  status: OrderStatus,
  mode: VipMode,
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  paid_at: z.string().nullable(),
  /** The end of the 30 days this order paid for (paid orders; taken back on refund). */
  period_end: z.string().nullable(),
  /** The partner site's activation key: paid orders only (null otherwise, and once refunded). */
  activation_key: z.string().nullable(),
  /** The partner site's address (the same for every order); pages show it with a paid order only. */
  partner_url: z.string(),
  /** Which payment provider handles it (`local`, `stripe`). */
  provider: z.string(),
  /** For a renewal: the order that started the subscription. */
  renews_order_no: z.string().nullable(),
  /**
   * Until when an unpaid order can be paid (decision 0032): a `pending` order past it is `expired`. Null for orders
   * no checkout started (renewals).
   */
  expires_at: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderListQuery = PageQuery;
export type OrderListQuery = z.input<typeof OrderListQuery>;
export const OrderPage = pageOf(Order);
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderNoParams = z.object({ order_no: z.string().min(1).max(64) });

/** `POST /api/order/{order_no}/resume` (login, own pending order): the same checkout again, until it expires. */
export const ResumeResponse = SubscribeResponse;
export type ResumeResponse = z.infer<typeof ResumeResponse>;

/** `GET /api/vip/status` (login): what the user centre and the buy page show. */
export const VipStatus = z.object({
  is_vip: z.boolean(),
  vip_expire_at: z.string().nullable(),
  /** An active auto-renewing subscription exists (renews every 30 days until canceled). */
  auto_renew: z.boolean(),
  /** When the next renewal falls due (auto_renew only). */
  next_renewal_at: z.string().nullable(),
  price: z.object({ amount: z.number().int(), currency: z.string(), period_days: z.number().int() }),
  provider: z.string(),
});
export type VipStatus = z.infer<typeof VipStatus>;

/** `POST /api/vip/cancel` (login): stops auto-renewal; VIP stays until its expiry. */
export const CancelResponse = VipStatus;

/** The local provider's test checkout (`POST /api/vip/local-checkout/{order_no}`, login, own pending order). */
export const LocalCheckoutBody = z.object({ outcome: z.enum(['pay', 'fail', 'cancel']) });
export type LocalCheckoutBody = z.infer<typeof LocalCheckoutBody>;

/** The local provider's signed webhook event (`POST /api/vip/webhook/local`, header `X-Signature`). */
export const LocalEventType = z.enum([
  'checkout.completed',
  'payment.failed',
  'invoice.paid',
  'subscription.canceled',
  'charge.refunded',
]);
export type LocalEventType = z.infer<typeof LocalEventType>;

export const LocalEvent = z.object({
  id: z.string().min(1).max(255),
  type: LocalEventType,
  /** Unix seconds. */
  created: z.number().int(),
  data: z.object({ order_no: z.string().min(1).max(64), subscription_id: z.string().min(1).max(255).optional() }),
});
export type LocalEvent = z.infer<typeof LocalEvent>;

export const WebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookResponse = z.infer<typeof WebhookResponse>;
