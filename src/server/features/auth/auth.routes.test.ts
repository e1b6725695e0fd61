/**
 * `/api/auth/*` against docs/account-api.md on a real database, with e-mail delivered to a real loopback SMTP
 * server: status codes, `detail` values, body bytes and key order, token rules (revocation, single-use reset),
 * enumeration resistance and the rate limits.
 */
import { createHmac } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { SignJWT, decodeJwt, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailKind } from '../mail/mailer';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  PASSWORD,
  USER_READ_KEYS,
  asUser,
  login,
  loginRequest,
  register,
  signedIn,
  uniqueEmail,
} from '../../test/accounts';
import { startSmtp, type TestSmtp } from '../../test/test-smtp';

let ctx: TestContext;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, AUTH_IP_PER_MINUTE: '1000' } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as string, headers });
const me = (token: string) => asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' });
const storedUser = (id: string) =>
  ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The token in the link of the mail of `kind` to `to` whose link starts with `path` (waits for it). */
async function mailedToken(to: string, kind: MailKind, path: string): Promise<{ token: string; link: string }> {
  const linkOf = (mail: { text?: string }) => (mail.text ?? '').match(/https?:\/\/\S+/)?.[0] ?? '';
  await vi.waitFor(() => expect(smtp.mailsTo(to, kind).map(linkOf)).toContainEqual(expect.stringContaining(path)));
  const link = smtp
    .mailsTo(to, kind)
    .map(linkOf)
    .find((candidate) => candidate.includes(path))!;
  return { token: new URL(link).searchParams.get('token')!, link };
}
/** Lets any wrongly sent mail arrive before asserting there is none. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
/** How many mails to `email` have arrived (of `kind` when given; registering sends a verification mail). */
const mailsTo = (email: string, kind?: MailKind) => smtp.mailsTo(email, kind).length;
/** A token signed as tokens.ts signs it (the reset and verify keys are derived from JWT_SECRET), with any claims. */
function sign(purpose: 'reset' | 'verify', claims: JWTPayload, sub: string, exp: number) {
  const key = createHmac('sha256', ctx.config.jwtSecret).update(`anglerdex:${purpose}`).digest();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setAudience(`fastapi-users:${purpose}`)
    .setExpirationTime(exp)
    .sign(key);
}
const now = () => Math.floor(Date.now() / 1000);
/** A multipart body as a browser sends it. */
async function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request('http://x', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

describe('POST /api/auth/register', () => {
  it('creates an active, unverified user and answers UserRead in the contract key order', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/register', { email, password: PASSWORD, nickname: '钓鱼王' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    const body = res.json();
    expect(Object.keys(body)).toEqual(USER_READ_KEYS);
    expect(body).toMatchObject({ email, is_active: true, is_superuser: false, is_verified: false, nickname: '钓鱼王' });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.body).not.toContain('password');
    // New hashes are argon2id with argon2-cffi's defaults (docs/account-api.md §4.2).
    expect((await storedUser(body.id)).hashed_password).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  });

  it('normalises the e-mail like EmailStr and defaults the nickname to the local part', async () => {
    const res = await post('/api/auth/register', {
      email: '  Pretty Name <Percival.Mixed@Camelot.BT>  ',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'Percival.Mixed@camelot.bt', nickname: 'Percival.Mixed' });
  });

  it('ignores privilege fields and unknown keys, but still type-checks the flags', async () => {
    const ok = await post('/api/auth/register', {
      email: uniqueEmail(),
      password: PASSWORD,
      is_superuser: 'yes',
      is_active: false,
      is_verified: 1,
      id: '00000000-0000-0000-0000-000000000000',
      hashed_password: 'x',
      foo: 'bar',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ is_active: true, is_superuser: false, is_verified: false });
    expect(ok.json().id).not.toBe('00000000-0000-0000-0000-000000000000');

    const maybe = await post('/api/auth/register', { email: uniqueEmail(), password: PASSWORD, is_superuser: 'maybe' });
    expect(maybe.statusCode).toBe(422);
    expect(maybe.json().detail).toEqual([
      {
        type: 'bool_parsing',
        loc: ['body', 'is_superuser'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'maybe',
      },
    ]);
  });

  it('refuses an existing e-mail in any case, but checks the password first', async () => {
    const user = await register(ctx.app);
    const upper = user.email.toUpperCase().replace('@EXAMPLE.COM', '@example.com');
    const again = await post('/api/auth/register', { email: upper, password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('{"detail":"REGISTER_USER_ALREADY_EXISTS"}');

    const short = await post('/api/auth/register', { email: user.email, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      detail: { code: 'REGISTER_INVALID_PASSWORD', reason: 'Password must be at least 6 characters long' },
    });
  });

  it('refuses passwords over 256 bytes before hashing them', async () => {
    const res = await post('/api/auth/register', { email: uniqueEmail(), password: '鱼'.repeat(86) }); // 258 bytes
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({
      code: 'REGISTER_INVALID_PASSWORD',
      reason: 'Password must be at most 256 bytes long',
    });
  });

  it('answers FastAPI 422 lists for missing fields, bad e-mails, short nicknames and non-object bodies', async () => {
    const empty = await post('/api/auth/register', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toEqual([
      { type: 'missing', loc: ['body', 'email'], msg: 'Field required', input: {} },
      { type: 'missing', loc: ['body', 'password'], msg: 'Field required', input: {} },
    ]);

    const onlyEmail = await post('/api/auth/register', { email: 'x@camelot.bt' });
    expect(onlyEmail.json().detail[0].input).toEqual({ email: 'x@camelot.bt' });

    for (const [email, reason] of [
      ['no-at-sign', 'An email address must have an @-sign.'],
      ['a@localhost', 'The part after the @-sign is not valid. It should have a period.'],
      ['a@example.test', 'The part after the @-sign is a special-use or reserved name that cannot be used with email.'],
    ]) {
      const res = await post('/api/auth/register', { email, password: PASSWORD });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toEqual({
        type: 'value_error',
        loc: ['body', 'email'],
        msg: `value is not a valid email address: ${reason}`,
        input: email,
        ctx: { reason },
      });
    }

    const nick = await post('/api/auth/register', { email: uniqueEmail(), password: PASSWORD, nickname: ' x ' });
    expect(nick.statusCode).toBe(422);
    expect(nick.json().detail[0]).toMatchObject({
      loc: ['body', 'nickname'],
      msg: 'Nickname must be at least 2 characters long',
    });

    const number = await post('/api/auth/register', { email: uniqueEmail(), password: 123456 });
    expect(number.json().detail[0]).toMatchObject({ type: 'string_type', loc: ['body', 'password'], input: 123456 });

    const form = await post('/api/auth/register', 'email=a%40b.co&password=secret1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(422);
    expect(form.json().detail).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 'email=a%40b.co&password=secret1',
      },
    ]);

    const array = await post('/api/auth/register', JSON.stringify([1]), { 'content-type': 'application/json' });
    expect(array.json().detail[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body'] });

    const broken = await post('/api/auth/register', '{"email":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail[0]).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error' });

    const nul = await post('/api/auth/register', { email: uniqueEmail(), password: 'abc\u0000defg' });
    expect(nul.statusCode).toBe(422);
  });

  it('answers 405 for other methods and redirects a trailing slash', async () => {
    const get = await ctx.app.inject({ method: 'GET', url: '/api/auth/register' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json()).toEqual({ detail: 'Method Not Allowed' });

    const slash = await post('/api/auth/register/', { email: uniqueEmail(), password: PASSWORD });
    expect(slash.statusCode).toBe(307);
    expect(slash.headers.location).toBe('/api/auth/register');
    expect(slash.body).toBe('');
  });
});

describe('POST /api/auth/jwt/login', () => {
  let email: string;
  let userId: string;
  beforeAll(async () => {
    const user = await register(ctx.app, { email: uniqueEmail('Login.Case') });
    email = user.email;
    userId = user.id;
  });

  it('answers exactly {access_token, token_type} with the contract claims', async () => {
    const before = now();
    const res = await loginRequest(ctx.app, email, PASSWORD);
    const after = now();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toMatch(/^\{"access_token":"[\w-]+\.[\w-]+\.[\w-]+","token_type":"bearer"\}$/);
    const claims = decodeJwt(res.json().access_token);
    expect(claims.sub).toBe(userId);
    expect(claims.aud).toEqual(['fastapi-users:auth']);
    // exp = the second of issue + 3600: between the clock read before the request and the one after it.
    expect(claims.exp).toBeGreaterThanOrEqual(before + 3600);
    expect(claims.exp).toBeLessThanOrEqual(after + 3600);
  });

  it('ignores the e-mail case but does not trim the username', async () => {
    expect((await loginRequest(ctx.app, email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
    const padded = await loginRequest(ctx.app, ` ${email} `, PASSWORD);
    expect(padded.statusCode).toBe(400);
    expect(padded.body).toBe('{"detail":"LOGIN_BAD_CREDENTIALS"}');
  });

  it('accepts multipart form data too', async () => {
    const form = new FormData();
    form.set('username', email);
    form.set('password', PASSWORD);
    const request = new Request('http://x', { method: 'POST', body: form });
    const res = await post('/api/auth/jwt/login', Buffer.from(await request.arrayBuffer()), {
      'content-type': request.headers.get('content-type')!,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token_type).toBe('bearer');
  });

  it('answers LOGIN_BAD_CREDENTIALS alike for a wrong password, an unknown user and an inactive user', async () => {
    const wrong = await loginRequest(ctx.app, email, 'not-the-password');
    const unknown = await loginRequest(ctx.app, uniqueEmail('nobody'), PASSWORD);
    const inactive = await register(ctx.app);
    await ctx.db.kysely.updateTable('users').set({ is_active: false }).where('id', '=', inactive.id).execute();
    const off = await loginRequest(ctx.app, inactive.email, PASSWORD);
    for (const res of [wrong, unknown, off]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('{"detail":"LOGIN_BAD_CREDENTIALS"}');
    }
  });

  it('reads only form fields: JSON, empty fields and a wrong grant_type are 422', async () => {
    const json = await post('/api/auth/jwt/login', { username: email, password: PASSWORD });
    expect(json.statusCode).toBe(422);
    expect(json.json().detail).toEqual([
      { type: 'missing', loc: ['body', 'username'], msg: 'Field required', input: null },
      { type: 'missing', loc: ['body', 'password'], msg: 'Field required', input: null },
    ]);

    const blank = await post('/api/auth/jwt/login', `username=${encodeURIComponent(email)}&password=`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(blank.json().detail).toEqual([
      { type: 'missing', loc: ['body', 'password'], msg: 'Field required', input: null },
    ]);

    const grant = await post(
      '/api/auth/jwt/login',
      `grant_type=client&username=${encodeURIComponent(email)}&password=${PASSWORD}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(grant.statusCode).toBe(422);
    expect(grant.json().detail).toEqual([
      {
        type: 'string_pattern_mismatch',
        loc: ['body', 'grant_type'],
        msg: "String should match pattern '^password$'",
        input: 'client',
        ctx: { pattern: '^password$' },
      },
    ]);
  });

  it("answers FastAPI's 400 for a multipart body it cannot read, never a 500", async () => {
    const noBoundary = await post('/api/auth/jwt/login', `username=${email}&password=${PASSWORD}`, {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ detail: 'Missing boundary in multipart.' });

    // A boundary over busboy's 70-odd characters cannot be searched for: unreadable, like a broken body.
    const { body } = await formData({ username: email, password: PASSWORD });
    const longBoundary = await post('/api/auth/jwt/login', body, {
      'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}`,
    });
    expect(longBoundary.statusCode).toBe(400);
    expect(longBoundary.json()).toEqual({ detail: 'There was an error parsing the body' });
  });

  it('verifies old bcrypt hashes and upgrades them to argon2id on login', async () => {
    const user = await register(ctx.app);
    const legacy = await bcrypt.hash('legacy-secret', 4);
    await ctx.db.kysely.updateTable('users').set({ hashed_password: legacy }).where('id', '=', user.id).execute();
    expect((await loginRequest(ctx.app, user.email, 'wrong-secret')).statusCode).toBe(400);
    expect((await storedUser(user.id)).hashed_password).toBe(legacy);
    expect((await loginRequest(ctx.app, user.email, 'legacy-secret')).statusCode).toBe(200);
    const upgraded = (await storedUser(user.id)).hashed_password;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect((await loginRequest(ctx.app, user.email, 'legacy-secret')).statusCode).toBe(200);
  });

  it('rehashes argon2 hashes made with outdated parameters', async () => {
    const user = await register(ctx.app);
    const weak = await argon2Hash('weak-params-1', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await ctx.db.kysely.updateTable('users').set({ hashed_password: weak }).where('id', '=', user.id).execute();
    expect((await loginRequest(ctx.app, user.email, 'weak-params-1')).statusCode).toBe(200);
    expect((await storedUser(user.id)).hashed_password).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  });
});

describe('POST /api/auth/jwt/logout', () => {
  it('answers 204 with no body and revokes only that token', async () => {
    const { user, token } = await signedIn(ctx.app);
    const other = await login(ctx.app, user.email);
    const res = await asUser(ctx.app, token, { method: 'POST', url: '/api/auth/jwt/logout' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(token)).body).toBe('{"detail":"Unauthorized"}');
    expect((await me(other)).statusCode).toBe(200);
    expect((await asUser(ctx.app, token, { method: 'POST', url: '/api/auth/jwt/logout' })).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    const res = await post('/api/auth/jwt/logout');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('ignores a body, even an empty or malformed JSON one', async () => {
    for (const payload of ['', '{"x":', '{"a":1}']) {
      const { token } = await signedIn(ctx.app);
      const res = await asUser(ctx.app, token, {
        method: 'POST',
        url: '/api/auth/jwt/logout',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(204);
      expect((await me(token)).statusCode).toBe(401);
    }
  });

  it("revokes a token without a jti (an older server's) by revoking all of its user's tokens", async () => {
    const { user, token: other } = await signedIn(ctx.app);
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setAudience(['fastapi-users:auth'])
      .setExpirationTime(now() + 600)
      .sign(key);
    expect((await me(legacy)).statusCode).toBe(200);
    const res = await asUser(ctx.app, legacy, { method: 'POST', url: '/api/auth/jwt/logout' });
    expect(res.statusCode).toBe(204);
    expect((await me(legacy)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(await login(ctx.app, user.email))).statusCode).toBe(200);
  });
});

describe('forgot-password and reset-password', () => {
  it('answers 202 null alike for known, unknown and inactive addresses; mails only the active account', async () => {
    const known = await register(ctx.app);
    const inactive = await register(ctx.app);
    await ctx.db.kysely.updateTable('users').set({ is_active: false }).where('id', '=', inactive.id).execute();
    const unknownEmail = uniqueEmail('ghost');
    const answers = await Promise.all(
      [known.email, unknownEmail, inactive.email].map((email) => post('/api/auth/forgot-password', { email })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('null');
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['content-length']).toBe('4');
    }
    await smtp.waitFor(known.email, 'password-reset');
    // Give any wrongly sent mail time to arrive before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(unknownEmail)).toBe(0);
    expect(mailsTo(inactive.email, 'password-reset')).toBe(0);
  });

  it('mails a link in the reader language built from PUBLIC_BASE_URL, and the link resets the password once', async () => {
    const { user, token: accessToken } = await signedIn(ctx.app);
    const res = await post(
      '/api/auth/forgot-password',
      { email: user.email.toUpperCase().replace('@EXAMPLE.COM', '@example.com') },
      { 'accept-language': 'en', host: 'evil.example' },
    );
    expect(res.statusCode).toBe(202);
    const mail = await smtp.waitFor(user.email, 'password-reset');
    expect(mail.subject).toMatch(/password/i);
    expect(mail.html).toBeTruthy();
    const { token, link } = await mailedToken(user.email, 'password-reset', '/en/user/reset-pwd?token=');
    expect(link.startsWith('https://anglerdex.test/en/user/reset-pwd?token=')).toBe(true);
    expect(decodeJwt(token)).toMatchObject({ sub: user.id, aud: 'fastapi-users:reset' });

    const reset = await post('/api/auth/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toBe('null');
    expect(reset.headers['content-length']).toBe('4');
    // Single use, and every access token issued before the change is refused.
    const again = await post('/api/auth/reset-password', { token, password: 'another-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('{"detail":"RESET_PASSWORD_BAD_TOKEN"}');
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(400);
    expect((await loginRequest(ctx.app, user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('sends Chinese links without a prefix by default, Japanese with /ja', async () => {
    const zh = await register(ctx.app);
    await post('/api/auth/forgot-password', { email: zh.email });
    await mailedToken(zh.email, 'password-reset', 'https://anglerdex.test/user/reset-pwd?token=');
    const ja = await register(ctx.app);
    await post('/api/auth/forgot-password', { email: ja.email }, { 'accept-language': 'ja-JP,ja;q=0.9' });
    await mailedToken(ja.email, 'password-reset', 'https://anglerdex.test/ja/user/reset-pwd?token=');
  });

  it('kills every outstanding reset token with any password change; a refused password does not use the token', async () => {
    const user = await register(ctx.app);
    const first = await ctx.services.tokens.issueReset(user.id, (await storedUser(user.id)).hashed_password);
    const second = await ctx.services.tokens.issueReset(user.id, (await storedUser(user.id)).hashed_password);

    const weak = await post('/api/auth/reset-password', { token: first, password: '123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      detail: { code: 'RESET_PASSWORD_INVALID_PASSWORD', reason: 'Password must be at least 6 characters long' },
    });
    expect((await post('/api/auth/reset-password', { token: first, password: 'good-password' })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: second, password: 'other-password' })).statusCode).toBe(
      400,
    );

    // A token issued before a PATCH /me password change is dead too.
    const third = await ctx.services.tokens.issueReset(user.id, (await storedUser(user.id)).hashed_password);
    const access = await login(ctx.app, user.email, 'good-password');
    const patch = await asUser(ctx.app, access, {
      method: 'PATCH',
      url: '/api/users/me',
      payload: { password: 'patched-password', current_password: 'good-password' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: third, password: 'x-password' })).json()).toEqual({
      detail: 'RESET_PASSWORD_BAD_TOKEN',
    });
  });

  it('lets exactly one of two simultaneous resets with one token through', async () => {
    const user = await register(ctx.app);
    const token = await ctx.services.tokens.issueReset(user.id, (await storedUser(user.id)).hashed_password);
    const results = await Promise.all([
      post('/api/auth/reset-password', { token, password: 'racer-one-1' }),
      post('/api/auth/reset-password', { token, password: 'racer-two-2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'racer-one-1' : 'racer-two-2';
    const loser = winner === 'racer-one-1' ? 'racer-two-2' : 'racer-one-1';
    expect((await loginRequest(ctx.app, user.email, winner)).statusCode).toBe(200);
    expect((await loginRequest(ctx.app, user.email, loser)).statusCode).toBe(400);
  });

  it('checks the token before the password, and refuses tokens of other audiences', async () => {
    const { user, token: access } = await signedIn(ctx.app);
    const verify = await ctx.services.tokens.issueVerify(user.id, user.email);
    for (const token of ['garbage', access, verify, '']) {
      const res = await post('/api/auth/reset-password', { token, password: '1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' });
    }
    const missing = await post('/api/auth/reset-password', {});
    expect(missing.json().detail.map((e: { loc: string[] }) => e.loc)).toEqual([
      ['body', 'token'],
      ['body', 'password'],
    ]);
  });

  it('refuses the token of a user who became inactive', async () => {
    const user = await register(ctx.app);
    const token = await ctx.services.tokens.issueReset(user.id, (await storedUser(user.id)).hashed_password);
    await ctx.db.kysely.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const res = await post('/api/auth/reset-password', { token, password: 'inactive-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' });
    await ctx.db.kysely.updateTable('users').set({ is_active: true }).where('id', '=', user.id).execute();
    expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired token (a control with the same key and a future exp is accepted)', async () => {
    const user = await register(ctx.app);
    const claims = { password_fgpt: ctx.services.tokens.fingerprint((await storedUser(user.id)).hashed_password) };
    const expired = await sign('reset', claims, user.id, now() - 1);
    const res = await post('/api/auth/reset-password', { token: expired, password: 'expired-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' });
    const valid = await sign('reset', claims, user.id, now() + 600);
    expect((await post('/api/auth/reset-password', { token: valid, password: 'control-new-1' })).statusCode).toBe(200);
  });

  it('refuses invalid e-mails with 422 and nothing else', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    const bare = await post('/api/auth/forgot-password', JSON.stringify('a@b.co'), {
      'content-type': 'application/json',
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().detail).toEqual([
      { type: 'missing', loc: ['body', 'email'], msg: 'Field required', input: null },
    ]);
  });
});

describe('request-verify-token and verify', () => {
  it('mails the verification link as soon as an account is registered, in the language it registered in', async () => {
    const email = uniqueEmail('new');
    const res = await post('/api/auth/register', { email, password: PASSWORD }, { 'accept-language': 'ja' });
    expect(res.statusCode).toBe(201);
    const { token } = await mailedToken(email, 'verification', 'https://anglerdex.test/ja/user/verify?token=');
    expect(mailsTo(email)).toBe(1);
    const verified = await post('/api/auth/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email, is_verified: true });
  });

  it('mails a verification link; the token verifies once', async () => {
    const user = await register(ctx.app);
    const res = await post('/api/auth/request-verify-token', { email: user.email }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('null');
    const { token } = await mailedToken(user.email, 'verification', 'https://anglerdex.test/en/user/verify?token=');

    const verified = await post('/api/auth/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: user.id, is_verified: true });
    const twice = await post('/api/auth/verify', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toBe('{"detail":"VERIFY_USER_ALREADY_VERIFIED"}');

    // Already verified: silent, no new mail.
    const before = mailsTo(user.email);
    expect((await post('/api/auth/request-verify-token', { email: user.email })).statusCode).toBe(202);
    await settle();
    expect(mailsTo(user.email)).toBe(before);
  });

  it('refuses tokens of other audiences, tampered tokens and tokens of a changed e-mail', async () => {
    const { user, token: access } = await signedIn(ctx.app);
    const reset = await ctx.services.tokens.issueReset(user.id, (await storedUser(user.id)).hashed_password);
    const verify = await ctx.services.tokens.issueVerify(user.id, user.email);
    for (const token of [access, reset, `${verify}x`, 'garbage']) {
      const res = await post('/api/auth/verify', { token });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('{"detail":"VERIFY_USER_BAD_TOKEN"}');
    }
    const moved = await asUser(ctx.app, access, {
      method: 'PATCH',
      url: '/api/users/me',
      payload: { email: uniqueEmail('moved'), current_password: PASSWORD },
    });
    expect(moved.statusCode).toBe(200);
    expect((await post('/api/auth/verify', { token: verify })).json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' });
    expect((await post('/api/auth/verify', {})).statusCode).toBe(422);
  });

  it('sends no mail for an unknown or an inactive address, and answers 202 null alike', async () => {
    const inactive = await register(ctx.app);
    await ctx.db.kysely.updateTable('users').set({ is_active: false }).where('id', '=', inactive.id).execute();
    const ghost = uniqueEmail('ghost');
    for (const email of [ghost, inactive.email]) {
      const res = await post('/api/auth/request-verify-token', { email });
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('null');
    }
    await settle();
    expect(mailsTo(ghost)).toBe(0);
    // Only the mail its registration sent, before it was made inactive.
    expect(mailsTo(inactive.email)).toBe(1);
  });

  it('verifies an inactive user (docs/account-api.md §2.7: no is_active check)', async () => {
    const user = await register(ctx.app);
    const token = await ctx.services.tokens.issueVerify(user.id, user.email);
    await ctx.db.kysely.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const res = await post('/api/auth/verify', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, is_active: false, is_verified: true });
  });

  it('refuses an expired token (a control with the same key and a future exp is accepted)', async () => {
    const user = await register(ctx.app);
    const expired = await sign('verify', { email: user.email }, user.id, now() - 1);
    const res = await post('/api/auth/verify', { token: expired });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' });
    const valid = await sign('verify', { email: user.email }, user.id, now() + 600);
    expect((await post('/api/auth/verify', { token: valid })).statusCode).toBe(200);
  });
});

describe('account e-mails per address', () => {
  // An app of its own with a small limit; the same loopback SMTP server.
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({
      seed: false,
      env: { SMTP_URL: smtp.url, AUTH_IP_PER_MINUTE: '1000', AUTH_MAIL_PER_HOUR: '2' },
    });
  });
  afterAll(() => limited.close());
  const send = (url: string, email: string) => limited.app.inject({ method: 'POST', url, payload: { email } });

  it('answers 202 null over AUTH_MAIL_PER_HOUR but sends no more mail to that address, whichever route asks', async () => {
    const victim = await register(limited.app);
    for (let i = 0; i < 2; i++) expect((await send('/api/auth/forgot-password', victim.email)).statusCode).toBe(202);
    await smtp.waitFor(victim.email, 'password-reset');
    // Over the limit: the same answer, in any case of the address, on either route.
    const upper = victim.email.toUpperCase().replace('@EXAMPLE.COM', '@example.com');
    for (const res of [
      await send('/api/auth/forgot-password', upper),
      await send('/api/auth/request-verify-token', victim.email),
    ]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('null');
    }
    await settle();
    // The registration's verification mail was not counted: the two asked for went out, nothing more.
    expect(mailsTo(victim.email, 'password-reset')).toBe(2);
    expect(mailsTo(victim.email, 'verification')).toBe(1);

    // Another address is not affected.
    const bystander = await register(limited.app);
    expect((await send('/api/auth/forgot-password', bystander.email)).statusCode).toBe(202);
    await smtp.waitFor(bystander.email, 'password-reset');
  });
});

describe('bodies the parsers cannot take', () => {
  const json = { 'content-type': 'application/json' };
  const deep = (levels: number) => `{"x":${'['.repeat(levels)}${']'.repeat(levels)}}`;

  it('refuses absurdly nested JSON with a 422 json_invalid on every JSON route, never a 5xx', async () => {
    for (const url of ['/api/auth/register', '/api/c_report/clients']) {
      const res = await post(url, deep(10_000), json);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail).toEqual([
        {
          type: 'json_invalid',
          loc: ['body', 68],
          msg: 'JSON decode error',
          input: {},
          ctx: { error: 'Nesting deeper than 64 levels' },
        },
      ]);
    }
    // Brackets inside strings do not count; ordinary nesting is read as usual.
    const inString = await post('/api/auth/register', { email: 'no-at-sign', password: '['.repeat(5000) });
    expect(inString.json().detail[0]).toMatchObject({ loc: ['body', 'email'] });
    const shallow = await post('/api/auth/register', deep(60), json);
    expect(shallow.statusCode).toBe(422);
    expect(shallow.json().detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'email'] });
  });

  it('finds a NUL character however deep it sits', async () => {
    const res = await post('/api/auth/register', `{"x":${'['.repeat(50)}"a\\u0000b"${']'.repeat(50)}}`, json);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        type: 'string_nul',
        loc: ['body', 'x', ...Array<number>(50).fill(0)],
        msg: 'String should not contain NUL characters',
        input: 'a\u0000b',
      },
    ]);
  });

  it('reads a multipart body on a JSON route as the raw text FastAPI refuses, boundary or not', async () => {
    for (const url of ['/api/auth/register', '/api/auth/forgot-password']) {
      const noBoundary = await post(url, 'email=a%40b.co', { 'content-type': 'multipart/form-data' });
      expect(noBoundary.statusCode, url).toBe(422);
      expect(noBoundary.json().detail).toEqual([
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: 'email=a%40b.co',
        },
      ]);
      const { body, type } = await formData({ email: uniqueEmail(), password: PASSWORD });
      const wellFormed = await post(url, body, { 'content-type': type });
      expect(wellFormed.statusCode, url).toBe(422);
      expect(wellFormed.json().detail[0]).toMatchObject({ type: 'model_attributes_type', input: body.toString() });
    }
  });
});
