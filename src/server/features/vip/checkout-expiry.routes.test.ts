/**
 * An unpaid order's checkout (issue 26, decision 0032) through the real app and database, on a clock the test moves:
 * the deadline it gets, `expired` once that has passed (and nothing but a provider's payment can change it then),
 * resuming and canceling an open order (the owner only), and a payment confirmed after the deadline or a cancel,
 * which is credited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Order, OrderPage, ResumeResponse, VIP_ERRORS, VIP_PERIOD_MS } from '#shared/contracts/vip';
import { asUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  type Buyer,
  buyer,
  deliver,
  localEventBody,
  pendingOrder,
  stateOf,
  VIP_TEST_ENV,
} from '../../test/vip-fixtures';

const MINUTE = 60_000;
let ctx: TestContext;
/** The app's clock; each test starts it at the real time and moves it forward. */
let now = Date.now();

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: VIP_TEST_ENV, clock: () => now });
});
afterAll(() => ctx?.close());
beforeEach(() => {
  now = Date.now();
});

const get = (who: Buyer, url: string) => asUser(ctx.app, who.token, { method: 'GET', url });
const post = (who: Buyer, url: string, payload?: object) =>
  asUser(ctx.app, who.token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const order = async (who: Buyer, orderNo: string) => Order.parse((await get(who, `/api/order/${orderNo}`)).json());
const resume = (who: Buyer, orderNo: string) => post(who, `/api/order/${orderNo}/resume`);
const cancel = (who: Buyer, orderNo: string) => post(who, `/api/order/${orderNo}/cancel`);
const pay = (who: Buyer, orderNo: string) => post(who, `/api/vip/local-checkout/${orderNo}`, { outcome: 'pay' });
const storedStatus = async (orderNo: string) =>
  (
    await ctx.db.kysely
      .selectFrom('vip_order')
      .select('status')
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow()
  ).status;

/** Delivers `body`, signed at the app's clock (the local provider judges signatures by it). */
const deliverNow = (body: string) => deliver(ctx, body, { unixSeconds: Math.floor(now / 1000) });
const lateWebhook = (orderNo: string) => deliverNow(localEventBody({ type: 'checkout.completed', order_no: orderNo }));

describe('the checkout deadline', () => {
  it('is 30 minutes (the default) after the order, on the subscribe answer, the order and the list', async () => {
    const who = await buyer(ctx);
    const res = await get(who, '/api/vip/subscribe?mode=once');
    expect(res.statusCode).toBe(200);
    const { order_no, expires_at } = ResumeResponse.parse(res.json());
    expect(Date.parse(expires_at)).toBe(now + 30 * MINUTE);
    expect(await order(who, order_no)).toMatchObject({ status: 'pending', expires_at });
    const list = OrderPage.parse((await get(who, '/api/order/list')).json());
    expect(list.items[0]).toMatchObject({ order_no, status: 'pending', expires_at });
  });

  it('expires the order at its deadline: shown expired, refused by the test checkout, resume and cancel', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const deadline = Date.parse((await order(who, orderNo)).expires_at!);

    now = deadline - 1;
    expect((await order(who, orderNo)).status).toBe('pending');
    now = deadline;
    expect((await order(who, orderNo)).status).toBe('expired');
    const list = OrderPage.parse((await get(who, '/api/order/list')).json());
    expect(list.items.find((item) => item.order_no === orderNo)?.status).toBe('expired');

    for (const late of [pay(who, orderNo), resume(who, orderNo), cancel(who, orderNo)]) {
      const res = await late;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: VIP_ERRORS.orderExpired });
    }
    // Nothing was paid nor stored over: the row is still the pending one a late payment can settle.
    expect(await order(who, orderNo)).toMatchObject({ status: 'expired', activation_key: null, paid_at: null });
    expect(await storedStatus(orderNo)).toBe('pending');
    expect((await stateOf(ctx, who.userId)).expiry).toBeNull();
  });
});

