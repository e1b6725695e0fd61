/**
 * The alert routes (issue 25, decision 0036) through the real app and database: who may call them (401 visitors,
 * 403 members without VIP on following, a lapsed member's follows kept and listed as dormant), the 201 / 200 of a
 * follow and its duplicate, the 422s of ids the catalogue does not have together, the follow limit, another user's
 * follow as 404, the alert list and marking read, the e-mail setting, and the unsubscribe link (tampered, expired,
 * one-click).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_ERRORS,
  AlertPage,
  AlertSettings,
  Follow,
  FollowList,
  MAX_FOLLOWS_PER_MEMBER,
  UnreadCount,
} from '#shared/contracts/alerts';
import { asUser, signedIn, signedInVip } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { UnsubscribeLinks } from './unsubscribe-links';

let ctx: TestContext;
/** A fish living on two maps or more, one of its maps, and a map it does not live on. */
let fish: { id: number; map: number; foreignMap: number };
/** (fish, map) pairs the fish live on: more than the follow limit. */
let pairs: { fish_id: number; map_id: number | null }[];

beforeAll(async () => {
  ctx = await createTestApp();
  const view = await ctx.services.catalogue.view();
  const found = [...view.fish.values()].find((f) => f.data.maps.length >= 2)!;
  const foreignMap = [...view.maps.keys()].find((m) => !found.data.maps.includes(m))!;
  fish = { id: found.id, map: found.data.maps[0]!, foreignMap };
  pairs = [...view.fish.values()].flatMap((f) => [
    { fish_id: f.id, map_id: null },
    ...f.data.maps.map((map_id) => ({ fish_id: f.id, map_id })),
  ]);
  expect(pairs.length).toBeGreaterThan(MAX_FOLLOWS_PER_MEMBER);
});
afterAll(() => ctx?.close());

const follow = (token: string, payload: object) =>
  asUser(ctx.app, token, { method: 'POST', url: '/api/alerts/follows', payload });
const list = async (token: string) =>
  FollowList.parse((await asUser(ctx.app, token, { method: 'GET', url: '/api/alerts/follows' })).json());
