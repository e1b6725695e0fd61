/**
 * The console's loggers on a real app and database (SQLite, or PostgreSQL under `npm run test:pg`), with the server's
 * rate limit on (6 catches a minute): who may call, the search, each change with its audit row and its revert, a
 * blocked logger's uploads (403, then 200 once unblocked), a revoked token (401), a hidden time range leaving the
 * heat map and the bait guide exactly and coming back, and refused catches stored and shown by the overview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminLoggerCatchesChange,
  AdminLoggerChange,
  AdminLoggerPage,
  AdminOverview,
  RevertResult,
} from '#shared/contracts/admin';
import { BaitGuideResponse, HeatmapResponse, wireTime } from '#shared/contracts/catches';
import { asUser, bindLogger, signedIn } from '../../test/accounts';
import { ADMIN_TEST_ENV, auditOf, confirmed, operator, type Operator } from '../../test/admin-fixtures';
import { type CatchPlace, catchPlace, validCatch } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: Operator;
let place: CatchPlace;
const MINUTE = 60_000;
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      ...ADMIN_TEST_ENV,
      CATCH_RATE_PER_MINUTE: '6',
      CATCH_RATE_PER_HOUR: '200',
      LOGGER_PROBATION_HOURS: '24',
      LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '1000',
    },
  });
  admin = await operator(ctx);
  place = catchPlace(await ctx.services.catalogue.view());
});
afterAll(() => ctx?.close());

/** A logger registered from an address of its own. */
async function newLogger(player_name?: string): Promise<{ client_id: string; client_token: string }> {
  address += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/c_report/clients',
    payload: player_name ? { player_name } : {},
    remoteAddress: `10.41.${Math.floor(address / 250)}.${address % 250}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const upload = (token: string, items: unknown[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/c_report/catches',
    headers: { authorization: `Bearer ${token}` },
    payload: { items },
  });

const listed = async (query: string) => {
  const res = await admin.call('GET', `/api/admin/loggers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AdminLoggerPage.parse(res.json());
};
const loggerRow = async (id: string) => (await listed(`q=${id}`)).items[0]!;

const revert = async (auditId: number) => {
  const res = await admin.call('POST', `/api/admin/audit/${auditId}/revert`, confirmed());
  expect(res.statusCode, res.body).toBe(200);
  return RevertResult.parse(res.json());
};