describe('POST /api/order/{order_no}/resume', () => {
  it('answers the same checkout and deadline for an open order, changing nothing', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const before = await order(who, orderNo);
    now += 29 * MINUTE;
    const res = await resume(who, orderNo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ResumeResponse.parse(res.json())).toEqual({
      order_no: orderNo,
      checkout_url: `/vip/checkout?order_no=${orderNo}`,
      expires_at: before.expires_at,
    });
    expect(await order(who, orderNo)).toEqual(before);
    // And it can still be paid there.
    expect(Order.parse((await pay(who, orderNo)).json()).status).toBe('paid');
    const paid = await resume(who, orderNo);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ detail: VIP_ERRORS.orderNotPending });
  });
});

describe('POST /api/order/{order_no}/cancel', () => {
  it('cancels an open order, which can then be neither paid, resumed nor canceled again', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const res = await cancel(who, orderNo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Order.parse(res.json())).toMatchObject({ order_no: orderNo, status: 'canceled', activation_key: null });
    for (const again of [cancel(who, orderNo), resume(who, orderNo), pay(who, orderNo)]) {
      const refused = await again;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: VIP_ERRORS.orderNotPending });
    }
    // Still canceled once its deadline has passed: a closed order does not turn expired.
    now += 31 * MINUTE;
    expect((await order(who, orderNo)).status).toBe('canceled');
  });
});

describe('only the owner acts on an order', () => {
  it("answers 404 for another user's order and an unknown one, 401 without a login, 422 for a bad number", async () => {
    const owner = await buyer(ctx);
    const other = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, owner);
    for (const act of [resume, cancel]) {
      for (const [who, no] of [
        [other, orderNo],
        [owner, 'VIP-NO-SUCH-ORDER'],
      ] as const) {
        const res = await act(who, no);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: VIP_ERRORS.orderNotFound });
      }
      const visitor = await ctx.app.inject({ method: 'POST', url: `/api/order/${orderNo}/cancel` });
      expect(visitor.statusCode).toBe(401);
      const bad = await act(owner, 'X'.repeat(65));
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail[0]).toMatchObject({ loc: ['path', 'order_no'] });
    }
    // The other user's attempts changed nothing.
    expect((await order(owner, orderNo)).status).toBe('pending');
  });

  it('allows 30 resumes and cancels per user a minute, then 429 with Retry-After', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    for (let i = 0; i < 30; i++) expect((await resume(who, orderNo)).statusCode).toBe(200);
    const limited = await cancel(who, orderNo);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await order(who, orderNo)).status).toBe('pending');
    // Another user is not limited by it.
    const other = await buyer(ctx);
    expect((await resume(other, await pendingOrder(ctx, other))).statusCode).toBe(200);
  });
});

describe('a payment the provider confirms after the checkout closed (decision 0032)', () => {
  it('is credited for an expired order: paid, with a key and 30 days from the payment', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    now += 2 * 60 * MINUTE;
    expect((await order(who, orderNo)).status).toBe('expired');

    const body = localEventBody({ type: 'checkout.completed', order_no: orderNo });
    const res = await deliverNow(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const paid = await order(who, orderNo);
    expect(paid).toMatchObject({ status: 'paid', paid_at: new Date(now).toISOString() });
    expect(paid.activation_key).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/);
    expect((await stateOf(ctx, who.userId)).expiry).toBe(now + VIP_PERIOD_MS);
    // Once: the provider's redelivery adds nothing.
    const paidAt = now;
    now += MINUTE;
    expect((await deliverNow(body)).json()).toEqual({ received: true, duplicate: true });
    expect((await stateOf(ctx, who.userId)).expiry).toBe(paidAt + VIP_PERIOD_MS);
  });

  it('is credited for an order its owner canceled while the payment was on its way', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    expect((await cancel(who, orderNo)).statusCode).toBe(200);
    now += 5 * MINUTE;
    expect((await lateWebhook(orderNo)).statusCode).toBe(200);
    expect(await order(who, orderNo)).toMatchObject({ status: 'paid' });
    expect((await stateOf(ctx, who.userId)).expiry).toBe(now + VIP_PERIOD_MS);
  });
});
