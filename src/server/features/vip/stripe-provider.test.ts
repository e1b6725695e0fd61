// The `stripe` provider against a fake Stripe API on loopback (real HTTP through the official client), with webhooks
// signed by the package's own test header helper. No database: the provider only translates.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VIP_ERRORS } from '#shared/vip-rules';
import { DomainError, type DomainErrorKind } from '../../domain-error';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe-server';
import type { CheckoutRequest, PaymentProvider } from './payment-provider';
import { createStripeProvider, sessionExpiresAt } from './stripe-provider';

const SECRET_KEY = 'sk_test_fake_key';
const WEBHOOK_SECRET = 'whsec_test_fake_secret';
const OPTIONS = {
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  priceOnce: 'price_once_40usd',
  priceSubscription: 'price_sub_40usd_30d',
  maxNetworkRetries: 0,
};

let fake: FakeStripe;
let provider: PaymentProvider;
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ ...OPTIONS, apiUrl: fake.url });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.failNext(200, 0);
});

/** Unique per test, so tests pass in any order against the one fake server. */
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++sequence}`;

function checkoutRequest(mode: CheckoutRequest['mode']): CheckoutRequest {
  const orderNo = unique('VIP');
  return {
    orderNo,
    mode,
    userId: 'user-42',
    email: 'angler@example.com',
    amount: 4000,
    currency: 'USD',
    successUrl: `https://anglerdex.test/vip/result?order_no=${orderNo}`,
    cancelUrl: `https://anglerdex.test/vip/buy?order_no=${orderNo}`,
    // Two hours: later than Stripe's 30-minute minimum, so the session closes exactly at our deadline.
    expiresAt: Date.now() + 2 * 3_600_000,
  };
}

async function expectRefusal(promise: Promise<unknown>, kind: DomainErrorKind, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ kind, code });
}

