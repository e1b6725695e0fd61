/**
 * VIP steps the tests share: a signed-in buyer with a pending order, local events signed as the local provider
 * verifies them and delivered through the real webhook route, and the stored state of a user read back.
 */
import { randomUUID } from 'node:crypto';
import type { LocalEventType } from '#shared/contracts/vip';
import { asUser, signedIn } from './accounts';
import type { TestContext } from './test-app';
import { LOCAL_SIGNATURE_HEADER, signLocalEvent } from '../features/vip/local-provider';

export const DAY = 86_400_000;

/** The env of a VIP test app: accounts are made freely. */
export const VIP_TEST_ENV = { AUTH_IP_PER_MINUTE: '100000' };

export interface Buyer {
  userId: string;
  token: string;
}

export async function buyer(ctx: TestContext): Promise<Buyer> {
  const { user, token } = await signedIn(ctx.app);
  return { userId: user.id, token };
}

/** `GET /api/vip/subscribe`: the new order's number. */
export async function pendingOrder(ctx: TestContext, who: Buyer, mode: 'once' | 'subscription' = 'once') {
  const res = await asUser(ctx.app, who.token, { method: 'GET', url: `/api/vip/subscribe?mode=${mode}` });
  if (res.statusCode !== 200) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  return res.json<{ order_no: string; checkout_url: string }>().order_no;
}

export interface LocalEventInput {
  id?: string;
  type: LocalEventType;
  order_no: string;
  subscription_id?: string;
}

export function localEventBody({ id = `evt_test_${randomUUID()}`, type, order_no, subscription_id }: LocalEventInput) {
  return JSON.stringify({
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { order_no, ...(subscription_id ? { subscription_id } : {}) },
  });
}

/** Delivers a raw body to the local webhook, signed with `secret` at `unixSeconds` (default: the app's secret, now). */
export function deliver(
  ctx: TestContext,
  rawBody: string,
  { secret = ctx.config.payment.localSecret!, unixSeconds = Math.floor(Date.now() / 1000), signature = '' } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/vip/webhook/local',
    headers: {
      'content-type': 'application/json',
      [LOCAL_SIGNATURE_HEADER]: signature || signLocalEvent(secret, rawBody, unixSeconds),
    },
    payload: rawBody,
  });
}

/** Signs and delivers one event; answers the webhook's JSON (and fails the test on anything but 200). */
export async function sendEvent(ctx: TestContext, event: LocalEventInput | string) {
  const body = typeof event === 'string' ? event : localEventBody(event);
  const res = await deliver(ctx, body);
  if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.statusCode} ${res.body}`);
  return res.json<{ received: true; duplicate: boolean }>();
}

/** The user's stored expiry (epoch ms, or null) and orders, oldest first. */
export async function stateOf(ctx: TestContext, userId: string) {
  const user = await ctx.db.kysely
    .selectFrom('users')
    .select('vip_expire_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const orders = await ctx.db.kysely
    .selectFrom('vip_order')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('order_no')
    .execute();
  const subscriptions = await ctx.db.kysely
    .selectFrom('vip_subscription')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return {
    expiry: user.vip_expire_at === null ? null : Date.parse(user.vip_expire_at),
    orders,
    subscriptions,
  };
}

/** Whole days of membership left (0 when none): comparable between runs that happened milliseconds apart. */
export function daysLeft(expiry: number | null): number {
  return expiry === null ? 0 : Math.max(0, Math.round((expiry - Date.now()) / DAY));
}

/** What must be equal however the events were ordered: days left, and each order's status and whether it has a key. */
export async function comparableState(ctx: TestContext, userId: string) {
  const { expiry, orders, subscriptions } = await stateOf(ctx, userId);
  return {
    daysLeft: daysLeft(expiry),
    orders: orders
      .map((o) => `${o.renews_order_no ? 'renewal' : o.mode}:${o.status}:${o.activation_key ? 'key' : 'no key'}`)
      .sort(),
    subscriptions: subscriptions.map((s) => s.status),
  };
}
