/**
 * `/api/vip/*` and `/api/order/*` (docs/design.md §4, issue 12): buying VIP (a pending order and where to pay), the
 * user's orders and status, stopping auto-renewal, the payment provider's signed webhooks, and the local provider's
 * test checkout. Answers about the user are `Cache-Control: no-store`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, RateLimitedError, ValidationErrorBody } from '#shared/contracts/common';
import {
  CancelResponse,
  LocalCheckoutBody,
  Order,
  OrderListQuery,
  OrderNoParams,
  OrderPage,
  ResumeResponse,
  SubscribeQuery,
  SubscribeResponse,
  VIP_CURRENCY,
  VIP_ERRORS,
  VIP_PERIOD_DAYS,
  VIP_PRICE_CENTS,
  VipStatus,
  WebhookResponse,
  WEBHOOK_TOLERANCE_SECONDS,
} from '#shared/contracts/vip';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../http/http-error';
import type { RateLimits } from '../../http/rate-limits';
import { requireJsonBody } from '../../http/json-bodies';
import type { VipService } from './vip.service';

const tags = ['vip'];

/** New orders one user may start a minute (each is a row and, with Stripe, a Checkout Session). */
export const SUBSCRIBES_PER_MINUTE = 10;

/** Resumes and cancels one user may ask for a minute (each cancel may call the payment provider). */
export const ORDER_ACTIONS_PER_MINUTE = 30;

export interface VipRoutesOptions {
  vip: VipService;
  rateLimits: RateLimits;
  subscribesPerMinute?: number;
  orderActionsPerMinute?: number;
}

const NO_STORE = '`Cache-Control: no-store`.';
const orderNotFound = errorCodes(VIP_ERRORS.orderNotFound).describe(
  "No order of the current user has this number (another user's order is as unknown as a missing one)",
);
/** The 409 of an action on an order that is no longer open (decision 0032). */
const orderClosed = (action: string) =>
  errorCodes(VIP_ERRORS.orderExpired, VIP_ERRORS.orderNotPending).describe(
    `\`${VIP_ERRORS.orderExpired}\`: the checkout's deadline (\`expires_at\`) has passed; ` +
      `\`${VIP_ERRORS.orderNotPending}\`: the order is paid, failed, canceled or refunded${action}`,
  );
const invalid = (what: string) => ValidationErrorBody.describe(`${what} is invalid (FastAPI validation list)`);
/** A 503 of a route that calls the payment provider, or whose write met a busy database. */
const unavailable = (provider: string) =>
  errorCodes(VIP_ERRORS.providerUnavailable, 'DATABASE_BUSY').describe(
    `\`${VIP_ERRORS.providerUnavailable}\`: ${provider}; \`DATABASE_BUSY\`: the database was locked. Nothing was ` +
      'changed; try again after `Retry-After` seconds',
  );

const WebhookParams = z.object({ provider: z.string().min(1).max(32) });

