/**
 * `POST /api/vip/webhook/local` and the VIP rules behind it (docs/design.md §5, issue 12), real app and real database
 * (SQLite, or PostgreSQL under `npm run test:pg`): each event type, duplicates, reordering, signatures, concurrency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIP_ERRORS, VIP_PERIOD_MS, WEBHOOK_TOLERANCE_SECONDS, WebhookResponse } from '#shared/contracts/vip';
import { asUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { signLocalEvent } from './local-provider';
import {
  type Buyer,
  buyer,
  comparableState,
  DAY,
  deliver,
  localEventBody,
  pendingOrder,
  sendEvent,
  stateOf,
  VIP_TEST_ENV,
} from '../../test/vip-fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: VIP_TEST_ENV });
});
afterAll(() => ctx?.close());

/** A buyer with a pending order of `mode`. */
async function withOrder(mode: 'once' | 'subscription' = 'once') {
  const who = await buyer(ctx);
  return { who, orderNo: await pendingOrder(ctx, who, mode) };
}

const eventCount = async () =>
  Number(
    (
      await ctx.db.kysely
        .selectFrom('payment_event')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const me = async (who: Buyer) => (await asUser(ctx.app, who.token, { method: 'GET', url: '/api/users/me' })).json();

describe('each event type', () => {
  it('checkout.completed pays a one-time order: one key, 30 days from now, shown in /users/me', async () => {
    const { who, orderNo } = await withOrder();
    const before = Date.now();
    expect(await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo })).toEqual({
      received: true,
      duplicate: false,
    });
    const after = Date.now();
    const { expiry, orders } = await stateOf(ctx, who.userId);
    expect(expiry).toBeGreaterThanOrEqual(before + VIP_PERIOD_MS);
    expect(expiry).toBeLessThanOrEqual(after + VIP_PERIOD_MS);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', amount: 4000, currency: 'USD', period_end: expiry });
    expect(orders[0]!.activation_key).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/);
    expect(orders[0]!.paid_at).toBeGreaterThanOrEqual(before);
    const user = await me(who);
    expect(user.is_vip).toBe(true);
    expect(Date.parse(user.vip_expire_at)).toBe(expiry);
  });

  it('a second paid order adds 30 days to the current expiry, not to now', async () => {
    const { who, orderNo } = await withOrder();
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo });
    const first = (await stateOf(ctx, who.userId)).expiry!;
    const second = await pendingOrder(ctx, who);
    await sendEvent(ctx, { type: 'checkout.completed', order_no: second });
    const { expiry, orders } = await stateOf(ctx, who.userId);
    expect(expiry).toBe(first + VIP_PERIOD_MS);
    expect(orders.map((o) => o.period_end)).toEqual([first, first + VIP_PERIOD_MS]);
    expect(new Set(orders.map((o) => o.activation_key)).size).toBe(2);
  });

  it('an expired membership restarts from now', async () => {
    const { who, orderNo } = await withOrder();
    const past = new Date(Date.now() - 10 * DAY).toISOString();
    await ctx.db.kysely.updateTable('users').set({ vip_expire_at: past }).where('id', '=', who.userId).execute();
    const before = Date.now();
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo });
    expect((await stateOf(ctx, who.userId)).expiry).toBeGreaterThanOrEqual(before + VIP_PERIOD_MS);
  });

  it('checkout.completed of a subscription starts it; invoice.paid records a new paid order for the next period', async () => {
    const { who, orderNo } = await withOrder('subscription');
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo, subscription_id: `sub_${orderNo}` });
    let state = await stateOf(ctx, who.userId);
    const first = state.expiry!;
    expect(state.subscriptions).toEqual([
      expect.objectContaining({
        subscription_id: `sub_${orderNo}`,
        first_order_no: orderNo,
        status: 'active',
        current_period_end: first,
      }),
    ]);
    expect(state.orders[0]).toMatchObject({ subscription_id: `sub_${orderNo}`, mode: 'subscription' });

    await sendEvent(ctx, { type: 'invoice.paid', order_no: orderNo, subscription_id: `sub_${orderNo}` });
    state = await stateOf(ctx, who.userId);
    expect(state.expiry).toBe(first + VIP_PERIOD_MS);
    expect(state.orders).toHaveLength(2);
    const renewal = state.orders.find((o) => o.order_no !== orderNo)!;
    expect(renewal).toMatchObject({
      status: 'paid',
      mode: 'subscription',
      renews_order_no: orderNo,
      subscription_id: `sub_${orderNo}`,
      amount: 4000,
      currency: 'USD',
      period_end: first + VIP_PERIOD_MS,
    });
    expect(renewal.activation_key).not.toBe(state.orders.find((o) => o.order_no === orderNo)!.activation_key);
    expect(state.subscriptions[0]!.current_period_end).toBe(first + VIP_PERIOD_MS);

    // A different invoice.paid event: another period, another order.
    await sendEvent(ctx, { type: 'invoice.paid', order_no: orderNo, subscription_id: `sub_${orderNo}` });
    state = await stateOf(ctx, who.userId);
    expect(state.orders).toHaveLength(3);
    expect(state.expiry).toBe(first + 2 * VIP_PERIOD_MS);

    const list = (await asUser(ctx.app, who.token, { method: 'GET', url: '/api/order/list' })).json();
    expect(list.total).toBe(3);
    expect(list.items.filter((o: { renews_order_no: string | null }) => o.renews_order_no === orderNo)).toHaveLength(2);
  });

  it('payment.failed fails a pending order and changes no expiry; after a payment it changes nothing', async () => {
    const { who, orderNo } = await withOrder();
    await sendEvent(ctx, { type: 'payment.failed', order_no: orderNo });
    let state = await stateOf(ctx, who.userId);
    expect(state.expiry).toBeNull();
    expect(state.orders[0]).toMatchObject({ status: 'failed', activation_key: null, paid_at: null });

    const paid = await pendingOrder(ctx, who);
    await sendEvent(ctx, { type: 'checkout.completed', order_no: paid });
    const expiry = (await stateOf(ctx, who.userId)).expiry;
    await sendEvent(ctx, { type: 'payment.failed', order_no: paid });
    state = await stateOf(ctx, who.userId);
    expect(state.expiry).toBe(expiry);
    expect(state.orders.find((o) => o.order_no === paid)).toMatchObject({ status: 'paid' });
  });

  it('a payment after a failure (a retry that went through) pays the order', async () => {
    const { who, orderNo } = await withOrder();
    await sendEvent(ctx, { type: 'payment.failed', order_no: orderNo });
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo });
    const state = await stateOf(ctx, who.userId);
    expect(state.orders[0]).toMatchObject({ status: 'paid' });
    expect(state.orders[0]!.activation_key).not.toBeNull();
  });

  it('charge.refunded revokes the key and takes the 30 days back', async () => {
    const { who, orderNo } = await withOrder();
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo });
    const first = (await stateOf(ctx, who.userId)).expiry!;
    const second = await pendingOrder(ctx, who);
    await sendEvent(ctx, { type: 'checkout.completed', order_no: second });
    await sendEvent(ctx, { type: 'charge.refunded', order_no: second });
    const state = await stateOf(ctx, who.userId);
    expect(state.expiry).toBe(first);
    expect(state.orders.find((o) => o.order_no === second)).toMatchObject({
      status: 'refunded',
      activation_key: null,
      period_end: null,
    });
    const order = (await asUser(ctx.app, who.token, { method: 'GET', url: `/api/order/${second}` })).json();
    expect(order).toMatchObject({ status: 'refunded', activation_key: null });
  });

  it('a refund never moves the expiry before now', async () => {
    const { who, orderNo } = await withOrder();
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo });
    // Say 20 of the 30 days have been used: taking 30 back would land in the past.
    const soon = Date.now() + 10 * DAY;
    await ctx.db.kysely
      .updateTable('users')
      .set({ vip_expire_at: new Date(soon).toISOString() })
      .where('id', '=', who.userId)
      .execute();
    const before = Date.now();
    await sendEvent(ctx, { type: 'charge.refunded', order_no: orderNo });
    const { expiry } = await stateOf(ctx, who.userId);
    expect(expiry).toBeGreaterThanOrEqual(before);
    expect(expiry).toBeLessThanOrEqual(Date.now());
    expect((await me(who)).is_vip).toBe(false);
  });

  it('subscription.canceled stops auto-renewal and leaves the membership', async () => {
    const { who, orderNo } = await withOrder('subscription');
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo, subscription_id: `sub_c_${orderNo}` });
    const { expiry } = await stateOf(ctx, who.userId);
    await sendEvent(ctx, { type: 'subscription.canceled', order_no: orderNo, subscription_id: `sub_c_${orderNo}` });
    const state = await stateOf(ctx, who.userId);
    expect(state.expiry).toBe(expiry);
    expect(state.subscriptions[0]).toMatchObject({ status: 'canceled' });
    expect(state.subscriptions[0]!.canceled_at).not.toBeNull();
    const status = (await asUser(ctx.app, who.token, { method: 'GET', url: '/api/vip/status' })).json();
    expect(status).toMatchObject({ is_vip: true, auto_renew: false, next_renewal_at: null });
  });

  it('stores an event about an unknown order once and answers 200, changing nothing', async () => {
    const before = await eventCount();
    const body = localEventBody({ type: 'checkout.completed', order_no: 'NO-SUCH-ORDER' });
    expect(await sendEvent(ctx, body)).toEqual({ received: true, duplicate: false });
    expect(await sendEvent(ctx, body)).toEqual({ received: true, duplicate: true });
    expect(await eventCount()).toBe(before + 1);
    const stored = await ctx.db.kysely
      .selectFrom('payment_event')
      .selectAll()
      .where('raw', '=', body)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ provider: 'local', type: 'checkout.completed', order_no: 'NO-SUCH-ORDER' });
  });
});

