/**
 * The local provider's renewals (issue 12): `VipService.renewDue` (the server's hourly job) and
 * `npm run vip:renew-due` run as an operator runs it. A renewal is a signed `invoice.paid` with a fixed id per
 * (subscription, period): running twice, or two runs at once, renews each period once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VIP_PERIOD_MS } from '#shared/contracts/vip';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import type { Database } from '../../db/schema';
import { asUser } from '../../test/accounts';
import { cliPgUrl, cliTarget, pgAdmin, runCli } from '../../test/cli-sandbox';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type Buyer, buyer, pendingOrder, stateOf, VIP_TEST_ENV } from '../../test/vip-fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: VIP_TEST_ENV });
});
afterAll(() => ctx?.close());

/** A buyer with a paid local subscription: its first order and subscription id. */
async function subscribed(): Promise<{ who: Buyer; orderNo: string; subscriptionId: string }> {
  const who = await buyer(ctx);
  const orderNo = await pendingOrder(ctx, who, 'subscription');
  const paid = await asUser(ctx.app, who.token, {
    method: 'POST',
    url: `/api/vip/local-checkout/${orderNo}`,
    payload: { outcome: 'pay' },
  });
  expect(paid.statusCode).toBe(200);
  const { subscriptions } = await stateOf(ctx, who.userId);
  return { who, orderNo, subscriptionId: subscriptions[0]!.subscription_id };
}

/** Makes the subscription's renewal fall due at `at`. */
const dueAt = (subscriptionId: string, at: number) =>
  ctx.db.kysely
    .updateTable('vip_subscription')
    .set({ current_period_end: at })
    .where('subscription_id', '=', subscriptionId)
    .execute();

describe('renewDue', () => {
  it('renews a due subscription once: a new paid order with a key and 30 more days; running again does nothing', async () => {
    const { who, orderNo, subscriptionId } = await subscribed();
    const paidUntil = (await stateOf(ctx, who.userId)).expiry!;
    // Not due yet: nothing happens.
    expect((await ctx.services.vip.renewDue()).renewed).toBe(0);

    await dueAt(subscriptionId, Date.now() - 1000);
    const first = await ctx.services.vip.renewDue();
    expect(first.failed).toBe(0);
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    const state = await stateOf(ctx, who.userId);
    expect(state.orders).toHaveLength(2);
    const renewal = state.orders.find((o) => o.order_no !== orderNo)!;
    expect(renewal).toMatchObject({ status: 'paid', renews_order_no: orderNo, subscription_id: subscriptionId });
    expect(renewal.activation_key).not.toBeNull();
    expect(state.expiry).toBe(paidUntil + VIP_PERIOD_MS);
    // The next renewal is the end of the period just paid: not due any more.
    expect(state.subscriptions[0]!.current_period_end).toBe(state.expiry);

    await ctx.services.vip.renewDue();
    expect((await stateOf(ctx, who.userId)).orders).toHaveLength(2);
    const events = await ctx.db.kysely
      .selectFrom('payment_event')
      .select(['event_id', 'type'])
      .where('subscription_id', '=', subscriptionId)
      .where('type', '=', 'invoice.paid')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.event_id).toMatch(new RegExp(`^evt_renew_${subscriptionId}_\\d+$`));
  });

  it('names each period by a fixed event id: a run that saw the same period due renews nothing again', async () => {
    const { who, subscriptionId } = await subscribed();
    const due = Date.now() - 1000;
    await dueAt(subscriptionId, due);
    await ctx.services.vip.renewDue();
    const renewed = await stateOf(ctx, who.userId);
    // A second instance read the due list before the first committed: it emits the same event id, a duplicate.
    await dueAt(subscriptionId, due);
    const again = await ctx.services.vip.renewDue();
    expect(again.failed).toBe(0);
    const state = await stateOf(ctx, who.userId);
    expect(state.orders).toHaveLength(renewed.orders.length);
    expect(state.expiry).toBe(renewed.expiry);
  });

  it('two runs at once renew once', async () => {
    const { who, subscriptionId } = await subscribed();
    const paidUntil = (await stateOf(ctx, who.userId)).expiry!;
    await dueAt(subscriptionId, Date.now() - 1000);
    await Promise.all([ctx.services.vip.renewDue(), ctx.services.vip.renewDue()]);
    const state = await stateOf(ctx, who.userId);
    expect(state.orders).toHaveLength(2);
    expect(state.expiry).toBe(paidUntil + VIP_PERIOD_MS);
  });

  it('leaves canceled subscriptions alone', async () => {
    const { who, subscriptionId } = await subscribed();
    expect((await asUser(ctx.app, who.token, { method: 'POST', url: '/api/vip/cancel' })).statusCode).toBe(200);
    await dueAt(subscriptionId, Date.now() - 1000);
    await ctx.services.vip.renewDue();
    expect((await stateOf(ctx, who.userId)).orders).toHaveLength(1);
  });
});

