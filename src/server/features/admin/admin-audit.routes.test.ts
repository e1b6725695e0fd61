/**
 * The audit log and the overview on a real app and database: the log's rows cannot be changed or deleted (the
 * database refuses, whoever asks), its filters (operator by id or e-mail, action, target, time) and paging, the
 * revert's refusals, the per-operator limit, and the overview's counts against rows made for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOverview, AdminUserChange, AuditPage } from '#shared/contracts/admin';
import { asUser, signedIn } from '../../test/accounts';
import { ADMIN_TEST_ENV, confirmed, operator, type Operator, paidOrder } from '../../test/admin-fixtures';
import { addLogger, catchRow, insertCatches } from '../../test/log-test-data';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buyer } from '../../test/vip-fixtures';

let ctx: TestContext;
let admin: Operator;
let other: Operator;

beforeAll(async () => {
  ctx = await createTestApp({ env: ADMIN_TEST_ENV });
  admin = await operator(ctx);
  other = await operator(ctx);
});
afterAll(() => ctx?.close());

const log = async (query: string, who = admin) => {
  const res = await who.call('GET', `/api/admin/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AuditPage.parse(res.json());
};

async function verified(who: Operator) {
  const { user } = await signedIn(ctx.app);
  return { user, change: AdminUserChange.parse((await who.call('POST', `/api/admin/users/${user.id}/verify`)).json()) };
}

describe('the audit log', () => {
  it('is append-only: the database refuses to change or delete a row', async () => {
    const { change } = await verified(admin);
    const rows = ctx.db.kysely.selectFrom('admin_audit').where('id', '=', change.audit_id);
    await expect(
      ctx.db.kysely.updateTable('admin_audit').set({ reason: 'rewritten' }).where('id', '=', change.audit_id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.kysely.deleteFrom('admin_audit').where('id', '=', change.audit_id).execute()).rejects.toThrow(
      /append-only/,
    );
    expect((await rows.select('reason').executeTakeFirstOrThrow()).reason).toBeNull();
  });

  it('filters by operator (id or e-mail, any case), action, target and time; newest first, paged', async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    const mine = await verified(admin);
    const theirs = await verified(other);
    const byId = await log(`operator=${other.id}`);
    expect(byId.items.map((r) => r.id)).toContain(theirs.change.audit_id);
    expect(byId.items.every((r) => r.operator_id === other.id)).toBe(true);
    const byMail = await log(`operator=${encodeURIComponent(other.email.toUpperCase())}`);
    expect(byMail.items.map((r) => r.id)).toEqual(byId.items.map((r) => r.id));

    const target = await log(`target_type=user&target_id=${mine.user.id}`);
    expect(target.items.map((r) => r.id)).toEqual([mine.change.audit_id]);
    const action = await log(`action=user.verify&from=${encodeURIComponent(start)}`);
    expect(action.items.map((r) => r.id).slice(0, 2)).toEqual([theirs.change.audit_id, mine.change.audit_id]);
    const none = await log(`action=user.verify&to=${encodeURIComponent(start)}`);
    expect(none.items.map((r) => r.id)).not.toContain(mine.change.audit_id);

    const paged = await log('page_size=1&page=2');
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect((await admin.call('GET', '/api/admin/audit?action=user.delete')).statusCode).toBe(422);
  });

  it('refuses to revert an unknown row (404) and a revert (409); a wrong password changes nothing', async () => {
    expect((await admin.call('POST', '/api/admin/audit/99999999/revert', confirmed())).statusCode).toBe(404);
    const { user, change } = await verified(admin);
    const wrong = await admin.call('POST', `/api/admin/audit/${change.audit_id}/revert`, { current_password: 'x' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'ADMIN_BAD_CURRENT_PASSWORD' });
    const revert = await other.call(
      'POST',
      `/api/admin/audit/${change.audit_id}/revert`,
      confirmed({ reason: 'oops' }),
    );
    expect(revert.statusCode).toBe(200);
    const { revert: row } = revert.json<{ revert: { id: number } }>();
    const ofRevert = await admin.call('POST', `/api/admin/audit/${row.id}/revert`, confirmed());
    expect(ofRevert.statusCode).toBe(409);
    expect(ofRevert.json()).toEqual({ detail: 'ADMIN_NOT_REVERSIBLE' });
    // The revert is the other operator's row, on the same target.
    const [last] = (await log(`target_type=user&target_id=${user.id}`)).items;
    expect(last).toMatchObject({
      action: 'audit.revert',
      operator_id: other.id,
      reverts: change.audit_id,
      reason: 'oops',
    });
  });
});

describe('guards and limits', () => {
  it('every console route is no-store, 401 without a token and 403 for a player', async () => {
    const { token } = await signedIn(ctx.app);
    for (const url of ['/api/admin/overview', '/api/admin/audit']) {
      const anonymous = await ctx.app.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const player = await asUser(ctx.app, token, { method: 'GET', url });
      expect(player.statusCode).toBe(403);
      const ok = await admin.call('GET', url);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
    }
    const revert = await asUser(ctx.app, token, {
      method: 'POST',
      url: '/api/admin/audit/1/revert',
      payload: confirmed(),
    });
    expect(revert.statusCode).toBe(403);
  });

  it('limits each operator to ADMIN_PER_MINUTE requests a minute (429 with Retry-After)', async () => {
    const limited = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000', ADMIN_PER_MINUTE: '3' } });
    try {
      const boss = await operator(limited);
      for (let i = 0; i < 3; i++) expect((await boss.call('GET', '/api/admin/audit')).statusCode).toBe(200);
      const over = await boss.call('GET', '/api/admin/overview');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ detail: 'RATE_LIMITED' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await (await operator(limited)).call('GET', '/api/admin/audit')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the overview', () => {
  it('counts catches per hour, active loggers, unanswered questions, orders by status, users and VIPs', async () => {
    const before = AdminOverview.parse((await admin.call('GET', '/api/admin/overview')).json());
    expect(before.catches_per_hour).toHaveLength(24);
    // Refusals and flags: admin-loggers.routes.test.ts, which makes them.
    expect(before.refused_by_reason).toEqual(expect.any(Array));
    expect(before.flagged_loggers).toEqual(expect.any(Number));

    const now = Date.now();
    const hourStart = Math.floor(now / 3_600_000) * 3_600_000;
    const logger = await addLogger(ctx.db.kysely);
    await ctx.db.kysely
      .updateTable('logger_client')
      .set({ last_seen_at: new Date(now - 60_000).toISOString() })
      .where('client_id', '=', logger)
      .execute();
    await insertCatches(ctx.db.kysely, [
      catchRow(logger, { caught_at: now - 1000 }),
      catchRow(logger, { caught_at: hourStart - 1000 }),
      catchRow(logger, { caught_at: hourStart - 1000 }),
      // Outside the 24 hours.
      catchRow(logger, { caught_at: hourStart - 24 * 3_600_000 - 1 }),
    ]);
    await ctx.app.inject({ method: 'POST', url: '/api/ai/ask', payload: { question: 'zzqx flibber?' } });
    const who = await buyer(ctx);
    await paidOrder(ctx, who);

    const after = AdminOverview.parse((await admin.call('GET', '/api/admin/overview')).json());
    const delta = (pick: (o: AdminOverview) => number) => pick(after) - pick(before);
    expect(after.catches_per_hour.at(-1)!.hour).toBe(new Date(hourStart).toISOString().replace('.000Z', 'Z'));
    expect(after.catches_per_hour.at(-1)!.count - before.catches_per_hour.at(-1)!.count).toBe(1);
    expect(after.catches_per_hour.at(-2)!.count - before.catches_per_hour.at(-2)!.count).toBe(2);
    expect(delta((o) => o.catches_24h)).toBe(3);
    expect(delta((o) => o.active_loggers_24h)).toBe(1);
    expect(delta((o) => o.ai_questions_24h)).toBe(1);
    expect(delta((o) => o.ai_unanswered_24h)).toBe(1);
    expect(delta((o) => o.orders_by_status.paid)).toBe(1);
    expect(delta((o) => o.users_total)).toBe(1);
    expect(delta((o) => o.vip_active)).toBe(1);
  });
});