describe('duplicates', () => {
  it('the same event three times is applied once (checkout, renewal, refund, failure, cancellation)', async () => {
    const { who, orderNo } = await withOrder('subscription');
    const sub = `sub_dup_${orderNo}`;
    const bodies = {
      checkout: localEventBody({ type: 'checkout.completed', order_no: orderNo, subscription_id: sub }),
      renewal: localEventBody({ type: 'invoice.paid', order_no: orderNo, subscription_id: sub }),
    };
    for (const body of [bodies.checkout, bodies.renewal]) {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(WebhookResponse.parse(await sendEvent(ctx, body)));
      expect(answers.map((a) => a.duplicate)).toEqual([false, true, true]);
    }
    let state = await stateOf(ctx, who.userId);
    expect(state.orders).toHaveLength(2);
    expect(state.orders.every((o) => o.status === 'paid' && o.activation_key)).toBe(true);
    const paidExpiry = state.expiry!;
    expect(paidExpiry - state.orders[0]!.paid_at!).toBeGreaterThanOrEqual(2 * VIP_PERIOD_MS);

    const renewalNo = state.orders.find((o) => o.renews_order_no)!.order_no;
    const refund = localEventBody({ type: 'charge.refunded', order_no: renewalNo });
    for (let i = 0; i < 3; i++) await sendEvent(ctx, refund);
    state = await stateOf(ctx, who.userId);
    expect(state.expiry).toBe(paidExpiry - VIP_PERIOD_MS);

    const cancel = localEventBody({ type: 'subscription.canceled', order_no: orderNo, subscription_id: sub });
    for (let i = 0; i < 3; i++) await sendEvent(ctx, cancel);
    expect((await stateOf(ctx, who.userId)).subscriptions.map((s) => s.status)).toEqual(['canceled']);
  });

  it('20 concurrent deliveries of one event grant once', async () => {
    const { who, orderNo } = await withOrder();
    const body = localEventBody({ type: 'checkout.completed', order_no: orderNo });
    const before = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(ctx, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.json().duplicate)).toHaveLength(1);
    const state = await stateOf(ctx, who.userId);
    expect(state.orders).toHaveLength(1);
    expect(state.orders[0]!.activation_key).not.toBeNull();
    expect(state.expiry! - before).toBeLessThan(VIP_PERIOD_MS + 60_000);
  });

  it('20 concurrent renewals of one subscription, each a distinct event, each add 30 days (no lost update)', async () => {
    const { who, orderNo } = await withOrder('subscription');
    const sub = `sub_many_${orderNo}`;
    await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo, subscription_id: sub });
    const first = (await stateOf(ctx, who.userId)).expiry!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        deliver(ctx, localEventBody({ type: 'invoice.paid', order_no: orderNo, subscription_id: sub })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const state = await stateOf(ctx, who.userId);
    expect(state.orders).toHaveLength(21);
    expect(state.expiry).toBe(first + 20 * VIP_PERIOD_MS);
    expect(new Set(state.orders.map((o) => o.activation_key)).size).toBe(21);
    // Each renewal order covers its own period: the ends are 30 days apart.
    const ends = state.orders.map((o) => o.period_end!).sort((a, b) => a - b);
    expect(ends.slice(1).map((end, i) => end - ends[i]!)).toEqual(Array(20).fill(VIP_PERIOD_MS));
  });
});