describe('npm run vip:renew-due', () => {
  const pgUrl = cliPgUrl;
  let dataDir: string;
  let pgSchema: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-renew-'));
    pgSchema = `t_renew_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  });
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) await pgAdmin(`drop schema if exists ${pgSchema} cascade`);
  });

  async function withDb<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    const db = await openDatabase(cliTarget(dataDir), pgUrl ? { pgSchema } : {});
    try {
      await migrateToLatest(db);
      return await work(db.kysely);
    } finally {
      await db.close();
    }
  }

  it('emits the due renewals once, however often it runs', async () => {
    const now = Date.now();
    const userId = randomUUID();
    const expiry = now - 1000;
    await withDb(async (db) => {
      await db
        .insertInto('users')
        .values({
          id: userId,
          email: 'renew@example.com',
          email_lower: 'renew@example.com',
          hashed_password: 'x',
          is_active: true,
          is_superuser: false,
          is_verified: true,
          nickname: 'renew',
          bio: '',
          vip_expire_at: new Date(expiry).toISOString(),
          locale: 'en',
          token_version: 0,
          created_at: new Date(now).toISOString(),
        })
        .execute();
      await db
        .insertInto('vip_order')
        .values({
          order_no: 'FIRST1',
          user_id: userId,
          mode: 'subscription',
          status: 'paid',
          amount: 4000,
          currency: 'USD',
          provider: 'local',
          subscription_id: 'sub_local_cli',
          created_at: expiry - VIP_PERIOD_MS,
          paid_at: expiry - VIP_PERIOD_MS,
          period_end: expiry,
          activation_key: 'AAAA-BBBB',
          updated_at: expiry - VIP_PERIOD_MS,
        })
        .execute();
      await db
        .insertInto('vip_subscription')
        .values({
          provider: 'local',
          subscription_id: 'sub_local_cli',
          user_id: userId,
          first_order_no: 'FIRST1',
          status: 'active',
          current_period_end: expiry,
          created_at: expiry - VIP_PERIOD_MS,
        })
        .execute();
    });
    const run = () => runCli('src/server/features/vip/renew-due-cli.ts', [], { dataDir, pgSchema });

    const first = await run();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('1 due: 1 renewed, 0 failed');
    const second = await run();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('0 due: 0 renewed, 0 failed');

    await withDb(async (db) => {
      const orders = await db.selectFrom('vip_order').selectAll().orderBy('created_at').execute();
      expect(orders).toHaveLength(2);
      expect(orders[1]).toMatchObject({ status: 'paid', renews_order_no: 'FIRST1', amount: 4000, currency: 'USD' });
      const user = await db.selectFrom('users').select('vip_expire_at').executeTakeFirstOrThrow();
      // The membership had lapsed: the renewal counts from the run, not from the old expiry.
      expect(Date.parse(user.vip_expire_at!)).toBeGreaterThanOrEqual(now + VIP_PERIOD_MS);
    });
  });
});
