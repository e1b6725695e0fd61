/**
 * The VIP and order routes as the pages use them (issue 12): subscribe → the local test checkout (pay / fail /
 * cancel, delivered as signed webhooks) → the orders, the status and `/users/me`; canceling auto-renewal; rate limits;
 * another user's order; the OpenAPI documentation. Real app, real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, OrderPage, SubscribeResponse, VIP_ERRORS, VIP_PERIOD_MS, VipStatus } from '#shared/contracts/vip';
import { asUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type Buyer, buyer, pendingOrder, sendEvent, stateOf, VIP_TEST_ENV } from '../../test/vip-fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: VIP_TEST_ENV });
});
afterAll(() => ctx?.close());

const get = (who: Buyer, url: string) => asUser(ctx.app, who.token, { method: 'GET', url });
const checkout = (who: Buyer, orderNo: string, outcome: unknown) =>
  asUser(ctx.app, who.token, {
    method: 'POST',
    url: `/api/vip/local-checkout/${orderNo}`,
    payload: { outcome },
  });

describe('GET /api/vip/subscribe', () => {
  it('creates a pending order at the server price and points at the local test checkout', async () => {
    const who = await buyer(ctx);
    // Whatever else the query says, the price is the server's.
    const res = await get(who, '/api/vip/subscribe?mode=once&amount=1&currency=JPY&price=0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = SubscribeResponse.parse(res.json());
    expect(body.checkout_url).toBe(`/vip/checkout?order_no=${body.order_no}`);
    const order = Order.parse((await get(who, `/api/order/${body.order_no}`)).json());
    expect(order).toMatchObject({
      order_no: body.order_no,
      status: 'pending',
      mode: 'once',
      amount: 4000,
      currency: 'USD',
      paid_at: null,
      period_end: null,
      activation_key: null,
      partner_url: ctx.config.partnerUrl,
      provider: 'local',
      renews_order_no: null,
      expires_at: body.expires_at,
    });
    // Without a mode it is a one-time order.
    const plain = SubscribeResponse.parse((await get(who, '/api/vip/subscribe')).json());
    expect((await get(who, `/api/order/${plain.order_no}`)).json().mode).toBe('once');
  });

  it('needs a login, a known mode, and refuses a second auto-renewing subscription', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/vip/subscribe?mode=once' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ detail: 'Unauthorized' });
    const who = await buyer(ctx);
    const bad = await get(who, '/api/vip/subscribe?mode=forever');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['query', 'mode'] });

    const orderNo = await pendingOrder(ctx, who, 'subscription');
    expect((await checkout(who, orderNo, 'pay')).statusCode).toBe(200);
    const again = await get(who, '/api/vip/subscribe?mode=subscription');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: VIP_ERRORS.alreadySubscribed });
    // Buying one more period once is fine.
    expect((await get(who, '/api/vip/subscribe?mode=once')).statusCode).toBe(200);
  });

  it('allows 10 new orders per user a minute, then 429 with Retry-After', async () => {
    const who = await buyer(ctx);
    for (let i = 0; i < 10; i++) expect((await get(who, '/api/vip/subscribe')).statusCode).toBe(200);
    const limited = await get(who, '/api/vip/subscribe');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not limited by it.
    expect((await get(await buyer(ctx), '/api/vip/subscribe')).statusCode).toBe(200);
  });
});

describe('the local test checkout', () => {
  it('pay: the order is paid through the signed webhook, with a key; /users/me and /vip/status show the membership', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const before = Date.now();
    const res = await checkout(who, orderNo, 'pay');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = Order.parse(res.json());
    expect(order).toMatchObject({ order_no: orderNo, status: 'paid' });
    expect(order.activation_key).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/);
    expect(Date.parse(order.paid_at!)).toBeGreaterThanOrEqual(before);
    // It really went through the webhook: the event is stored with its signed raw body.
    const events = await ctx.db.kysely
      .selectFrom('payment_event')
      .selectAll()
      .where('order_no', '=', orderNo)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'local', type: 'checkout.completed' });
    expect(JSON.parse(events[0]!.raw)).toMatchObject({ type: 'checkout.completed', data: { order_no: orderNo } });

    const me = (await get(who, '/api/users/me')).json();
    expect(me).toMatchObject({ is_vip: true, vip_expire_at: order.period_end });
    expect(Date.parse(me.vip_expire_at)).toBeGreaterThanOrEqual(before + VIP_PERIOD_MS);
    const status = VipStatus.parse((await get(who, '/api/vip/status')).json());
    expect(status).toEqual({
      is_vip: true,
      vip_expire_at: me.vip_expire_at,
      auto_renew: false,
      next_renewal_at: null,
      price: { amount: 4000, currency: 'USD', period_days: 30 },
      provider: 'local',
    });

    // Paid: no second payment, failure or cancel.
    for (const outcome of ['pay', 'fail', 'cancel']) {
      const again = await checkout(who, orderNo, outcome);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: VIP_ERRORS.orderNotPending });
    }
    expect((await stateOf(ctx, who.userId)).orders).toHaveLength(1);
  });

  it('pay for a subscription: a new local subscription, auto-renew on until the next renewal', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who, 'subscription');
    const order = Order.parse((await checkout(who, orderNo, 'pay')).json());
    expect(order).toMatchObject({ status: 'paid', mode: 'subscription' });
    const { subscriptions } = await stateOf(ctx, who.userId);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.subscription_id).toMatch(/^sub_local_[0-9a-z]{26}$/);
    expect(VipStatus.parse((await get(who, '/api/vip/status')).json())).toMatchObject({
      is_vip: true,
      auto_renew: true,
      next_renewal_at: order.period_end,
    });
  });

  it('fail: the order fails and no membership is granted', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const res = await checkout(who, orderNo, 'fail');
    expect(res.statusCode).toBe(200);
    expect(Order.parse(res.json())).toMatchObject({ status: 'failed', activation_key: null, paid_at: null });
    expect((await get(who, '/api/users/me')).json()).toMatchObject({ is_vip: false, vip_expire_at: null });
    const events = await ctx.db.kysely
      .selectFrom('payment_event')
      .select('type')
      .where('order_no', '=', orderNo)
      .execute();
    expect(events).toEqual([{ type: 'payment.failed' }]);
  });

  it('cancel: the order is canceled directly, no event, no membership', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const res = await checkout(who, orderNo, 'cancel');
    expect(Order.parse(res.json())).toMatchObject({ status: 'canceled' });
    expect(
      await ctx.db.kysely.selectFrom('payment_event').select('type').where('order_no', '=', orderNo).execute(),
    ).toEqual([]);
    expect((await get(who, '/api/users/me')).json().is_vip).toBe(false);
    expect((await checkout(who, orderNo, 'pay')).statusCode).toBe(409);
  });

  it("answers 404 for another user's or an unknown order, 422 for a bad outcome, 401 for a visitor", async () => {
    const owner = await buyer(ctx);
    const other = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, owner);
    for (const [who, no] of [
      [other, orderNo],
      [owner, 'NO-SUCH-ORDER'],
    ] as const) {
      const res = await checkout(who, no, 'pay');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: VIP_ERRORS.orderNotFound });
    }
    const bad = await checkout(owner, orderNo, 'steal');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'outcome'] });
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: `/api/vip/local-checkout/${orderNo}`,
      payload: { outcome: 'pay' },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await stateOf(ctx, owner.userId)).orders[0]).toMatchObject({ status: 'pending' });
  });
});

describe('orders', () => {
  it('lists the user’s own orders newest first, paged', async () => {
    const who = await buyer(ctx);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await pendingOrder(ctx, who));
    // A second apart, so "newest first" has one answer (orders made in the same millisecond tie).
    for (const [i, orderNo] of made.entries())
      await ctx.db.kysely
        .updateTable('vip_order')
        .set({ created_at: Date.now() - (5 - i) * 1000 })
        .where('order_no', '=', orderNo)
        .execute();
    await pendingOrder(ctx, await buyer(ctx));
    const first = OrderPage.parse((await get(who, '/api/order/list?page=1&page_size=2')).json());
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    const all = OrderPage.parse((await get(who, '/api/order/list?page_size=100')).json());
    expect(all.items.map((o) => o.order_no)).toEqual([...made].reverse());
    expect(first.items.map((o) => o.order_no)).toEqual([made[4], made[3]]);
    const third = OrderPage.parse((await get(who, '/api/order/list?page=3&page_size=2')).json());
    expect(third.items.map((o) => o.order_no)).toEqual([made[0]]);
    const res = await get(who, '/api/order/list');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await get(who, '/api/order/list?page=0')).statusCode).toBe(422);
    expect((await get(who, '/api/order/list?page_size=101')).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/list' })).statusCode).toBe(401);
  });

  it("answers 404 ORDER_NOT_FOUND for another user's order and an unknown one", async () => {
    const owner = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, owner);
    await checkout(owner, orderNo, 'pay');
    const other = await buyer(ctx);
    for (const res of [await get(other, `/api/order/${orderNo}`), await get(owner, '/api/order/NOPE')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: VIP_ERRORS.orderNotFound });
    }
    expect((await get(other, '/api/order/list')).json().total).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${orderNo}` })).statusCode).toBe(401);
    expect((await get(owner, `/api/order/${'x'.repeat(65)}`)).statusCode).toBe(422);
  });
});

describe('POST /api/vip/cancel', () => {
  it('stops auto-renewal; the membership stays until its expiry', async () => {
    const who = await buyer(ctx);
    const none = await asUser(ctx.app, who.token, { method: 'POST', url: '/api/vip/cancel' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: VIP_ERRORS.noSubscription });

    const orderNo = await pendingOrder(ctx, who, 'subscription');
    await checkout(who, orderNo, 'pay');
    const expiry = (await get(who, '/api/users/me')).json().vip_expire_at;
    const res = await asUser(ctx.app, who.token, { method: 'POST', url: '/api/vip/cancel' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(VipStatus.parse(res.json())).toMatchObject({
      is_vip: true,
      vip_expire_at: expiry,
      auto_renew: false,
      next_renewal_at: null,
    });
    expect((await stateOf(ctx, who.userId)).subscriptions[0]).toMatchObject({ status: 'canceled' });
    // The provider's own cancellation event that may follow changes nothing more.
    const sub = (await stateOf(ctx, who.userId)).subscriptions[0]!.subscription_id;
    await sendEvent(ctx, { type: 'subscription.canceled', order_no: orderNo, subscription_id: sub });
    expect((await get(who, '/api/users/me')).json().vip_expire_at).toBe(expiry);
    expect((await asUser(ctx.app, who.token, { method: 'POST', url: '/api/vip/cancel' })).statusCode).toBe(404);
    // A new subscription may start again.
    expect((await get(who, '/api/vip/subscribe?mode=subscription')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/vip/cancel' })).statusCode).toBe(401);
  });
});

describe('documentation', () => {
  // Every route's 503 includes SERVER_OVERLOADED (decision 0027).
  it('documents every VIP route with its security, statuses and a description', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const routes: [string, string, unknown, string[]][] = [
      ['get', '/api/vip/subscribe', [{ bearer: [] }], ['200', '401', '409', '422', '429', '503']],
      ['get', '/api/order/list', [{ bearer: [] }], ['200', '401', '422', '503']],
      ['get', '/api/order/{order_no}', [{ bearer: [] }], ['200', '401', '404', '422', '503']],
      ['post', '/api/order/{order_no}/resume', [{ bearer: [] }], ['200', '401', '404', '409', '422', '429', '503']],
      ['post', '/api/order/{order_no}/cancel', [{ bearer: [] }], ['200', '401', '404', '409', '422', '429', '503']],
      ['get', '/api/vip/status', [{ bearer: [] }], ['200', '401', '503']],
      ['post', '/api/vip/cancel', [{ bearer: [] }], ['200', '401', '404', '503']],
      ['post', '/api/vip/webhook/{provider}', [], ['200', '400', '404', '422', '503']],
      ['post', '/api/vip/local-checkout/{order_no}', [{ bearer: [] }], ['200', '401', '404', '409', '422', '503']],
    ];
    for (const [method, path, security, statuses] of routes) {
      const route = doc.paths[path]?.[method];
      expect(route, path).toBeDefined();
      expect(route.security, path).toEqual(security);
      expect(Object.keys(route.responses).sort(), path).toEqual(statuses);
      expect(route.summary, path).toBeTruthy();
      expect(route.description, path).toBeTruthy();
    }
  });
});