describe('one active subscription per user (decision 0018)', () => {
  const payLocally = (who: Buyer, orderNo: string) =>
    asUser(ctx.app, who.token, {
      method: 'POST',
      url: `/api/vip/local-checkout/${orderNo}`,
      payload: { outcome: 'pay' },
    });

  it('two subscription orders made before either was paid: the second is one period and never renews', async () => {
    const who = await buyer(ctx);
    const first = await pendingOrder(ctx, who, 'subscription');
    const second = await pendingOrder(ctx, who, 'subscription');
    for (const orderNo of [first, second]) expect((await payLocally(who, orderNo)).statusCode).toBe(200);

    const { orders, subscriptions } = await stateOf(ctx, who.userId);
    expect(await comparableState(ctx, who.userId)).toEqual({
      daysLeft: 60,
      orders: ['subscription:paid:key', 'subscription:paid:key'],
      subscriptions: expect.arrayContaining(['active', 'canceled']),
    });
    expect(new Set(orders.map((o) => o.activation_key)).size).toBe(2);
    const active = subscriptions.filter((sub) => sub.status === 'active');
    expect(active.map((sub) => sub.first_order_no)).toEqual([first]);
    const status = (await asUser(ctx.app, who.token, { method: 'GET', url: '/api/vip/status' })).json();
    expect(status).toMatchObject({ auto_renew: true });

    // Both periods fall due: only the active subscription renews.
    await ctx.db.kysely
      .updateTable('vip_subscription')
      .set({ current_period_end: Date.now() - 1000 })
      .where('user_id', '=', who.userId)
      .execute();
    await ctx.services.vip.renewDue();
    const renewals = (await stateOf(ctx, who.userId)).orders.filter((o) => o.renews_order_no !== null);
    expect(renewals.map((o) => o.renews_order_no)).toEqual([first]);

    // While one is active, asking for another is refused up front.
    const again = await asUser(ctx.app, who.token, { method: 'GET', url: '/api/vip/subscribe?mode=subscription' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: VIP_ERRORS.alreadySubscribed });
  });

  it('two first payments landing at once leave one active subscription', async () => {
    const who = await buyer(ctx);
    const orderNos = [await pendingOrder(ctx, who, 'subscription'), await pendingOrder(ctx, who, 'subscription')];
    await Promise.all(
      orderNos.map((orderNo) =>
        sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo, subscription_id: `sub_both_${orderNo}` }),
      ),
    );
    const state = await comparableState(ctx, who.userId);
    expect(state.daysLeft).toBe(60);
    expect(state.subscriptions.sort()).toEqual(['active', 'canceled']);
  });

  it('a renewal before its checkout cannot make a second active subscription either', async () => {
    const who = await buyer(ctx);
    const first = await pendingOrder(ctx, who, 'subscription');
    const second = await pendingOrder(ctx, who, 'subscription');
    await sendEvent(ctx, { type: 'checkout.completed', order_no: first, subscription_id: `sub_a_${first}` });
    await sendEvent(ctx, { type: 'invoice.paid', order_no: second, subscription_id: `sub_b_${second}` });
    await sendEvent(ctx, { type: 'checkout.completed', order_no: second, subscription_id: `sub_b_${second}` });
    const { subscriptions } = await stateOf(ctx, who.userId);
    expect(subscriptions.filter((sub) => sub.status === 'active').map((sub) => sub.first_order_no)).toEqual([first]);
    expect((await comparableState(ctx, who.userId)).daysLeft).toBe(90);
  });
});

