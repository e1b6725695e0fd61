/**
 * The whole VIP path with PAYMENT_PROVIDER=stripe, through the real app and database: the official client talks to a
 * fake Stripe API on loopback (the only thing mocked, at its HTTP boundary), and webhooks are signed with the
 * package's own test header helper. Checkout → paid with a key → duplicate → renewal → cancel → refund, and Stripe
 * failing.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, SubscribeResponse, VIP_ERRORS, VipStatus } from '#shared/contracts/vip';
import { asUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe-server';
import { type Buyer, buyer, daysLeft, stateOf, VIP_TEST_ENV } from '../../test/vip-fixtures';

const WEBHOOK_SECRET = 'whsec_app_test';
let fake: FakeStripe;
let ctx: TestContext;
let sequence = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++sequence}`;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestApp({
    seed: false,
    env: {
      ...VIP_TEST_ENV,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_app',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ONCE: 'price_once',
      STRIPE_PRICE_SUBSCRIPTION: 'price_sub',
      STRIPE_API_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const get = (who: Buyer, url: string) => asUser(ctx.app, who.token, { method: 'GET', url });

function webhook(type: string, object: Record<string, unknown>, { secret = WEBHOOK_SECRET, id = unique('evt') } = {}) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/vip/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function subscribe(who: Buyer, mode: 'once' | 'subscription') {
  const res = await get(who, `/api/vip/subscribe?mode=${mode}`);
  expect(res.statusCode).toBe(200);
  return SubscribeResponse.parse(res.json());
}

const order = async (who: Buyer, orderNo: string) => Order.parse((await get(who, `/api/order/${orderNo}`)).json());

describe('VIP with the Stripe provider', () => {
  it('buys once: Checkout at the server price, paid by the webhook once however often it comes, refunded', async () => {
    const who = await buyer(ctx);
    const { order_no, checkout_url } = await subscribe(who, 'once');
    const created = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === order_no,
    );
    expect(created?.body).toMatchObject({ mode: 'payment', 'line_items[0][price]': 'price_once' });
    expect(checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
    expect(created?.body).toMatchObject({
      success_url: `https://anglerdex.test/vip/result?order_no=${order_no}`,
      'metadata[order_no]': order_no,
    });

    const session = { id: unique('cs'), object: 'checkout.session', mode: 'payment', status: 'complete' };
    const paidEvent = unique('evt');
    const completed = {
      ...session,
      payment_status: 'paid',
      client_reference_id: order_no,
      metadata: { order_no },
      payment_intent: unique('pi'),
      subscription: null,
      invoice: null,
    };
    for (let i = 0; i < 3; i++) {
      const res = await webhook('checkout.session.completed', completed, { id: paidEvent });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: i > 0 });
    }
    const paid = await order(who, order_no);
    expect(paid.status).toBe('paid');
    expect(paid.activation_key).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4})+$/);
    expect(paid.provider).toBe('stripe');
    expect(daysLeft((await stateOf(ctx, who.userId)).expiry)).toBe(30);
    expect((await get(who, '/api/users/me')).json()).toMatchObject({ is_vip: true });

    // A full refund names the payment; the order loses its key and its days.
    const refund = await webhook('charge.refunded', {
      id: unique('ch'),
      object: 'charge',
      amount: 4000,
      amount_refunded: 4000,
      refunded: true,
      payment_intent: completed.payment_intent,
      metadata: { order_no },
    });
    expect(refund.statusCode).toBe(200);
    expect(await order(who, order_no)).toMatchObject({ status: 'refunded', activation_key: null });
    expect((await get(who, '/api/users/me')).json()).toMatchObject({ is_vip: false });
  });

  it("cancels an open order by expiring its Checkout Session first; Stripe's later payment is still credited", async () => {
    const who = await buyer(ctx);
    const { order_no, expires_at } = await subscribe(who, 'once');
    const created = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === order_no,
    );
    // The default 30 minutes are below Stripe's minimum: the session closes 31 minutes after it was made.
    expect(Number(created?.body.expires_at)).toBeGreaterThanOrEqual(Math.ceil(Date.parse(expires_at) / 1000));
    const { provider_ref: sessionId } = await ctx.db.kysely
      .selectFrom('vip_order')
      .select('provider_ref')
      .where('order_no', '=', order_no)
      .executeTakeFirstOrThrow();
    expect(sessionId).toMatch(/^cs_test_/);

    // Failing past the client's own retry: the order stays open, since its checkout may still be paid.
    fake.failNext(500, 5);
    const down = await asUser(ctx.app, who.token, { method: 'POST', url: `/api/order/${order_no}/cancel` });
    expect(down.statusCode).toBe(503);
    expect((await order(who, order_no)).status).toBe('pending');
    fake.failNext(200, 0);

    const res = await asUser(ctx.app, who.token, { method: 'POST', url: `/api/order/${order_no}/cancel` });
    expect(res.statusCode).toBe(200);
    expect(Order.parse(res.json()).status).toBe('canceled');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${sessionId}/expire`,
    });

    // Paid at Stripe in the same moment: the money was taken, so the order is paid after all (decision 0032).
    const paid = await webhook('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: order_no,
      metadata: { order_no },
      payment_intent: unique('pi'),
      subscription: null,
      invoice: null,
    });
    expect(paid.statusCode).toBe(200);
    expect((await order(who, order_no)).status).toBe('paid');
    expect(daysLeft((await stateOf(ctx, who.userId)).expiry)).toBe(30);
  });

  it('subscribes: the renewal adds a paid order, cancel stops renewals at Stripe and keeps the days', async () => {
    const who = await buyer(ctx);
    const { order_no } = await subscribe(who, 'subscription');
    const subscription = unique('sub');
    const firstPayment = await webhook('checkout.session.completed', {
      id: unique('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: order_no,
      metadata: { order_no },
      payment_intent: null,
      subscription,
      invoice: null,
    });
    expect(firstPayment.statusCode).toBe(200);
    expect(VipStatus.parse((await get(who, '/api/vip/status')).json())).toMatchObject({
      is_vip: true,
      auto_renew: true,
    });

    const renewal = await webhook('invoice.paid', {
      id: unique('in'),
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription, metadata: { order_no } },
      },
    });
    expect(renewal.statusCode).toBe(200);
    const { orders, expiry } = await stateOf(ctx, who.userId);
    expect(orders.map((o) => [o.status, o.renews_order_no])).toEqual([
      ['paid', null],
      ['paid', order_no],
    ]);
    expect(daysLeft(expiry)).toBe(60);

    const cancel = await asUser(ctx.app, who.token, { method: 'POST', url: '/api/vip/cancel' });
    expect(cancel.statusCode).toBe(200);
    expect(VipStatus.parse(cancel.json())).toMatchObject({ is_vip: true, auto_renew: false });
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`)).toBe(
      true,
    );
    // Stripe then reports the deletion: answered, nothing changes.
    const deleted = await webhook('customer.subscription.deleted', {
      id: subscription,
      object: 'subscription',
      status: 'canceled',
      metadata: { order_no },
    });
    expect(deleted.statusCode).toBe(200);
    expect(daysLeft((await stateOf(ctx, who.userId)).expiry)).toBe(60);
  });

  it('a second subscription paid before the first was active: one period, canceled at Stripe (again on a renewal)', async () => {
    const who = await buyer(ctx);
    const orders = [await subscribe(who, 'subscription'), await subscribe(who, 'subscription')];
    const subscriptions = [unique('sub'), unique('sub')];
    for (const [i, { order_no }] of orders.entries()) {
      const paid = await webhook('checkout.session.completed', {
        id: unique('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: order_no,
        metadata: { order_no },
        payment_intent: null,
        subscription: subscriptions[i],
        invoice: null,
      });
      expect(paid.statusCode).toBe(200);
    }
    const cancels = (subscription: string) =>
      fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`).length;
    expect(cancels(subscriptions[0]!)).toBe(0);
    expect(cancels(subscriptions[1]!)).toBe(1);
    for (const { order_no } of orders) expect(await order(who, order_no)).toMatchObject({ status: 'paid' });
    expect(daysLeft((await stateOf(ctx, who.userId)).expiry)).toBe(60);
    expect(VipStatus.parse((await get(who, '/api/vip/status')).json())).toMatchObject({ auto_renew: true });

    // Had the cancellation not reached Stripe, its renewal is credited (money was taken) and canceled again.
    const renewal = await webhook('invoice.paid', {
      id: unique('in'),
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptions[1], metadata: { order_no: orders[1]!.order_no } },
      },
    });
    expect(renewal.statusCode).toBe(200);
    expect(daysLeft((await stateOf(ctx, who.userId)).expiry)).toBe(90);
    expect(cancels(subscriptions[1]!)).toBe(2);
    expect(cancels(subscriptions[0]!)).toBe(0);
  });

  it('answers 503 with Retry-After when Stripe is down, and closes the order it could not start', async () => {
    const who = await buyer(ctx);
    fake.failNext(500, 5);
    const res = await get(who, '/api/vip/subscribe?mode=once');
    fake.failNext(200, 0);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: VIP_ERRORS.providerUnavailable });
    expect(res.headers['retry-after']).toBeDefined();
    const { orders } = await stateOf(ctx, who.userId);
    expect(orders.map((o) => o.status)).toEqual(['failed']);
  });

  it('refuses a forged Stripe signature and the local provider’s webhook', async () => {
    const who = await buyer(ctx);
    const { order_no } = await subscribe(who, 'once');
    const forged = await webhook(
      'checkout.session.completed',
      {
        id: unique('cs'),
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: order_no,
        metadata: {},
      },
      { secret: 'whsec_attacker' },
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: VIP_ERRORS.badSignature });
    const local = await ctx.app.inject({
      method: 'POST',
      url: '/api/vip/webhook/local',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(local.statusCode).toBe(404);
    expect((await order(who, order_no)).status).toBe('pending');
  });
});
