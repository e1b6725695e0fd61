/**
 * Issue 13 on the profile side (decision 0010), real app and database, notices through a real loopback SMTP server:
 * `PATCH /api/users/me` proves the current password before changing the e-mail or the password (its failures count
 * as login guesses), both changes are notified to the old address in the user's language, the superuser route needs
 * no current password, deactivation revokes tokens, and nicknames and bios refuse unsafe characters.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRead } from '#shared/contracts/auth';
import { PASSWORD, asUser, login, signedIn, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailKind, startSmtp, type TestSmtp } from '../../test/test-smtp';

let ctx: TestContext;
let smtp: TestSmtp;
let admin: { user: UserRead; token: string };

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, AUTH_IP_PER_MINUTE: '1000' } });
  admin = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', admin.user.id).execute();
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const BAD_CURRENT = { detail: 'UPDATE_USER_BAD_CURRENT_PASSWORD' };
const patchMe = (token: string, payload: Record<string, unknown>, remoteAddress?: string) =>
  asUser(ctx.app, token, {
    method: 'PATCH',
    url: '/api/users/me',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  } as InjectOptions);
const me = (token: string) => asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' });
const stored = (id: string) =>
  ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The notices mailed to `email` (not the verification mail its registration sent). */
const noticesTo = (email: string) => smtp.mailsTo(email).filter((mail) => mailKind(mail) !== 'verification');
/** Lets any wrongly sent mail arrive before asserting there is none. */
const settle = async () => {
  await ctx.services.tasks.drain();
  await new Promise((resolve) => setTimeout(resolve, 200));
};
/** A signed-in user whose account mails go out in `locale`. */
async function account(locale: 'zh' | 'en' | 'ja' = 'en') {
  const session = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ locale }).where('id', '=', session.user.id).execute();
  return session;
}