describe('events out of order end in the same state as in order', () => {
  /** Runs `events(first order)` for a fresh buyer with a subscription order; the comparable state afterwards. */
  async function run(
    mode: 'once' | 'subscription',
    events: (orderNo: string, sub: string) => Parameters<typeof sendEvent>[1][],
  ) {
    const { who, orderNo } = await withOrder(mode);
    for (const event of events(orderNo, `sub_o_${orderNo}`)) await sendEvent(ctx, event);
    return { state: await comparableState(ctx, who.userId), full: await stateOf(ctx, who.userId) };
  }

  it('renewal before checkout', async () => {
    const checkout = (o: string, s: string) => ({
      type: 'checkout.completed' as const,
      order_no: o,
      subscription_id: s,
    });
    const renewal = (o: string, s: string) => ({ type: 'invoice.paid' as const, order_no: o, subscription_id: s });
    const inOrder = await run('subscription', (o, s) => [checkout(o, s), renewal(o, s)]);
    const reordered = await run('subscription', (o, s) => [renewal(o, s), checkout(o, s)]);
    expect(inOrder.state).toEqual({
      daysLeft: 60,
      orders: ['renewal:paid:key', 'subscription:paid:key'],
      subscriptions: ['active'],
    });
    expect(reordered.state).toEqual(inOrder.state);
    // The subscription's next renewal is the end of the last period paid, whichever event came first.
    for (const { full } of [inOrder, reordered]) expect(full.subscriptions[0]!.current_period_end).toBe(full.expiry);
  });

  it('refund before paid: refunded, no key, no days; the later payment changes nothing', async () => {
    const paid = (o: string) => ({ type: 'checkout.completed' as const, order_no: o });
    const refund = (o: string) => ({ type: 'charge.refunded' as const, order_no: o });
    const inOrder = await run('once', (o) => [paid(o), refund(o)]);
    const reordered = await run('once', (o) => [refund(o), paid(o)]);
    expect(inOrder.state).toEqual({ daysLeft: 0, orders: ['once:refunded:no key'], subscriptions: [] });
    expect(reordered.state).toEqual(inOrder.state);
    expect(reordered.full.orders[0]!.paid_at).toBeNull();
  });

  it('cancellation before checkout: the subscription never renews', async () => {
    const checkout = (o: string, s: string) => ({
      type: 'checkout.completed' as const,
      order_no: o,
      subscription_id: s,
    });
    const cancel = (o: string, s: string) => ({
      type: 'subscription.canceled' as const,
      order_no: o,
      subscription_id: s,
    });
    const inOrder = await run('subscription', (o, s) => [checkout(o, s), cancel(o, s)]);
    const reordered = await run('subscription', (o, s) => [cancel(o, s), checkout(o, s)]);
    expect(inOrder.state).toEqual({ daysLeft: 30, orders: ['subscription:paid:key'], subscriptions: ['canceled'] });
    expect(reordered.state).toEqual(inOrder.state);
  });

  it('checkout, failure, renewal and cancellation end alike in four different orders', async () => {
    type Make = (o: string, s: string) => Parameters<typeof sendEvent>[1];
    const make: Make[] = [
      (o, s) => ({ type: 'checkout.completed', order_no: o, subscription_id: s }),
      (o) => ({ type: 'payment.failed', order_no: o }),
      (o, s) => ({ type: 'invoice.paid', order_no: o, subscription_id: s }),
      (o, s) => ({ type: 'subscription.canceled', order_no: o, subscription_id: s }),
    ];
    const orders = [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
      [1, 3, 0, 2],
    ];
    const states = [];
    for (const order of orders)
      states.push((await run('subscription', (o, s) => order.map((i) => make[i]!(o, s)))).state);
    for (const state of states) expect(state).toEqual(states[0]);
    expect(states[0]).toEqual({
      daysLeft: 60,
      orders: ['renewal:paid:key', 'subscription:paid:key'],
      subscriptions: ['canceled'],
    });
  });
});