const userIdOf = async (token: string) =>
  (await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' })).json().id as string;

describe('who may call the alert routes', () => {
  it('answers 401 to a visitor on every route but the unsubscribe link', async () => {
    const calls = [
      { method: 'GET', url: '/api/alerts/follows' },
      { method: 'POST', url: '/api/alerts/follows', payload: { fish_id: 1 } },
      { method: 'DELETE', url: '/api/alerts/follows/1' },
      { method: 'GET', url: '/api/alerts/settings' },
      { method: 'PUT', url: '/api/alerts/settings', payload: { emails: false } },
      { method: 'GET', url: '/api/alerts' },
      { method: 'GET', url: '/api/alerts/unread' },
      { method: 'POST', url: '/api/alerts/read', payload: {} },
    ] as const;
    for (const call of calls) {
      const res = await ctx.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('refuses following to a member without VIP (403), and follows nothing', async () => {
    const { token } = await signedIn(ctx.app);
    const res = await follow(token, { fish_id: fish.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: ALERT_ERRORS.vipRequired });
    const follows = await list(token);
    expect(follows.items).toEqual([]);
    expect(follows.settings.active).toBe(false);
  });

  it("keeps a lapsed member's follows, listed as dormant, and lets them be removed but not added", async () => {
    const token = await signedInVip(ctx);
    const made = Follow.parse((await follow(token, { fish_id: fish.id })).json());
    await ctx.db.kysely
      .updateTable('users')
      .set({ vip_expire_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', await userIdOf(token))
      .execute();
    const follows = await list(token);
    expect(follows.items.map((f) => f.id)).toEqual([made.id]);
    expect(follows.settings.active).toBe(false);
    expect((await follow(token, { fish_id: fish.id, map_id: fish.map })).statusCode).toBe(403);
    const removed = await asUser(ctx.app, token, { method: 'DELETE', url: `/api/alerts/follows/${made.id}` });
    expect(removed.statusCode).toBe(204);
  });
});

describe('POST /api/alerts/follows', () => {
  it('answers 201 with a new follow and 200 with the same follow again; it is listed, newest first', async () => {
    const token = await signedInVip(ctx);
    const first = await follow(token, { fish_id: fish.id, map_id: fish.map });
    expect(first.statusCode).toBe(201);
    const made = Follow.parse(first.json());
    expect(made).toMatchObject({ fish_id: fish.id, map_id: fish.map });
    const again = await follow(token, { fish_id: fish.id, map_id: fish.map });
    expect(again.statusCode).toBe(200);
    expect(Follow.parse(again.json())).toEqual(made);
    const allMaps = await follow(token, { fish_id: fish.id, map_id: null });
    expect(allMaps.statusCode).toBe(201);
    expect(Follow.parse(allMaps.json()).map_id).toBeNull();
    const follows = await list(token);
    expect(follows.items.map((f) => [f.fish_id, f.map_id])).toEqual([
      [fish.id, null],
      [fish.id, fish.map],
    ]);
    expect(follows.settings).toEqual({ active: true, emails: true, email_verified: false, follow_limit: 20 });
  });

  it('answers 422 with a code for an unknown fish, an unknown map and a map the fish does not live on', async () => {
    const token = await signedInVip(ctx);
    const cases = [
      [{ fish_id: 999_999 }, ALERT_ERRORS.fishNotFound],
      [{ fish_id: fish.id, map_id: 999_999 }, ALERT_ERRORS.mapNotFound],
      [{ fish_id: fish.id, map_id: fish.foreignMap }, ALERT_ERRORS.fishNotOnMap],
    ] as const;
    for (const [payload, code] of cases) {
      const res = await follow(token, payload);
      expect(res.statusCode, code).toBe(422);
      expect(res.json()).toEqual({ detail: code });
    }
    expect((await list(token)).items).toEqual([]);
  });

  it('answers 422 with the validation list for a body that is not {fish_id, map_id?}', async () => {
    const token = await signedInVip(ctx);
    for (const payload of [
      {},
      { fish_id: 'pike' },
      { fish_id: 0 },
      { fish_id: 1.5 },
      { fish_id: fish.id, map_id: -1 },
    ]) {
      const res = await follow(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
  });

  it(`keeps at most ${MAX_FOLLOWS_PER_MEMBER} follows per member (409 beyond)`, async () => {
    const token = await signedInVip(ctx);
    for (const pair of pairs.slice(0, MAX_FOLLOWS_PER_MEMBER)) expect((await follow(token, pair)).statusCode).toBe(201);
    const over = await follow(token, pairs[MAX_FOLLOWS_PER_MEMBER]!);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ detail: ALERT_ERRORS.followLimit });
    // Following one already kept is still the idempotent answer, not a refusal.
    expect((await follow(token, pairs[0]!)).statusCode).toBe(200);
    expect((await list(token)).items).toHaveLength(MAX_FOLLOWS_PER_MEMBER);
  });
});

describe('DELETE /api/alerts/follows/{id}', () => {
  it("answers 404 for another user's follow (kept) and 204 for one's own, then 404", async () => {
    const owner = await signedInVip(ctx);
    const other = await signedInVip(ctx);
    const made = Follow.parse((await follow(owner, { fish_id: fish.id })).json());
    const foreign = await asUser(ctx.app, other, { method: 'DELETE', url: `/api/alerts/follows/${made.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: ALERT_ERRORS.followNotFound });
    expect((await list(owner)).items).toHaveLength(1);
    const own = await asUser(ctx.app, owner, { method: 'DELETE', url: `/api/alerts/follows/${made.id}` });
    expect(own.statusCode).toBe(204);
    expect((await list(owner)).items).toEqual([]);
    const again = await asUser(ctx.app, owner, { method: 'DELETE', url: `/api/alerts/follows/${made.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('answers 422 for an id that is not a positive integer', async () => {
    const token = await signedInVip(ctx);
    expect((await asUser(ctx.app, token, { method: 'DELETE', url: '/api/alerts/follows/abc' })).statusCode).toBe(422);
  });
});

describe('the alert list and marking read', () => {
  /** Alerts stored as the job stores them, one per day, oldest first. */
  async function storeAlerts(userId: string, count: number): Promise<void> {
    const base = Date.now() - count * 86_400_000;
    for (let i = 0; i < count; i++)
      await ctx.db.kysely
        .insertInto('alert')
        .values({
          user_id: userId,
          fish_id: fish.id,
          day: Math.floor((base + i * 86_400_000) / 86_400_000),
          kind: i % 2 ? 'trophy' : 'top_bait',
          map_key: i % 2 ? fish.map : 0,
          detail:
            i % 2
              ? JSON.stringify({ map_id: fish.map, star_type: 449, weight: 4200, caught_at: base })
              : JSON.stringify({ entered: [7], top: [7, 3, 5] }),
          created_at: base + i * 86_400_000,
          read_at: null,
          mail_state: 'sent',
          mail_at: null,
        })
        .execute();
  }

  it("lists the user's alerts newest first with the unread count, and marks named ones or all read", async () => {
    const token = await signedInVip(ctx);
    const other = await signedInVip(ctx);
    await storeAlerts(await userIdOf(token), 3);
    await storeAlerts(await userIdOf(other), 1);
    const page = AlertPage.parse(
      (await asUser(ctx.app, token, { method: 'GET', url: '/api/alerts?page_size=2' })).json(),
    );
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, page_size: 2 });
    expect(page.items).toHaveLength(2);
    const [newest, second] = page.items;
    expect(newest).toMatchObject({ kind: 'top_bait', map_id: null, entered_bait_ids: [7], top_bait_ids: [7, 3, 5] });
    expect(second).toMatchObject({
      kind: 'trophy',
      map_id: fish.map,
      entered_bait_ids: [],
      trophy: { star_type: 449 },
    });
    expect(Date.parse(newest!.created_at)).toBeGreaterThan(Date.parse(second!.created_at));

    const otherPage = AlertPage.parse((await asUser(ctx.app, other, { method: 'GET', url: '/api/alerts' })).json());
    const foreignId = otherPage.items[0]!.id;
    const marked = await asUser(ctx.app, token, {
      method: 'POST',
      url: '/api/alerts/read',
      payload: { ids: [newest!.id, foreignId] },
    });
    expect(UnreadCount.parse(marked.json())).toEqual({ unread: 2 });
    // The other user's alert stays unread.
    expect(
      UnreadCount.parse((await asUser(ctx.app, other, { method: 'GET', url: '/api/alerts/unread' })).json()),
    ).toEqual({
      unread: 1,
    });
    const all = await asUser(ctx.app, token, { method: 'POST', url: '/api/alerts/read', payload: {} });
    expect(UnreadCount.parse(all.json())).toEqual({ unread: 0 });
    const after = AlertPage.parse((await asUser(ctx.app, token, { method: 'GET', url: '/api/alerts' })).json());
    expect(after.items.every((a) => a.read_at !== null)).toBe(true);
  });

  it('answers 422 for a bad page or ids', async () => {
    const token = await signedInVip(ctx);
    expect((await asUser(ctx.app, token, { method: 'GET', url: '/api/alerts?page=0' })).statusCode).toBe(422);
    const bad = await asUser(ctx.app, token, { method: 'POST', url: '/api/alerts/read', payload: { ids: [] } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('alert e-mails: the setting and the unsubscribe link', () => {
  const unsubscribe = (token: string, init: { payload?: string; headers?: Record<string, string> } = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, ...init });
  const settingsOf = async (token: string) =>
    AlertSettings.parse((await asUser(ctx.app, token, { method: 'GET', url: '/api/alerts/settings' })).json());

  it('turns e-mails off and on with PUT /api/alerts/settings', async () => {
    const token = await signedInVip(ctx);
    const off = await asUser(ctx.app, token, {
      method: 'PUT',
      url: '/api/alerts/settings',
      payload: { emails: false },
    });
    expect(AlertSettings.parse(off.json()).emails).toBe(false);
    expect((await settingsOf(token)).emails).toBe(false);
    const on = await asUser(ctx.app, token, { method: 'PUT', url: '/api/alerts/settings', payload: { emails: true } });
    expect(AlertSettings.parse(on.json()).emails).toBe(true);
    const bad = await asUser(ctx.app, token, { method: 'PUT', url: '/api/alerts/settings', payload: { emails: 'no' } });
    expect(bad.statusCode).toBe(422);
  });

  it('turns every alert e-mail off from a signed link without a login, twice harmlessly, one-click too', async () => {
    const token = await signedInVip(ctx);
    const link = await new UnsubscribeLinks(ctx.config.jwtSecret).issue(await userIdOf(token));
    const res = await unsubscribe(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ emails: false });
    expect((await settingsOf(token)).emails).toBe(false);
    // RFC 8058's one-click POST from a mail client.
    const oneClick = await unsubscribe(link, {
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
  });

  it('answers 400 for a tampered, foreign or expired link, and 422 without a token', async () => {
    const token = await signedInVip(ctx);
    const userId = await userIdOf(token);
    const link = await new UnsubscribeLinks(ctx.config.jwtSecret).issue(userId);
    const [head, body, signature] = link.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = Buffer.from(JSON.stringify({ sub: 'someone-else', aud: 'anglerdex:alerts-unsubscribe' })).toString(
      'base64url',
    );
    for (const bad of [
      `${head}.${body}.${flipped}`,
      `${head}.${forged}.${signature}`,
      await new UnsubscribeLinks('another-secret-another-secret-another').issue(userId),
      'not-a-token',
    ]) {
      const res = await unsubscribe(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: ALERT_ERRORS.linkInvalid });
    }
    const old = await new UnsubscribeLinks(ctx.config.jwtSecret, () => Date.now() - 91 * 86_400_000).issue(userId);
    const expired = await unsubscribe(old);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: ALERT_ERRORS.linkExpired });
    expect((await settingsOf(token)).emails).toBe(true);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe' });
    expect(missing.statusCode).toBe(422);
  });

  it("deletes the member's follows and alerts with the account", async () => {
    const token = await signedInVip(ctx);
    const userId = await userIdOf(token);
    await follow(token, { fish_id: fish.id });
    await asUser(ctx.app, token, { method: 'PUT', url: '/api/alerts/settings', payload: { emails: false } });
    await ctx.services.profiles.delete(userId);
    const left = await ctx.db.kysely
      .selectFrom('alert_follow')
      .select('id')
      .where('user_id', '=', userId)
      .union(
        ctx.db.kysely
          .selectFrom('alert_member')
          .select((eb) => eb.val(0).as('id'))
          .where('user_id', '=', userId),
      )
      .execute();
    expect(left).toEqual([]);
  });
});
