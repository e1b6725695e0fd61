/**
 * The console's AI questions on a real app and database: the questions that named no known fish or got no facts, as
 * the chat recorded them; an alias added to a fish makes the chat find that fish by it (on the next question, and in
 * the list's `fish_now`); names already taken are refused; removing an alias and reverting either change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAiQuestionPage, FishAliasChange, FishAliasList } from '#shared/contracts/admin';
import { AskResponse } from '#shared/contracts/ai';
import { signedIn, asUser } from '../../test/accounts';
import { ADMIN_TEST_ENV, auditOf, confirmed, operator, type Operator } from '../../test/admin-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: Operator;
let fish: { id: number; name_en: string };

beforeAll(async () => {
  ctx = await createTestApp({ env: { ...ADMIN_TEST_ENV, AI_FREE_PER_MINUTE: '1000' } });
  admin = await operator(ctx);
  const view = await ctx.services.catalogue.view();
  const first = view.groups.fish.find((f) => f.name_en)!;
  fish = { id: first.id, name_en: first.name_en! };
});
afterAll(() => ctx?.close());

const ask = async (question: string) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/ai/ask', payload: { question } });
  expect(res.statusCode).toBe(200);
  return AskResponse.parse(res.json());
};
const unique = () => `glimmerfin${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const questions = async (kind = 'unanswered') =>
  AdminAiQuestionPage.parse((await admin.call('GET', `/api/admin/ai/questions?kind=${kind}&page_size=100`)).json());

describe('unanswered AI questions', () => {
  it('lists the questions that named no known fish, newest first, with the kinds apart', async () => {
    const nickname = unique();
    await ask(`what bait for ${nickname}?`);
    const answered = await ask(`what bait for ${fish.name_en}?`);
    expect(answered.fish_id).toBe(fish.id);

    const page = await questions();
    const mine = page.items.find((q) => q.question.includes(nickname));
    expect(mine).toMatchObject({ fish_id: null, fact_count: 0, asked_by: 'visitor', fish_now: null, language: 'en' });
    expect(page.items.some((q) => q.question.includes(fish.name_en) && q.fish_id !== null && q.fact_count! > 0)).toBe(
      false,
    );
    expect((await questions('no_fish')).items.some((q) => q.id === mine!.id)).toBe(true);
    expect((await questions('no_facts')).items.some((q) => q.id === mine!.id)).toBe(false);
    expect((await admin.call('GET', '/api/admin/ai/questions?kind=everything')).statusCode).toBe(422);
  });

  it('is for superusers only', async () => {
    const { token } = await signedIn(ctx.app);
    for (const url of ['/api/admin/ai/questions', '/api/admin/ai/aliases']) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
      expect((await asUser(ctx.app, token, { method: 'GET', url })).statusCode).toBe(403);
    }
  });
});

describe('fish aliases', () => {
  it('teaches the chat a name: the next question finds the fish, and the old one shows it', async () => {
    const nickname = unique();
    await ask(`best bait for ${nickname}`);
    const res = await admin.call('POST', '/api/admin/ai/aliases', {
      fish_id: fish.id,
      alias: nickname,
      reason: 'players call it that',
    });
    expect(res.statusCode).toBe(201);
    const { alias, audit_id } = FishAliasChange.parse(res.json());
    expect(alias).toMatchObject({ fish_id: fish.id, alias: nickname, created_by: admin.email });

    const now = await ask(`best bait for ${nickname.toUpperCase()}`);
    expect(now.fish_id).toBe(fish.id);
    expect(now.facts.length).toBeGreaterThan(0);
    const listed = (await questions()).items.find((q) => q.question === `best bait for ${nickname}`);
    expect(listed?.fish_now).toBe(fish.id);

    const all = FishAliasList.parse((await admin.call('GET', `/api/admin/ai/aliases?fish_id=${fish.id}`)).json());
    expect(all.items.map((a) => a.alias)).toContain(nickname);
    const [row] = await auditOf(admin, 'alias', String(alias.id));
    expect(row).toMatchObject({ id: audit_id, action: 'alias.add', after: alias, reason: 'players call it that' });

    // Reverted: the chat no longer knows it.
    expect((await admin.call('POST', `/api/admin/audit/${audit_id}/revert`, confirmed())).statusCode).toBe(200);
    expect((await ask(`best bait for ${nickname}`)).fish_id).toBeNull();
  });

  it("refuses a name a fish already has (its own, another fish's, or an alias), and an unknown fish", async () => {
    const own = await admin.call('POST', '/api/admin/ai/aliases', { fish_id: fish.id, alias: fish.name_en });
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toEqual({ code: 'ADMIN_ALIAS_TAKEN', reason: 'already a name of this fish' });
    const view = await ctx.services.catalogue.view();
    const other = view.groups.fish.find((f) => f.id !== fish.id && f.name_en)!;
    const theirs = await admin.call('POST', '/api/admin/ai/aliases', { fish_id: fish.id, alias: other.name_en });
    expect(theirs.json().detail).toEqual({ code: 'ADMIN_ALIAS_TAKEN', reason: `the name of fish ${other.id}` });

    const nickname = unique();
    expect((await admin.call('POST', '/api/admin/ai/aliases', { fish_id: fish.id, alias: nickname })).statusCode).toBe(
      201,
    );
    const twice = await admin.call('POST', '/api/admin/ai/aliases', { fish_id: other.id, alias: ` ${nickname} ` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toEqual({ code: 'ADMIN_ALIAS_TAKEN', reason: `already an alias of fish ${fish.id}` });

    const unknown = await admin.call('POST', '/api/admin/ai/aliases', { fish_id: 99_999_999, alias: unique() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'fish_id']);
    const unsafe = await admin.call('POST', '/api/admin/ai/aliases', { fish_id: fish.id, alias: 'a\u202eb' });
    expect(unsafe.statusCode).toBe(422);
  });

  it('removes an alias, reversibly', async () => {
    const nickname = unique();
    const added = FishAliasChange.parse(
      (await admin.call('POST', '/api/admin/ai/aliases', { fish_id: fish.id, alias: nickname })).json(),
    );
    const removed = await admin.call('DELETE', `/api/admin/ai/aliases/${added.alias.id}`, { reason: 'confusing' });
    expect(removed.statusCode).toBe(200);
    const { audit_id } = FishAliasChange.parse(removed.json());
    expect((await ask(`where is ${nickname}`)).fish_id).toBeNull();
    expect((await admin.call('DELETE', `/api/admin/ai/aliases/${added.alias.id}`, {})).statusCode).toBe(404);

    expect((await admin.call('POST', `/api/admin/audit/${audit_id}/revert`, confirmed())).statusCode).toBe(200);
    expect((await ask(`where is ${nickname}`)).fish_id).toBe(fish.id);
  });
});