describe('who may call', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/admin/loggers'],
    ['POST', '/api/admin/loggers/x/flag', { reason: 'r' }],
    ['POST', '/api/admin/loggers/x/clear', {}],
    ['POST', '/api/admin/loggers/x/block', confirmed()],
    ['POST', '/api/admin/loggers/x/unblock', {}],
    ['POST', '/api/admin/loggers/x/revoke', confirmed()],
    ['POST', '/api/admin/loggers/x/hide', confirmed({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' })],
    ['POST', '/api/admin/loggers/x/restore', { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }],
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
    }
  });

  it('404 for an unknown logger, 403 for a wrong password, 422 for a backwards range', async () => {
    const missing = await admin.call('POST', '/api/admin/loggers/bird_nobody/flag', { reason: 'r' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'ADMIN_LOGGER_NOT_FOUND' });
    const logger = await newLogger();
    const wrong = await admin.call('POST', `/api/admin/loggers/${logger.client_id}/block`, {
      current_password: 'not-it',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'ADMIN_BAD_CURRENT_PASSWORD' });
    expect((await loggerRow(logger.client_id)).blocked_at).toBeNull();
    const backwards = await admin.call(
      'POST',
      `/api/admin/loggers/${logger.client_id}/hide`,
      confirmed({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
    );
    expect(backwards.statusCode).toBe(422);
  });
});

describe('search', () => {
  it("finds a logger by its whole id, by part of its player name or its bound user's nickname, any case", async () => {
    const logger = await newLogger('Zander_Ghost_41');
    const { token } = await signedIn(ctx.app, { nickname: 'Reel_Queen_41' });
    expect((await bindLogger(ctx, token, logger.client_id)).statusCode).toBe(200);
    const byId = await listed(`q=${logger.client_id}`);
    expect(byId.items.map((row) => row.id)).toEqual([logger.client_id]);
    expect(byId.items[0]).toMatchObject({
      player_name: 'Zander_Ghost_41',
      bound_user: { nickname: 'Reel_Queen_41' },
      accepted: 0,
      refused: 0,
      flagged_at: null,
      blocked_at: null,
      active_since: null,
      on_probation: false,
    });
    expect((await listed('q=zander_GHOST')).items.map((row) => row.id)).toEqual([logger.client_id]);
    expect((await listed('q=reel_queen_4')).items.map((row) => row.id)).toEqual([logger.client_id]);
    expect((await listed(`q=${logger.client_id.slice(0, 10)}`)).total).toBe(0);
    expect((await listed('q=%25')).total).toBe(0);
    expect((await listed('page_size=1')).items).toHaveLength(1);
  });
});

describe('flag, clear, block, unblock, revoke', () => {
  it('flags with a reason and clears, each audited and reverted', async () => {
    const logger = await newLogger();
    const flagged = await admin.call('POST', `/api/admin/loggers/${logger.client_id}/flag`, { reason: 'odd spots' });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const flag = AdminLoggerChange.parse(flagged.json());
    expect(flag.logger).toMatchObject({ flag_reason: 'odd spots', flagged_at: expect.any(String) });
    expect((await listed('state=flagged')).items.map((row) => row.id)).toContain(logger.client_id);
    const again = await admin.call('POST', `/api/admin/loggers/${logger.client_id}/flag`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'ADMIN_NO_CHANGE' });

    const [row] = await auditOf(admin, 'logger', logger.client_id);
    expect(row).toMatchObject({
      id: flag.audit_id,
      action: 'logger.flag',
      operator_id: admin.id,
      reason: 'odd spots',
      before: { flagged_at: null, flag_reason: null },
      after: { flag_reason: 'odd spots' },
      reversible: true,
    });
    // A catch stored now is flagged.
    expect((await upload(logger.client_token, [validCatch(place)])).statusCode).toBe(200);
    expect(await loggerRow(logger.client_id)).toMatchObject({ flagged_catches: 1, on_probation: true });

    const cleared = AdminLoggerChange.parse(
      (await admin.call('POST', `/api/admin/loggers/${logger.client_id}/clear`, { reason: 'fine' })).json(),
    );
    expect(cleared.logger.flagged_at).toBeNull();
    // The clear reverted puts the flag back as it was; the flag, as it left the logger again, then reverts too.
    const undone = await revert(cleared.audit_id);
    expect(undone.revert).toMatchObject({ action: 'audit.revert', after: { flag_reason: 'odd spots' } });
    expect((await loggerRow(logger.client_id)).flagged_at).toBe(flag.logger.flagged_at);
    const undoFlag = await admin.call('POST', `/api/admin/audit/${flag.audit_id}/revert`, confirmed());
    expect(undoFlag.statusCode, undoFlag.body).toBe(200);
    expect((await loggerRow(logger.client_id)).flagged_at).toBeNull();
  });

  it('a blocked logger uploads nothing (403 LOGGER_BLOCKED) until unblocked; the block reverts', async () => {
    const logger = await newLogger();
    const blocked = await admin.call('POST', `/api/admin/loggers/${logger.client_id}/block`, confirmed());
    expect(blocked.statusCode, blocked.body).toBe(200);
    const block = AdminLoggerChange.parse(blocked.json());
    expect(block.logger.blocked_at).toEqual(expect.any(String));
    const refused = await upload(logger.client_token, [validCatch(place)]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'LOGGER_BLOCKED' });
    expect((await loggerRow(logger.client_id)).accepted).toBe(0);

    const unblocked = await admin.call('POST', `/api/admin/loggers/${logger.client_id}/unblock`, {});
    expect(unblocked.statusCode).toBe(200);
    expect((await upload(logger.client_token, [validCatch(place)])).statusCode).toBe(200);
    expect((await loggerRow(logger.client_id)).accepted).toBe(1);
    const actions = (await auditOf(admin, 'logger', logger.client_id)).map((row) => row.action);
    expect(actions).toEqual(['logger.unblock', 'logger.block']);

    // The unblock reverted blocks it again.
    await revert(AdminLoggerChange.parse(unblocked.json()).audit_id);
    expect((await upload(logger.client_token, [validCatch(place)])).statusCode).toBe(403);
    // blocked_at is the block's own again, so the block reverts too.
    await revert(block.audit_id);
    expect((await upload(logger.client_token, [validCatch(place)])).statusCode).toBe(200);
  });

  it('revoking the token refuses it from the next request on; not reversible', async () => {
    const logger = await newLogger();
    expect((await upload(logger.client_token, [validCatch(place)])).statusCode).toBe(200);
    const revoked = await admin.call('POST', `/api/admin/loggers/${logger.client_id}/revoke`, confirmed());
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await upload(logger.client_token, [validCatch(place)]);
    expect(after.statusCode).toBe(401);
    const { audit_id } = AdminLoggerChange.parse(revoked.json());
    const [row] = await auditOf(admin, 'logger', logger.client_id);
    expect(row).toMatchObject({ id: audit_id, action: 'logger.revoke', reversible: false });
    const undo = await admin.call('POST', `/api/admin/audit/${audit_id}/revert`, confirmed());
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({ detail: 'ADMIN_NOT_REVERSIBLE' });
  });
});