describe('changing the e-mail on /me', () => {
  it('without or with a wrong current_password: 400, nothing changed, no mail', async () => {
    const { user, token } = await account();
    const before = await stored(user.id);
    const target = uniqueEmail('wanted');
    for (const extra of [{}, { current_password: null }, { current_password: '' }, { current_password: 'not-it!' }]) {
      const res = await patchMe(token, { email: target, nickname: 'Renamed', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toEqual(BAD_CURRENT);
    }
    // Nothing of the request was applied, not even the nickname.
    expect(await stored(user.id)).toEqual(before);
    await settle();
    expect(noticesTo(user.email)).toHaveLength(0);
  });

  it('with it: 200, the current password never echoed, and a notice to the old address in the user language', async () => {
    const { user, token } = await account('ja');
    const fresh = uniqueEmail('moved');
    const res = await patchMe(token, { email: fresh, current_password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: fresh, is_verified: false });
    expect(res.body).not.toContain('current_password');
    expect(res.body).not.toContain(PASSWORD);

    const notice = await smtp.waitFor(user.email, 'email-changed');
    expect(notice.subject).toBe('Anglerdex アカウントのメールアドレス変更のお知らせ');
    expect(notice.html).toContain('<html lang="ja">');
    await settle();
    // Nothing to the new address: the thief would be reading it.
    expect(noticesTo(fresh)).toHaveLength(0);
  });

  it('needs no current password to send the same address again', async () => {
    const { user, token } = await account();
    const res = await patchMe(token, { email: user.email, nickname: 'Same Address' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, nickname: 'Same Address' });
  });

  it('checks after the 422 validation and before the password rule and the e-mail uniqueness', async () => {
    const { token } = await account();
    const other = await account();
    const invalid = await patchMe(token, { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(422);
    const short = await patchMe(token, { password: '1' });
    expect(short.json()).toEqual(BAD_CURRENT);
    const taken = await patchMe(token, { email: other.user.email });
    expect(taken.json()).toEqual(BAD_CURRENT);
    // With the right current password the later rules answer as before.
    expect((await patchMe(token, { password: '1', current_password: PASSWORD })).json().detail).toMatchObject({
      code: 'UPDATE_USER_INVALID_PASSWORD',
    });
    expect((await patchMe(token, { email: other.user.email, current_password: PASSWORD })).json()).toEqual({
      detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS',
    });
  });
});

describe('changing the password on /me', () => {
  it('without or with a wrong current_password: 400, the hash and the tokens unchanged', async () => {
    const { user, token } = await account();
    const before = await stored(user.id);
    for (const extra of [{}, { current_password: 'wrong-one' }, { current_password: 'x'.repeat(300) }]) {
      const res = await patchMe(token, { password: 'stolen-token-pass', ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_CURRENT);
    }
    const after = await stored(user.id);
    expect([after.hashed_password, after.token_version]).toEqual([before.hashed_password, before.token_version]);
    expect((await me(token)).statusCode).toBe(200);
    await settle();
    expect(noticesTo(user.email)).toHaveLength(0);
  });

  it('with it: 200, the new password works, and a notice to the user in their language', async () => {
    const { user, token } = await account('zh');
    const res = await patchMe(token, { password: 'fresh-password-1', current_password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect((await me(token)).statusCode).toBe(401);
    expect(await login(ctx.app, user.email, 'fresh-password-1')).toEqual(expect.any(String));
    const notice = await smtp.waitFor(user.email, 'password-changed');
    expect(notice.subject).toBe('你的 Anglerdex 密码已修改');
    expect(notice.text).toContain('忘记密码');
  });

  it('counts wrong current passwords as login guesses from that address', async () => {
    const limited = await createTestApp({
      seed: false,
      env: { AUTH_ACCOUNT_PER_15MIN: '3', AUTH_IP_PER_MINUTE: '1000' },
    });
    try {
      const { user, token } = await signedIn(limited.app);
      const thief = '198.51.100.77';
      const patch = (payload: Record<string, unknown>, remoteAddress = thief) =>
        asUser(limited.app, token, { method: 'PATCH', url: '/api/users/me', payload, remoteAddress });
      for (let i = 0; i < 3; i++)
        expect((await patch({ password: 'taken-over-1', current_password: `guess-${i}` })).json()).toEqual(BAD_CURRENT);
      // The fourth try from that address is refused before the password is checked, even a right one…
      const refused = await patch({ password: 'taken-over-1', current_password: PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: 'RATE_LIMITED' });
      const loginThere = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/login',
        remoteAddress: thief,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: user.email, password: PASSWORD }).toString(),
      });
      expect(loginThere.statusCode).toBe(429);
      // …while the owner, elsewhere, still can.
      expect((await patch({ nickname: 'Still Mine', current_password: 'whatever' }, '203.0.113.1')).statusCode).toBe(
        200,
      );
      expect((await patch({ password: 'owner-new-pass', current_password: PASSWORD }, '203.0.113.1')).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('the superuser route', () => {
  it('changes e-mail and password without a current password, and the user is notified', async () => {
    const { user, token } = await account();
    const fresh = uniqueEmail('admin-moved');
    const res = await asUser(ctx.app, admin.token, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { email: fresh, password: 'set-by-admin-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(fresh);
    expect((await me(token)).statusCode).toBe(401);
    await settle();
    expect(
      noticesTo(user.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['The e-mail address of your Anglerdex account was changed', 'Your Anglerdex password was changed']);
  });

  it('revokes every token on deactivation; reactivating does not bring them back', async () => {
    const { user, token } = await account();
    const second = await login(ctx.app, user.email);
    const off = await asUser(ctx.app, admin.token, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    const on = await asUser(ctx.app, admin.token, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { is_active: true },
    });
    expect(on.json().is_active).toBe(true);
    for (const old of [token, second]) expect((await me(old)).statusCode).toBe(401);
    expect((await me(await login(ctx.app, user.email))).statusCode).toBe(200);
  });
});

describe('nicknames and bios on /me', () => {
  // Labelled, so that the test names themselves carry no bidi or zero-width characters.
  it.each([
    ['nickname', 'a right-to-left override', 'Pike\u202Eevil', 'Nickname contains unsafe characters: U+202E.'],
    ['nickname', 'a line feed', 'Two\nLines', 'Nickname contains unsafe characters: U+000A.'],
    ['nickname', 'a zero-width space', '\u200BPike', 'Nickname contains unsafe characters: U+200B.'],
    ['bio', 'bidi isolates', 'Carp \u2066angler\u2069', 'Bio contains unsafe characters: U+2066, U+2069.'],
    ['bio', 'a lone carriage return', 'A lone \r in here', 'Bio contains unsafe characters: U+000D.'],
    ['bio', 'a tab and a lone surrogate', 'tab\there \uDC00', 'Bio contains unsafe characters: U+0009, U+DC00.'],
  ])('refuses a %s with %s: 422 naming the characters', async (field, _label, value, msg) => {
    const { user, token } = await account();
    const res = await patchMe(token, { [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ type: 'value_error', loc: ['body', field], msg })]);
    expect((await stored(user.id))[field as 'nickname' | 'bio']).not.toBe(value);
  });

  it('keeps line breaks in a bio, CR LF as LF', async () => {
    const { token } = await account();
    const res = await patchMe(token, { bio: 'Carp at dawn.\r\nPike at dusk.\n\nNever on Sundays.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe('Carp at dawn.\nPike at dusk.\n\nNever on Sundays.');
  });
});