describe('signatures', () => {
  const STALE = WEBHOOK_TOLERANCE_SECONDS + 30;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('refuses bad and stale signatures with 400, storing and changing nothing', async () => {
    const { who, orderNo } = await withOrder();
    const body = localEventBody({ type: 'checkout.completed', order_no: orderNo });
    const events = await eventCount();
    const cases: [Awaited<ReturnType<typeof deliver>>, string][] = [
      [await deliver(ctx, body, { secret: 'wrong-secret-wrong-secret-wrong-secret' }), VIP_ERRORS.badSignature],
      [await deliver(ctx, body, { signature: 'nonsense' }), VIP_ERRORS.badSignature],
      // Read the clock at each delivery, with a margin: a busy machine can spend seconds between the cases.
      [await deliver(ctx, body, { unixSeconds: nowSeconds() - STALE }), VIP_ERRORS.staleSignature],
      [await deliver(ctx, body, { unixSeconds: nowSeconds() + STALE }), VIP_ERRORS.staleSignature],
      [
        await ctx.app.inject({
          method: 'POST',
          url: '/api/vip/webhook/local',
          headers: { 'content-type': 'application/json' },
          payload: body,
        }),
        VIP_ERRORS.badSignature,
      ],
    ];
    // The signature covers the exact bytes: the same JSON re-spaced is another body.
    const respaced = JSON.stringify(JSON.parse(body), null, 1);
    cases.push([
      await deliver(ctx, respaced, { signature: signLocalEvent(ctx.config.payment.localSecret!, body, nowSeconds()) }),
      VIP_ERRORS.badSignature,
    ]);
    for (const [res, detail] of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
    }
    expect(await eventCount()).toBe(events);
    const state = await stateOf(ctx, who.userId);
    expect(state.expiry).toBeNull();
    expect(state.orders[0]).toMatchObject({ status: 'pending' });
  });

  it('refuses a correctly signed body that is not an event with 422, storing nothing', async () => {
    const events = await eventCount();
    for (const body of [
      '{"id":"evt_x","type":"checkout.completed"',
      JSON.stringify({ id: 'evt_x', type: 'invoice.voided', created: 1, data: { order_no: 'A' } }),
      JSON.stringify({ id: '', type: 'checkout.completed', created: 1, data: { order_no: 'A' } }),
      JSON.stringify({ id: 'evt_x', type: 'checkout.completed', created: 1, data: {} }),
      JSON.stringify({ id: 'evt_\u0000', type: 'checkout.completed', created: 1, data: { order_no: 'A' } }),
      JSON.stringify({ id: 'evt_x', type: 'checkout.completed', created: 1, data: { order_no: 'A\u0000' } }),
    ]) {
      const res = await deliver(ctx, body);
      expect(res.statusCode, body).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    expect(await eventCount()).toBe(events);
  });

  it('answers 404 PAYMENT_PROVIDER_UNKNOWN for any provider but the configured one', async () => {
    for (const provider of ['stripe', 'paypal']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/vip/webhook/${provider}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: VIP_ERRORS.unknownProvider });
    }
  });

  it('takes no amount from an event: a paid order keeps the server price', async () => {
    const { who, orderNo } = await withOrder();
    const body = JSON.stringify({
      id: `evt_amount_${orderNo}`,
      type: 'checkout.completed',
      created: Math.floor(Date.now() / 1000),
      data: { order_no: orderNo, amount: 1, currency: 'JPY' },
      amount: 1,
    });
    await sendEvent(ctx, body);
    expect((await stateOf(ctx, who.userId)).orders[0]).toMatchObject({ status: 'paid', amount: 4000, currency: 'USD' });
  });
});
