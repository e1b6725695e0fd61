/**
 * The console's users on a real app and database (SQLite, or PostgreSQL under `npm run test:pg`): who may call, the
 * search, a user's orders, deactivation (password asked again, tokens revoked, never oneself), reactivation,
 * verification, VIP grants and their revert, and a refund through the local provider — each change with its audit
 * row, and the reverts that undo them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRefund, AdminUserChange, AdminUserDetail, AdminUserPage, RevertResult } from '#shared/contracts/admin';
import { asUser, PASSWORD, signedIn } from '../../test/accounts';
import { ADMIN_TEST_ENV, auditOf, confirmed, operator, type Operator, paidOrder } from '../../test/admin-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buyer, DAY, pendingOrder, stateOf } from '../../test/vip-fixtures';

let ctx: TestContext;
let admin: Operator;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: ADMIN_TEST_ENV });
  admin = await operator(ctx);
});
afterAll(() => ctx?.close());

const me = (token: string) => asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' });

describe('who may call the console', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/x'],
    ['POST', '/api/admin/users/x/deactivate', confirmed()],
    ['POST', '/api/admin/users/x/reactivate', {}],
    ['POST', '/api/admin/users/x/verify', {}],
    ['POST', '/api/admin/users/x/vip', { days: 3, reason: 'r' }],
    ['POST', '/api/admin/orders/x/refund', confirmed()],
  ];

  it('401 without a token, 403 for a user who is not a superuser; never cached', async () => {
    const { token } = await signedIn(ctx.app);
    for (const [method, url, payload] of routes) {
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const player = await asUser(ctx.app, token, { method: method as 'GET', url, payload });
      expect(player.statusCode, `${method} ${url}`).toBe(403);
      expect(player.json()).toEqual({ detail: 'Forbidden' });
      expect(player.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('search and detail', () => {
  it('finds users by part of the e-mail or nickname, any case, and by id; pages', async () => {
    const { user } = await signedIn(ctx.app, { nickname: 'Pike_Whisperer' });
    const byNick = AdminUserPage.parse((await admin.call('GET', '/api/admin/users?q=pike_WHISP')).json());
    expect(byNick.items.map((u) => u.id)).toEqual([user.id]);
    const byMail = AdminUserPage.parse(
      (await admin.call('GET', `/api/admin/users?q=${encodeURIComponent(user.email.toUpperCase())}`)).json(),
    );
    expect(byMail.items.map((u) => u.id)).toEqual([user.id]);
    const byId = AdminUserPage.parse((await admin.call('GET', `/api/admin/users?q=${user.id}`)).json());
    expect(byId.items[0]).toMatchObject({ id: user.id, nickname: 'Pike_Whisperer', is_active: true });
    // `%` and `_` are letters here, not patterns.
    const literal = AdminUserPage.parse((await admin.call('GET', '/api/admin/users?q=%25')).json());
    expect(literal.total).toBe(0);
    const all = AdminUserPage.parse((await admin.call('GET', '/api/admin/users?page_size=1')).json());
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('one user with their orders; 404 for an unknown id', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const detail = AdminUserDetail.parse((await admin.call('GET', `/api/admin/users/${who.userId}`)).json());
    expect(detail.orders.map((o) => o.order_no)).toEqual([orderNo]);
    expect(detail.auto_renew).toBe(false);
    const missing = await admin.call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'ADMIN_USER_NOT_FOUND' });
  });
});

describe('deactivate and reactivate', () => {
  it('asks for the password again (403, counted), refuses oneself, revokes every token, and is audited', async () => {
    const { user, token } = await signedIn(ctx.app);
    const url = `/api/admin/users/${user.id}/deactivate`;

    const wrong = await admin.call('POST', url, { current_password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'ADMIN_BAD_CURRENT_PASSWORD' });
    const missing = await admin.call('POST', url, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].loc).toEqual(['body', 'current_password']);
    expect((await me(token)).statusCode).toBe(200);

    const self = await admin.call('POST', `/api/admin/users/${admin.id}/deactivate`, confirmed());
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ detail: 'ADMIN_SELF' });

    const done = await admin.call('POST', url, confirmed({ reason: 'spam bot' }));
    expect(done.statusCode).toBe(200);
    const change = AdminUserChange.parse(done.json());
    expect(change.user.is_active).toBe(false);
    expect((await me(token)).statusCode).toBe(401);

    const again = await admin.call('POST', url, confirmed());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'ADMIN_NO_CHANGE' });

    const [row] = await auditOf(admin, 'user', user.id);
    expect(row).toMatchObject({
      id: change.audit_id,
      operator_id: admin.id,
      operator_email: admin.email,
      action: 'user.deactivate',
      reason: 'spam bot',
      before: { is_active: true },
      after: { is_active: false },
      reversible: true,
      reverted_by: null,
    });

    // Reverted from the log: active again, the revert in the log too; the old token stays revoked.
    const revert = await admin.call('POST', `/api/admin/audit/${change.audit_id}/revert`, confirmed());
    expect(revert.statusCode).toBe(200);
    const { revert: revertRow, reverted } = RevertResult.parse(revert.json());
    expect(revertRow).toMatchObject({ action: 'audit.revert', reverts: change.audit_id, target_id: user.id });
    expect(reverted.reverted_by).toBe(revertRow.id);
    expect((await me(token)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: user.email, password: PASSWORD }).toString(),
    });
    expect(login.statusCode).toBe(200);

    const twice = await admin.call('POST', `/api/admin/audit/${change.audit_id}/revert`, confirmed());
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'ADMIN_ALREADY_REVERTED' });
  });

  it('reactivates, and a revert that would undo a later change is refused', async () => {
    const { user } = await signedIn(ctx.app);
    const off = AdminUserChange.parse(
      (await admin.call('POST', `/api/admin/users/${user.id}/deactivate`, confirmed())).json(),
    );
    const on = await admin.call('POST', `/api/admin/users/${user.id}/reactivate`, { reason: 'appeal accepted' });
    expect(on.statusCode).toBe(200);
    expect(AdminUserChange.parse(on.json()).user.is_active).toBe(true);
    const noop = await admin.call('POST', `/api/admin/users/${user.id}/reactivate`);
    expect(noop.statusCode).toBe(409);

    // The deactivation is no longer the user's state: reverting it would undo the reactivation.
    const stale = await admin.call('POST', `/api/admin/audit/${off.audit_id}/revert`, confirmed());
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatchObject({ code: 'ADMIN_REVERT_CONFLICT' });
  });

  it('marks verified, reversibly', async () => {
    const { user } = await signedIn(ctx.app);
    const res = await admin.call('POST', `/api/admin/users/${user.id}/verify`, {});
    expect(res.statusCode).toBe(200);
    const change = AdminUserChange.parse(res.json());
    expect(change.user.is_verified).toBe(true);
    expect((await admin.call('POST', `/api/admin/users/${user.id}/verify`, {})).statusCode).toBe(409);
    expect((await admin.call('POST', `/api/admin/audit/${change.audit_id}/revert`, confirmed())).statusCode).toBe(200);
    const after = AdminUserDetail.parse((await admin.call('GET', `/api/admin/users/${user.id}`)).json());
    expect(after.user.is_verified).toBe(false);
    expect((await admin.call('POST', '/api/admin/users/nobody/verify', {})).statusCode).toBe(404);
  });
});

describe('VIP grants', () => {
  it('adds days to the later of now and the expiry, needs a reason, and its revert puts the expiry back', async () => {
    const { user } = await signedIn(ctx.app);
    const url = `/api/admin/users/${user.id}/vip`;
    expect((await admin.call('POST', url, { days: 10 })).statusCode).toBe(422);
    expect((await admin.call('POST', url, { days: 10, reason: '' })).statusCode).toBe(422);
    expect((await admin.call('POST', url, { days: 0, reason: 'x' })).statusCode).toBe(422);
    expect((await admin.call('POST', url, { days: 3651, reason: 'x' })).statusCode).toBe(422);

    const first = AdminUserChange.parse((await admin.call('POST', url, { days: 10, reason: 'contest prize' })).json());
    expect(first.user.is_vip).toBe(true);
    const afterFirst = Date.parse(first.user.vip_expire_at!);
    expect(Math.round((afterFirst - Date.now()) / DAY)).toBe(10);
    const second = AdminUserChange.parse((await admin.call('POST', url, { days: 5, reason: 'bug report' })).json());
    expect(Date.parse(second.user.vip_expire_at!) - afterFirst).toBe(5 * DAY);

    const [row] = await auditOf(admin, 'user', user.id);
    expect(row).toMatchObject({
      action: 'vip.grant',
      reason: 'bug report',
      before: { vip_expire_at: first.user.vip_expire_at },
      after: { vip_expire_at: second.user.vip_expire_at, days: 5 },
    });

    expect((await admin.call('POST', `/api/admin/audit/${second.audit_id}/revert`, confirmed())).statusCode).toBe(200);
    expect((await stateOf(ctx, user.id)).expiry).toBe(afterFirst);
    expect((await admin.call('POST', `/api/admin/audit/${first.audit_id}/revert`, confirmed())).statusCode).toBe(200);
    expect((await stateOf(ctx, user.id)).expiry).toBeNull();
    expect((await admin.call('POST', '/api/admin/users/nobody/vip', { days: 1, reason: 'x' })).statusCode).toBe(404);
  });

  it("takes a grant's days back from an expiry a payment moved since, never before now", async () => {
    const who = await buyer(ctx);
    const grant = AdminUserChange.parse(
      (await admin.call('POST', `/api/admin/users/${who.userId}/vip`, { days: 7, reason: 'gift' })).json(),
    );
    await paidOrder(ctx, who);
    const paid = (await stateOf(ctx, who.userId)).expiry!;
    expect(Math.round((paid - Date.now()) / DAY)).toBe(37);
    expect((await admin.call('POST', `/api/admin/audit/${grant.audit_id}/revert`, confirmed())).statusCode).toBe(200);
    expect((await stateOf(ctx, who.userId)).expiry).toBe(paid - 7 * DAY);
  });
});

describe('refunds', () => {
  it('refunds a paid order through the local provider: key revoked, days taken back, audited; not reversible', async () => {
    const who = await buyer(ctx);
    const orderNo = await paidOrder(ctx, who);
    expect(Math.round(((await stateOf(ctx, who.userId)).expiry! - Date.now()) / DAY)).toBe(30);
    const url = `/api/admin/orders/${orderNo}/refund`;

    expect((await admin.call('POST', url, { current_password: 'nope' })).statusCode).toBe(403);
    expect((await stateOf(ctx, who.userId)).orders[0]!.status).toBe('paid');

    const res = await admin.call('POST', url, confirmed({ reason: 'chargeback threat' }));
    expect(res.statusCode).toBe(200);
    const { order, audit_id } = AdminRefund.parse(res.json());
    expect(order).toMatchObject({ order_no: orderNo, status: 'refunded', activation_key: null });
    const state = await stateOf(ctx, who.userId);
    expect(state.expiry! - Date.now()).toBeLessThan(60_000);
    const events = await ctx.db.kysely
      .selectFrom('payment_event')
      .select(['type', 'event_id'])
      .where('order_no', '=', orderNo)
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual(['charge.refunded', 'checkout.completed']);

    const [row] = await auditOf(admin, 'order', orderNo);
    expect(row).toMatchObject({
      id: audit_id,
      action: 'order.refund',
      reversible: false,
      before: { status: 'paid' },
      after: { status: 'refunded', activation_key: null },
    });
    const revert = await admin.call('POST', `/api/admin/audit/${audit_id}/revert`, confirmed());
    expect(revert.statusCode).toBe(409);
    expect(revert.json()).toEqual({ detail: 'ADMIN_NOT_REVERSIBLE' });

    const again = await admin.call('POST', url, confirmed());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'ORDER_NOT_REFUNDABLE' });
    expect((await admin.call('POST', '/api/admin/orders/NOPE/refund', confirmed())).statusCode).toBe(404);
  });

  it('refuses an order that is not paid', async () => {
    const who = await buyer(ctx);
    const orderNo = await pendingOrder(ctx, who);
    const res = await admin.call('POST', `/api/admin/orders/${orderNo}/refund`, confirmed());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'ORDER_NOT_REFUNDABLE' });
  });
});
