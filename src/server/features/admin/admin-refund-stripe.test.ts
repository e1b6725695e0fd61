/**
 * A console refund with PAYMENT_PROVIDER=stripe, through the real app and database, the official client talking to
 * the fake Stripe API on loopback: the Refund is created for the order's PaymentIntent with an idempotency key of the
 * order, the order is refunded here at once, Stripe's own `charge.refunded` webhook afterwards changes nothing more,
 * and Stripe failing leaves everything as it was (503).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRefund } from '#shared/contracts/admin';
import { SubscribeResponse } from '#shared/contracts/vip';
import { asUser } from '../../test/accounts';
import { ADMIN_TEST_ENV, auditOf, confirmed, operator, type Operator } from '../../test/admin-fixtures';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe-server';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type Buyer, buyer, daysLeft, stateOf } from '../../test/vip-fixtures';

const WEBHOOK_SECRET = 'whsec_console_test';
let fake: FakeStripe;
let ctx: TestContext;
let admin: Operator;
let sequence = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++sequence}`;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestApp({
    seed: false,
    env: {
      ...ADMIN_TEST_ENV,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_console',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ONCE: 'price_once',
      STRIPE_PRICE_SUBSCRIPTION: 'price_sub',
      STRIPE_API_URL: fake.url,
    },
  });
  admin = await operator(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

function webhook(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: unique('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/vip/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** A one-time order paid through Stripe Checkout: its number and PaymentIntent. */
async function paid(who: Buyer) {
  const res = await asUser(ctx.app, who.token, { method: 'GET', url: '/api/vip/subscribe?mode=once' });
  // Its answer in the message: this failed once in a shuffled full run and passed alone.
  expect(res.statusCode, res.body).toBe(200);
  const { order_no } = SubscribeResponse.parse(res.json());
  const paymentIntent = unique('pi');
  const done = await webhook('checkout.session.completed', {
    id: unique('cs'),
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: order_no,
    metadata: { order_no },
    payment_intent: paymentIntent,
    subscription: null,
    invoice: null,
  });
  expect(done.statusCode).toBe(200);
  return { orderNo: order_no, paymentIntent };
}

describe('refunds through Stripe', () => {
  it("creates the Refund once per order, refunds the order at once; Stripe's webhook changes nothing more", async () => {
    const who = await buyer(ctx);
    const { orderNo, paymentIntent } = await paid(who);
    expect(daysLeft((await stateOf(ctx, who.userId)).expiry)).toBe(30);

    const res = await admin.call('POST', `/api/admin/orders/${orderNo}/refund`, confirmed({ reason: 'duplicate' }));
    expect(res.statusCode).toBe(200);
    const { order, audit_id } = AdminRefund.parse(res.json());
    expect(order).toMatchObject({ status: 'refunded', activation_key: null });
    // This order's: the other test's refund requests are in the fake's record too.
    const sent = fake.requests.filter(
      (r) => r.path === '/v1/refunds' && (r.body as Record<string, unknown>)['metadata[order_no]'] === orderNo,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ payment_intent: paymentIntent, 'metadata[order_no]': orderNo });
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${orderNo}`);
    expect(daysLeft((await stateOf(ctx, who.userId)).expiry)).toBe(0);
    const [row] = await auditOf(admin, 'order', orderNo);
    expect(row).toMatchObject({ id: audit_id, action: 'order.refund', after: { status: 'refunded' } });

    // Stripe reports the refund itself later: the order is refunded already, nothing is taken twice.
    const expiry = (await stateOf(ctx, who.userId)).expiry;
    const later = await webhook('charge.refunded', {
      id: unique('ch'),
      object: 'charge',
      refunded: true,
      payment_intent: paymentIntent,
      metadata: { order_no: orderNo },
    });
    expect(later.statusCode).toBe(200);
    expect((await stateOf(ctx, who.userId)).expiry).toBe(expiry);
    expect((await admin.call('POST', `/api/admin/orders/${orderNo}/refund`, confirmed())).statusCode).toBe(409);
  });

  it('Stripe failing: 503, the order stays paid with its days, and nothing is logged', async () => {
    const who = await buyer(ctx);
    const { orderNo } = await paid(who);
    // The request and the client's one retry (maxNetworkRetries 1), no more: left-over failures would meet the next test.
    fake.failNext(500, 2);
    const res = await admin.call('POST', `/api/admin/orders/${orderNo}/refund`, confirmed());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
    const state = await stateOf(ctx, who.userId);
    expect(state.orders[0]!.status).toBe('paid');
    expect(daysLeft(state.expiry)).toBe(30);
    expect(await auditOf(admin, 'order', orderNo)).toEqual([]);
  });
});