describe('expireCheckout', () => {
  it('expires an open session, and takes one that is no longer open (paid meanwhile) or gone as done', async () => {
    const session = await provider.createCheckout(checkoutRequest('once'));
    await provider.expireCheckout(session.providerRef!);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${session.providerRef}/expire`,
    });
    // Expired already: Stripe answers 400, which changes nothing for us.
    await provider.expireCheckout(session.providerRef!);
    await provider.expireCheckout('cs_test_unknown');
  });

  it('is unavailable when Stripe fails, so the order is not closed while its checkout may still be paid', async () => {
    const session = await provider.createCheckout(checkoutRequest('once'));
    fake.failNext(500);
    await expectRefusal(provider.expireCheckout(session.providerRef!), 'unavailable', VIP_ERRORS.providerUnavailable);
  });
});

describe('createCheckout', () => {
  it('creates a payment-mode session for a one-time order, keyed by the order number', async () => {
    const request = checkoutRequest('once');
    const session = await provider.createCheckout(request);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent?.body).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_once_40usd',
      'line_items[0][quantity]': '1',
      client_reference_id: request.orderNo,
      customer_email: 'angler@example.com',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      'metadata[order_no]': request.orderNo,
      'payment_intent_data[metadata][order_no]': request.orderNo,
      expires_at: String(Math.ceil(request.expiresAt / 1000)),
    });
    expect(Object.keys(sent?.body ?? {}).some((key) => key.startsWith('subscription_data'))).toBe(false);
    expect(sent?.headers['idempotency-key']).toBe(`checkout-${request.orderNo}`);
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(session.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(session.checkoutUrl).toContain(session.providerRef);
  });

  it('creates a subscription-mode session whose subscription carries the order number', async () => {
    const request = checkoutRequest('subscription');
    const session = await provider.createCheckout(request);

    const [sent] = fake.requests;
    expect(sent?.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_sub_40usd_30d',
      'line_items[0][quantity]': '1',
      client_reference_id: request.orderNo,
      'metadata[order_no]': request.orderNo,
      'subscription_data[metadata][order_no]': request.orderNo,
    });
    expect(Object.keys(sent?.body ?? {}).some((key) => key.startsWith('payment_intent_data'))).toBe(false);
    expect(sent?.headers['idempotency-key']).toBe(`checkout-${request.orderNo}`);
    expect(session.providerRef).toMatch(/^cs_test_/);
  });

  it("closes the session at the order's deadline, but never sooner than Stripe's 30 minutes allow", () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    expect(sessionExpiresAt(now + 2 * 3_600_000, now)).toBe((now + 2 * 3_600_000) / 1000);
    // Five minutes asked: Stripe would refuse it, so 31 minutes (a payment in between is credited, decision 0032).
    expect(sessionExpiresAt(now + 5 * 60_000, now)).toBe(now / 1000 + 31 * 60);
  });

  it('answers the same session when the same order is asked for twice', async () => {
    const request = checkoutRequest('once');
    const first = await provider.createCheckout(request);
    const second = await provider.createCheckout(request);
    expect(second).toEqual(first);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      `checkout-${request.orderNo}`,
      `checkout-${request.orderNo}`,
    ]);
  });

  it.each([500, 400, 401, 429])('turns a Stripe %i into 503 PAYMENT_PROVIDER_UNAVAILABLE', async (status) => {
    fake.failNext(status);
    await expectRefusal(
      provider.createCheckout(checkoutRequest('once')),
      'unavailable',
      VIP_ERRORS.providerUnavailable,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('turns an unreachable Stripe into 503', async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const offline = createStripeProvider({ ...OPTIONS, apiUrl: closed.url });
    await expectRefusal(offline.createCheckout(checkoutRequest('once')), 'unavailable', VIP_ERRORS.providerUnavailable);
  });
});

// ---- webhooks ----

function eventOf(type: string, object: Record<string, unknown>) {
  return {
    id: unique('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function signed(event: object, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return { rawBody: Buffer.from(payload), headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
}

function session(fields: Record<string, unknown>) {
  return {
    id: unique('cs_test'),
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: null,
    metadata: {},
    payment_intent: null,
    subscription: null,
    invoice: null,
    ...fields,
  };
}

function invoice(fields: Record<string, unknown>, subscription: string, metadata: Record<string, string> | null) {
  return {
    id: unique('in'),
    object: 'invoice',
    status: 'paid',
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription, metadata },
    },
    ...fields,
  };
}

/** Stores the paid InvoicePayment that links an invoice to its PaymentIntent, as Stripe keeps it. */
function putPayment(invoiceId: string, paymentIntent: string) {
  fake.put('invoice_payments', {
    id: unique('inpay'),
    object: 'invoice_payment',
    invoice: invoiceId,
    status: 'paid',
    is_default: true,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
  });
}

describe('parseWebhook', () => {
  it('maps a paid one-time checkout to checkout.completed with its PaymentIntent', async () => {
    const event = eventOf(
      'checkout.session.completed',
      session({ client_reference_id: 'VIP-1', metadata: { order_no: 'VIP-1' }, payment_intent: 'pi_once_1' }),
    );
    const request = signed(event);
    const parsed = await provider.parseWebhook(request);
    expect(parsed).toEqual({
      id: event.id,
      type: 'checkout.completed',
      created: event.created,
      orderNo: 'VIP-1',
      paymentRef: 'pi_once_1',
      raw: request.rawBody.toString('utf8'),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('maps a subscription checkout to checkout.completed with the subscription and the first invoice payment', async () => {
    const first = unique('in');
    putPayment(first, 'pi_sub_first');
    const event = eventOf(
      'checkout.session.completed',
      session({ mode: 'subscription', metadata: { order_no: 'VIP-2' }, subscription: 'sub_2', invoice: first }),
    );
    const parsed = await provider.parseWebhook(signed(event));
    expect(parsed).toMatchObject({
      type: 'checkout.completed',
      orderNo: 'VIP-2',
      subscriptionId: 'sub_2',
      paymentRef: 'pi_sub_first',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/invoice_payments',
      query: { invoice: first, status: 'paid' },
    });
  });

  it('waits for a delayed payment: unpaid completion is ignored, async success completes, async failure fails', async () => {
    const fields = { client_reference_id: 'VIP-3', payment_intent: 'pi_3' };
    const unpaid = await provider.parseWebhook(
      signed(eventOf('checkout.session.completed', session({ ...fields, payment_status: 'unpaid' }))),
    );
    expect(unpaid.type).toBe('ignored');
    const succeeded = await provider.parseWebhook(
      signed(eventOf('checkout.session.async_payment_succeeded', session(fields))),
    );
    expect(succeeded).toMatchObject({ type: 'checkout.completed', orderNo: 'VIP-3', paymentRef: 'pi_3' });
    const failed = await provider.parseWebhook(
      signed(eventOf('checkout.session.async_payment_failed', session({ ...fields, payment_status: 'unpaid' }))),
    );
    expect(failed).toMatchObject({ type: 'payment.failed', orderNo: 'VIP-3' });
  });

  it('maps a renewal invoice to invoice.paid naming the first order, the subscription and its payment', async () => {
    const renewal = invoice({}, 'sub_4', { order_no: 'VIP-4' });
    putPayment(renewal.id, 'pi_renewal_4');
    const event = eventOf('invoice.paid', renewal);
    const parsed = await provider.parseWebhook(signed(event));
    expect(parsed).toMatchObject({
      id: event.id,
      type: 'invoice.paid',
      orderNo: 'VIP-4',
      subscriptionId: 'sub_4',
      paymentRef: 'pi_renewal_4',
    });
  });

  it('ignores the first invoice of a subscription, which its checkout already paid', async () => {
    const first = invoice({ billing_reason: 'subscription_create' }, 'sub_5', { order_no: 'VIP-5' });
    const parsed = await provider.parseWebhook(signed(eventOf('invoice.paid', first)));
    expect(parsed.type).toBe('ignored');
    expect(fake.requests).toHaveLength(0);
  });

  it('reads the order from the subscription when the invoice carries no metadata, and ignores foreign ones', async () => {
    fake.put('subscriptions', {
      id: 'sub_6',
      object: 'subscription',
      status: 'active',
      metadata: { order_no: 'VIP-6' },
    });
    const parsed = await provider.parseWebhook(signed(eventOf('invoice.paid', invoice({}, 'sub_6', null))));
    expect(parsed).toMatchObject({ type: 'invoice.paid', orderNo: 'VIP-6', subscriptionId: 'sub_6' });
    expect(parsed.paymentRef).toBeUndefined();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /v1/subscriptions/sub_6');

    fake.put('subscriptions', { id: 'sub_foreign', object: 'subscription', status: 'active', metadata: {} });
    const foreign = await provider.parseWebhook(signed(eventOf('invoice.paid', invoice({}, 'sub_foreign', {}))));
    expect(foreign.type).toBe('ignored');
  });

  it('maps a failed renewal to payment.failed naming the first order', async () => {
    const failed = invoice({ status: 'open' }, 'sub_7', { order_no: 'VIP-7' });
    const parsed = await provider.parseWebhook(signed(eventOf('invoice.payment_failed', failed)));
    expect(parsed).toMatchObject({ type: 'payment.failed', orderNo: 'VIP-7', subscriptionId: 'sub_7' });
  });

  it('maps a deleted subscription to subscription.canceled', async () => {
    const subscription = { id: 'sub_8', object: 'subscription', status: 'canceled', metadata: { order_no: 'VIP-8' } };
    const parsed = await provider.parseWebhook(signed(eventOf('customer.subscription.deleted', subscription)));
    expect(parsed).toMatchObject({ type: 'subscription.canceled', orderNo: 'VIP-8', subscriptionId: 'sub_8' });
  });

  describe('charge.refunded', () => {
    const charge = (paymentIntent: string, fields: Record<string, unknown> = {}) => ({
      id: unique('ch'),
      object: 'charge',
      amount: 4000,
      amount_refunded: 4000,
      refunded: true,
      payment_intent: paymentIntent,
      metadata: {},
      ...fields,
    });

    it('finds a one-time order through its PaymentIntent', async () => {
      fake.put('payment_intents', { id: 'pi_9', object: 'payment_intent', metadata: { order_no: 'VIP-9' } });
      const parsed = await provider.parseWebhook(signed(eventOf('charge.refunded', charge('pi_9'))));
      expect(parsed).toMatchObject({ type: 'charge.refunded', orderNo: 'VIP-9', paymentRef: 'pi_9' });
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payment_intents/pi_9']);
    });

    it("finds a subscription's first order through its first invoice", async () => {
      fake.put('payment_intents', { id: 'pi_10', object: 'payment_intent', metadata: {} });
      const first = invoice({ billing_reason: 'subscription_create' }, 'sub_10', { order_no: 'VIP-10' });
      fake.put('invoices', first);
      putPayment(first.id, 'pi_10');
      const parsed = await provider.parseWebhook(signed(eventOf('charge.refunded', charge('pi_10'))));
      expect(parsed).toMatchObject({ type: 'charge.refunded', orderNo: 'VIP-10', paymentRef: 'pi_10' });
      expect(fake.requests[1]).toMatchObject({
        path: '/v1/invoice_payments',
        query: { 'payment[type]': 'payment_intent', 'payment[payment_intent]': 'pi_10', 'expand[0]': 'data.invoice' },
      });
    });

    it('names only the payment of a renewal (never the first order)', async () => {
      fake.put('payment_intents', { id: 'pi_11', object: 'payment_intent', metadata: {} });
      const renewal = invoice({}, 'sub_11', { order_no: 'VIP-11' });
      fake.put('invoices', renewal);
      putPayment(renewal.id, 'pi_11');
      const parsed = await provider.parseWebhook(signed(eventOf('charge.refunded', charge('pi_11'))));
      expect(parsed).toMatchObject({ type: 'charge.refunded', paymentRef: 'pi_11' });
      expect(parsed.orderNo).toBeUndefined();
    });

    it('uses order_no on the charge itself without asking Stripe, and ignores a partial refund', async () => {
      const own = await provider.parseWebhook(
        signed(eventOf('charge.refunded', charge('pi_12', { metadata: { order_no: 'VIP-12' } }))),
      );
      expect(own).toMatchObject({ type: 'charge.refunded', orderNo: 'VIP-12', paymentRef: 'pi_12' });
      const partial = await provider.parseWebhook(
        signed(eventOf('charge.refunded', charge('pi_12', { amount_refunded: 1000, refunded: false }))),
      );
      expect(partial.type).toBe('ignored');
      expect(fake.requests).toHaveLength(0);
    });
  });

  it('ignores other event types but still answers their id and raw body', async () => {
    const event = eventOf('customer.created', { id: 'cus_1', object: 'customer' });
    const request = signed(event);
    expect(await provider.parseWebhook(request)).toEqual({
      id: event.id,
      type: 'ignored',
      created: event.created,
      raw: request.rawBody.toString('utf8'),
    });
  });

  it('answers 503 when a look-up it needs fails, so that Stripe delivers the event again', async () => {
    const renewal = invoice({}, 'sub_13', { order_no: 'VIP-13' });
    fake.failNext(500);
    await expectRefusal(
      provider.parseWebhook(signed(eventOf('invoice.paid', renewal))),
      'unavailable',
      VIP_ERRORS.providerUnavailable,
    );
  });

  describe('signatures', () => {
    const event = () => eventOf('checkout.session.completed', session({ client_reference_id: 'VIP-14' }));

    it('refuses a body signed with another secret', async () => {
      await expectRefusal(
        provider.parseWebhook(signed(event(), { secret: 'whsec_someone_else' })),
        'invalid',
        VIP_ERRORS.badSignature,
      );
    });

    it('refuses a body changed after signing', async () => {
      const request = signed(event());
      const tampered = Buffer.from(request.rawBody.toString('utf8').replace('VIP-14', 'VIP-99'));
      await expectRefusal(provider.parseWebhook({ ...request, rawBody: tampered }), 'invalid', VIP_ERRORS.badSignature);
    });

    it('refuses a missing or unreadable signature header', async () => {
      const { rawBody } = signed(event());
      await expectRefusal(provider.parseWebhook({ rawBody, headers: {} }), 'invalid', VIP_ERRORS.badSignature);
      await expectRefusal(
        provider.parseWebhook({ rawBody, headers: { 'stripe-signature': 'garbage' } }),
        'invalid',
        VIP_ERRORS.badSignature,
      );
    });

    it('refuses a correctly signed event older than five minutes as stale', async () => {
      const timestamp = Math.floor(Date.now() / 1000) - 301;
      await expectRefusal(provider.parseWebhook(signed(event(), { timestamp })), 'invalid', VIP_ERRORS.staleSignature);
      // A forged old one is a bad signature, not a stale one.
      await expectRefusal(
        provider.parseWebhook(signed(event(), { timestamp, secret: 'whsec_someone_else' })),
        'invalid',
        VIP_ERRORS.badSignature,
      );
      // Inside the window it is accepted.
      const recent = await provider.parseWebhook(signed(event(), { timestamp: timestamp + 60 }));
      expect(recent.type).toBe('checkout.completed');
    });

    it('answers 422 for a correctly signed body that is not an event', async () => {
      const payload = 'not json';
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const error = await provider
        .parseWebhook({ rawBody: Buffer.from(payload), headers: { 'stripe-signature': header } })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 422 });
    });
  });
});

describe('cancelSubscription', () => {
  it('cancels through DELETE /v1/subscriptions/:id', async () => {
    fake.put('subscriptions', { id: 'sub_20', object: 'subscription', status: 'active', metadata: {} });
    await provider.cancelSubscription('sub_20');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_20' });
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(fake.get('subscriptions', 'sub_20')?.status).toBe('canceled');
  });

  it('counts an already canceled or unknown subscription as done', async () => {
    fake.put('subscriptions', { id: 'sub_21', object: 'subscription', status: 'canceled', metadata: {} });
    await expect(provider.cancelSubscription('sub_21')).resolves.toBeUndefined();
    await expect(provider.cancelSubscription('sub_unknown')).resolves.toBeUndefined();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /v1/subscriptions/sub_21',
      'DELETE /v1/subscriptions/sub_unknown',
    ]);
  });

  it('answers 503 when Stripe fails', async () => {
    fake.put('subscriptions', { id: 'sub_22', object: 'subscription', status: 'active', metadata: {} });
    fake.failNext(500);
    await expectRefusal(provider.cancelSubscription('sub_22'), 'unavailable', VIP_ERRORS.providerUnavailable);
  });
});