describe('hiding a time range', () => {
  it('takes exactly its catches out of the heat map and the bait guide; restore and revert bring them back', async () => {
    const logger = await newLogger();
    const start = Math.floor((Date.now() - 5 * 3_600_000) / MINUTE) * MINUTE;
    // Three catches inside the range (minutes apart, under the rate), one after it.
    const times = [0, 10, 20, 90].map((minutes) => start + minutes * MINUTE);
    const res = await upload(
      logger.client_token,
      times.map((time) => validCatch(place, { caught_at: wireTime(time) })),
    );
    expect(res.json()).toMatchObject({ created: 4 });
    const heat = async () =>
      HeatmapResponse.parse(
        (await ctx.app.inject({ url: `/api/heatmap?map_id=${place.mapId}&range=1d&trust=all` })).json(),
      ).total;
    const guide = async () =>
      BaitGuideResponse.parse(
        (await ctx.app.inject({ url: `/api/bait-guide?fish_id=${place.fishId}&trust=all` })).json(),
      ).total;
    const [heatBefore, guideBefore] = [await heat(), await guide()];
    const range = { from: wireTime(start), to: wireTime(start + 60 * MINUTE) };

    const hidden = await admin.call(
      'POST',
      `/api/admin/loggers/${logger.client_id}/hide`,
      confirmed({ ...range, reason: 'fake spots' }),
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const hide = AdminLoggerCatchesChange.parse(hidden.json());
    expect(hide.changed).toBe(3);
    expect(hide.logger).toMatchObject({ accepted: 4, hidden_catches: 3 });
    expect(await heat()).toBe(heatBefore - 3);
    expect(await guide()).toBe(guideBefore - 3);
    const [row] = await auditOf(admin, 'logger', logger.client_id);
    expect(row).toMatchObject({ action: 'logger.hide', after: { ...range, hidden: 3 }, reason: 'fake spots' });
    const nothing = await admin.call('POST', `/api/admin/loggers/${logger.client_id}/hide`, confirmed(range));
    expect(nothing.statusCode).toBe(409);

    const restored = AdminLoggerCatchesChange.parse(
      (await admin.call('POST', `/api/admin/loggers/${logger.client_id}/restore`, range)).json(),
    );
    expect(restored.changed).toBe(3);
    expect(await heat()).toBe(heatBefore);
    expect(await guide()).toBe(guideBefore);

    // The restore reverted hides them again; the hide's revert is then refused only while nothing is hidden.
    await revert(restored.audit_id);
    expect(await heat()).toBe(heatBefore - 3);
    await revert(hide.audit_id);
    expect(await heat()).toBe(heatBefore);
    expect(await guide()).toBe(guideBefore);
  });
});

describe('refused catches', () => {
  it('are stored per logger and reason, and the overview shows them with the flagged loggers', async () => {
    const before = AdminOverview.parse((await admin.call('GET', '/api/admin/overview')).json());
    const count = (o: AdminOverview, reason: string) =>
      o.refused_by_reason?.find((r) => r.reason === reason)?.count ?? 0;
    const logger = await newLogger();
    const minute = Math.floor((Date.now() - 2 * 3_600_000) / MINUTE) * MINUTE;
    // Eight in one minute: two beyond the rate; and one with a fish that does not exist.
    const items = [
      ...Array.from({ length: 8 }, (_, i) => validCatch(place, { caught_at: wireTime(minute + i * 5000) })),
      validCatch(place, { fish_id: 999_999 }),
    ];
    const answer = await upload(logger.client_token, items);
    expect(answer.json()).toMatchObject({ created: 6, invalid: 3 });

    const after = AdminOverview.parse((await admin.call('GET', '/api/admin/overview')).json());
    expect(count(after, 'rate') - count(before, 'rate')).toBe(2);
    expect(count(after, 'fish_id') - count(before, 'fish_id')).toBe(1);
    for (const row of after.refused_by_reason!) {
      expect(row.share).toBeGreaterThan(0);
      expect(row.share).toBeLessThanOrEqual(1);
    }
    expect(after.flagged_loggers! - before.flagged_loggers!).toBe(1);
    expect(await loggerRow(logger.client_id)).toMatchObject({ accepted: 6, refused: 3, flag_reason: 'rate' });
  });
});