export const vipRoutes: FastifyPluginAsyncZod<VipRoutesOptions> = async (
  app,
  { vip, rateLimits, subscribesPerMinute = SUBSCRIBES_PER_MINUTE, orderActionsPerMinute = ORDER_ACTIONS_PER_MINUTE },
) => {
  const orderActionLimit = rateLimits.perUser('order-actions', orderActionsPerMinute, 60_000);
  const orderActionLimited = RateLimitedError.describe(
    `More than ${orderActionsPerMinute} resumes and cancels this minute; \`Retry-After\` says when to try again`,
  );

  app.get(
    '/vip/subscribe',
    {
      onRequest: [app.requireUser, rateLimits.perUser('vip-subscribe', subscribesPerMinute, 60_000)],
      schema: {
        tags,
        summary: 'Start buying VIP: a pending order and the checkout URL to pay it',
        description:
          `VIP costs ${VIP_PRICE_CENTS / 100} ${VIP_CURRENCY} for ${VIP_PERIOD_DAYS} days; the price is the server's ` +
          'alone. `mode=once` pays one period; `mode=subscription` renews every period until canceled. With the ' +
          '`local` provider `checkout_url` is the site-relative test checkout page (`/vip/checkout?order_no=…`, add ' +
          "the page's language prefix); with Stripe it is Stripe's Checkout. The order stays `pending` until the " +
          "provider's webhook lands, or until `expires_at` (`CHECKOUT_EXPIRY_MINUTES` after now), when it turns " +
          '`expired` and can no longer be paid here (a payment the provider confirms later is still credited). ' +
          `Not idempotent: every call is a new order. At most ${subscribesPerMinute} new ` +
          `orders per user a minute. ${NO_STORE}`,
        querystring: SubscribeQuery,
        response: {
          200: SubscribeResponse.describe('The new pending order and where to pay it'),
          409: errorCodes(VIP_ERRORS.alreadySubscribed).describe(
            '`mode=subscription` while an auto-renewing subscription is active',
          ),
          422: invalid('`mode`'),
          429: RateLimitedError.describe(
            `More than ${subscribesPerMinute} new orders this minute; \`Retry-After\` says when to try again`,
          ),
          503: unavailable('the payment provider could not be reached (the order is closed as failed)'),
        },
      },
    },
    async (request) => vip.subscribe(currentUser(request), request.query.mode),
  );

  app.get(
    '/order/list',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The current user's orders, newest first",
        description:
          'Every order: pending, paid, failed, canceled, refunded and expired (a pending order past its ' +
          '`expires_at`), renewals included (`renews_order_no`). ' +
          `\`activation_key\` is set on paid orders only; \`amount\` is in cents. ${NO_STORE}`,
        querystring: OrderListQuery,
        response: {
          200: OrderPage.describe('One page of orders'),
          422: invalid('`page` or `page_size`'),
        },
      },
    },
    async (request) => vip.listOrders(currentUser(request), request.query.page, request.query.page_size),
  );

  app.get(
    '/order/:order_no',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of the current user's orders",
        description:
          "The result page follows an order with this until it leaves `pending`. Another user's order is 404. " +
          NO_STORE,
        params: OrderNoParams,
        response: {
          200: Order.describe('The order'),
          404: orderNotFound,
          422: invalid('`order_no`'),
        },
      },
    },
    async (request) => vip.toOrder(await vip.ownOrder(currentUser(request), request.params.order_no)),
  );

  app.post(
    '/order/:order_no/resume',
    {
      onRequest: [app.requireUser, orderActionLimit],
      schema: {
        tags,
        summary: "Resume paying one of the current user's open orders: its checkout URL again",
        description:
          'For a `pending` order before its `expires_at`: the same checkout the order started with (with the ' +
          '`local` provider the site-relative test checkout page), and the same deadline; nothing is changed. ' +
          `At most ${orderActionsPerMinute} resumes and cancels per user a minute. ${NO_STORE}`,
        params: OrderNoParams,
        response: {
          200: ResumeResponse.describe('Where to pay the order, and until when'),
          404: orderNotFound,
          409: orderClosed(', or it has no checkout to go back to (created before checkouts were kept)'),
          422: invalid('`order_no`'),
          429: orderActionLimited,
        },
      },
    },
    async (request) => vip.resumeOrder(currentUser(request), request.params.order_no),
  );

  app.post(
    '/order/:order_no/cancel',
    {
      onRequest: [app.requireUser, orderActionLimit],
      schema: {
        tags,
        summary: "Cancel one of the current user's open orders (no payment is taken from its checkout)",
        description:
          'For a `pending` order before its `expires_at`: the checkout is closed at the payment provider, then the ' +
          'order is `canceled`. A payment the provider had already taken still arrives and is credited (the order ' +
          `turns \`paid\`). At most ${orderActionsPerMinute} resumes and cancels per user a minute. ${NO_STORE}`,
        params: OrderNoParams,
        response: {
          200: Order.describe('The order afterwards (`canceled`)'),
          404: orderNotFound,
          409: orderClosed(''),
          422: invalid('`order_no`'),
          429: orderActionLimited,
          503: unavailable('the payment provider could not close the checkout (the order is unchanged)'),
        },
      },
    },
    async (request) => vip.cancelOrder(currentUser(request), request.params.order_no),
  );

  app.get(
    '/vip/status',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The current user's membership: expiry, auto-renewal, the price and the payment provider",
        description: `\`next_renewal_at\` is set while an auto-renewing subscription is active (\`auto_renew\`). ${NO_STORE}`,
        response: { 200: VipStatus.describe('The membership') },
      },
    },
    async (request) => vip.status(currentUser(request)),
  );

  app.post(
    '/vip/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Stop auto-renewal (the membership stays until its expiry)',
        description:
          'Cancels every active subscription of the user at the payment provider, then here. Once none is left, ' +
          `calling again answers 404. ${NO_STORE}`,
        response: {
          200: CancelResponse.describe('The membership after canceling'),
          404: errorCodes(VIP_ERRORS.noSubscription).describe('No active auto-renewing subscription'),
          503: unavailable('the payment provider could not be reached'),
        },
      },
    },
    async (request) => vip.cancel(currentUser(request)),
  );

  app.post(
    '/vip/webhook/:provider',
    {
      // The signature is computed over the exact bytes received.
      config: { rawBody: true },
      schema: {
        tags,
        summary: "The payment provider's signed events (idempotent by the provider's event id)",
        description:
          'Only the configured provider is accepted (`local` or `stripe`). `local` signs with the header ' +
          '`X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` and `LOCAL_PAYMENT_SECRET`; ' +
          `signatures more than ${WEBHOOK_TOLERANCE_SECONDS} seconds off are refused. Its body: ` +
          '`{id, type, created, data: {order_no, subscription_id?}}` with types `checkout.completed`, ' +
          "`payment.failed`, `invoice.paid` (a renewal; `order_no` names the subscription's first order), " +
          '`subscription.canceled` and `charge.refunded`. Stripe: `Stripe-Signature` and its own events. A correctly ' +
          'signed event answers 200 whether it is new or a duplicate (`duplicate: true`, nothing changed).',
        security: [],
        params: WebhookParams,
        response: {
          200: WebhookResponse.describe('The event is stored (and applied once)'),
          400: errorCodes(VIP_ERRORS.badSignature, VIP_ERRORS.staleSignature).describe(
            `\`${VIP_ERRORS.badSignature}\` (missing or wrong signature) or \`${VIP_ERRORS.staleSignature}\` ` +
              `(signed more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from now)`,
          ),
          404: errorCodes(VIP_ERRORS.unknownProvider).describe('Not the configured payment provider'),
          422: invalid('A correctly signed body'),
          503: unavailable(
            "the provider's API (asked about the event) did not answer. Nothing was stored, so the redelivery applies it",
          ),
        },
      },
    },
    async (request) => {
      const rawBody = request.rawBody;
      if (request.params.provider !== vip.providerName) throw new HttpError(404, VIP_ERRORS.unknownProvider);
      if (!rawBody) throw new HttpError(400, VIP_ERRORS.badSignature);
      return vip.webhook(request.params.provider, { rawBody, headers: request.headers });
    },
  );

  app.post(
    '/vip/local-checkout/:order_no',
    {
      onRequest: app.requireUser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "The local provider's test checkout: pay, fail or cancel the current user's pending order",
        description:
          '`pay` and `fail` reach the order the way a real payment does: as a signed event through ' +
          '`POST /api/vip/webhook/local` (`checkout.completed`, with a new subscription for `mode=subscription`; ' +
          '`payment.failed`). `cancel` closes the order without a payment. Only with `PAYMENT_PROVIDER=local`. ' +
          'Once the order has left `pending`, or its `expires_at` has passed (the test checkout takes no money ' +
          `after the deadline), it answers 409. ${NO_STORE}`,
        params: OrderNoParams,
        body: LocalCheckoutBody,
        response: {
          200: Order.describe('The order afterwards'),
          404: errorCodes(VIP_ERRORS.orderNotFound, VIP_ERRORS.unknownProvider).describe(
            `\`${VIP_ERRORS.orderNotFound}\`: no order of the current user has this number; ` +
              `\`${VIP_ERRORS.unknownProvider}\`: the local provider is not the configured one`,
          ),
          409: orderClosed(''),
          422: invalid('`outcome` or `order_no`'),
          503: unavailable('the signed event was not accepted'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { order_no: orderNo } = request.params;
      const event = await vip.localCheckout(user, orderNo, request.body.outcome);
      if (event) {
        // Delivered through the webhook route itself, so the test payment passes the same signature check.
        const delivered = await app.inject({
          method: 'POST',
          url: `${app.prefix}/vip/webhook/local`,
          headers: event.headers,
          payload: event.rawBody,
        });
        if (delivered.statusCode !== 200) {
          request.log.error({ status: delivered.statusCode, body: delivered.body }, 'local checkout: webhook refused');
          throw new HttpError(503, VIP_ERRORS.providerUnavailable);
        }
      }
      return vip.toOrder(await vip.ownOrder(user, orderNo));
    },
  );
};
