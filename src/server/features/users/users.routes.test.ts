/**
 * `/api/users/*` on the wire (docs/account-api.md §1.1–1.3, §2.8–2.10, §3.1, §6): reading the token, the current
 * user, profile edits, the superuser routes, the avatar upload and the `user:create` CLI. Real app, real database.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { SignJWT, decodeJwt, type JWTPayload } from 'jose';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRead } from '#shared/contracts/auth';
import { openDatabase } from '../../db/database';
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
import { cliPgUrl, cliTarget, pgAdmin, runCli } from '../../test/cli-sandbox';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
/** A superuser (flag set directly in the database) and a regular user, shared by tests that only read them. */
let admin: { user: UserRead; token: string };
let regular: { user: UserRead; token: string };

const AUDIENCE = 'fastapi-users:auth';
const UNAUTHORIZED = { detail: 'Unauthorized' };

beforeAll(async () => {
  // Many registrations, logins and avatar uploads from one IP: the limits are tested elsewhere.
  ctx = await createTestApp({
    seed: false,
    env: { AUTH_IP_PER_MINUTE: '100000', AVATAR_UPLOADS_PER_MINUTE: '100000' },
  });
  [admin, regular] = await Promise.all([signedIn(ctx.app), signedIn(ctx.app)]);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', admin.user.id).execute();
  admin.user = { ...admin.user, is_superuser: true };
});
afterAll(() => ctx?.close());

const inject = (options: InjectOptions) => ctx.app.inject(options);
const as = (token: string, options: InjectOptions) => asUser(ctx.app, token, options);
const me = (token: string) => as(token, { method: 'GET', url: '/api/users/me' });
const patchMe = (token: string, payload: unknown) =>
  as(token, { method: 'PATCH', url: '/api/users/me', payload: payload as InjectOptions['payload'] });
const adminPatch = (id: string, payload: Record<string, unknown>) =>
  as(admin.token, { method: 'PATCH', url: `/api/users/${id}`, payload });

const storedUser = (id: string) =>
  ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const secretKey = () => new TextEncoder().encode(ctx.config.jwtSecret);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 access token signed with the server's secret; each test changes one thing. */
function forge(claims: JWTPayload, sub: string, { exp = nowSeconds() + 600 }: { exp?: number | null } = {}) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(sub);
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt;
}

describe('GET /api/users/me', () => {
  it('answers the UserRead in the contract key order, as bare application/json, without the hash', async () => {
    const res = await me(regular.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const body = res.json();
    expect(Object.keys(body)).toEqual(USER_READ_KEYS);
    expect(body).toEqual(regular.user);
    expect(body).toMatchObject({
      email: regular.user.email,
      is_active: true,
      is_superuser: false,
      is_verified: false,
      avatar: null,
      bio: '',
      client_id: null,
      vip_expire_at: null,
      is_vip: false,
    });
    expect(res.body).not.toContain('hashed_password');
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('token_version');
    // Compact serialization.
    expect(res.body).toBe(JSON.stringify(body));
  });

  it('accepts the scheme in any case', async () => {
    const res = await inject({ url: '/api/users/me', headers: { authorization: `bearer ${regular.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(regular.user.id);
    const upper = await inject({ url: '/api/users/me', headers: { authorization: `BEARER ${regular.token}` } });
    expect(upper.statusCode).toBe(200);
  });

  it.each([
    ['no Authorization header', {}],
    ['a Basic scheme', { authorization: 'Basic x' }],
    ['a Basic scheme carrying a valid token', 'basic-with-token'],
    ['Bearer with an empty token', { authorization: 'Bearer ' }],
    ['Bearer without a space', { authorization: 'Bearer' }],
    ['a garbage token', { authorization: 'Bearer not.a.jwt' }],
    ['a token in a cookie', 'cookie'],
  ] as const)('answers a bare 401 for %s, without WWW-Authenticate', async (_label, headers) => {
    const resolved =
      headers === 'basic-with-token'
        ? { authorization: `Basic ${regular.token}` }
        : headers === 'cookie'
          ? { cookie: `access_token=${regular.token}` }
          : headers;
    const res = await inject({ url: '/api/users/me', headers: resolved });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('ignores a token in the query string', async () => {
    const res = await inject({ url: `/api/users/me?access_token=${regular.token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });
});

describe('access tokens', () => {
  it('issues {sub, aud: [audience], exp = now + lifetime} at login, signed HS256', async () => {
    const before = nowSeconds();
    const token = await login(ctx.app, regular.user.email);
    const after = nowSeconds();
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = decodeJwt(token);
    expect(payload.sub).toBe(regular.user.id);
    expect(payload.aud).toEqual([AUDIENCE]);
    expect(Array.isArray(payload.aud)).toBe(true);
    expect(typeof payload.exp).toBe('number');
    expect(ctx.config.accessTokenLifetime).toBe(3600);
    // exp = the second of issue + lifetime: between the clock read before the login and the one after it.
    expect(payload.exp).toBeGreaterThanOrEqual(before + 3600);
    expect(payload.exp).toBeLessThanOrEqual(after + 3600);
  });

  it('accepts a token forged with the right secret and claims (control for the refusals below)', async () => {
    const token = await forge({}, regular.user.id).setAudience([AUDIENCE]).sign(secretKey());
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(regular.user.id);
  });

  it('accepts aud as a plain string (Python-issued tokens)', async () => {
    const token = await forge({}, regular.user.id).setAudience(AUDIENCE).sign(secretKey());
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).aud).toBe(AUDIENCE);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(regular.user.id);
  });

  it('refuses a token without exp, signed with the real key (quirk 9 is not copied)', async () => {
    const token = await forge({}, regular.user.id, { exp: null }).setAudience([AUDIENCE]).sign(secretKey());
    expect(decodeJwt(token).exp).toBeUndefined();
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses an alg:none token', async () => {
    const payload = { sub: regular.user.id, aud: [AUDIENCE], exp: nowSeconds() + 600 };
    for (const header of [{ alg: 'none' }, { alg: 'none', typ: 'JWT' }, { alg: 'None' }]) {
      const token = `${b64url(header)}.${b64url(payload)}.`;
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('refuses a wrong or missing audience', async () => {
    const wrong = await forge({}, regular.user.id).setAudience(['fastapi-users:reset']).sign(secretKey());
    const wrongString = await forge({}, regular.user.id).setAudience('someone-else').sign(secretKey());
    const missing = await forge({}, regular.user.id).sign(secretKey());
    for (const token of [wrong, wrongString, missing]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('refuses an expired token (no leeway)', async () => {
    const token = await forge({}, regular.user.id, { exp: nowSeconds() - 2 })
      .setAudience([AUDIENCE])
      .sign(secretKey());
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TextEncoder().encode(`${ctx.config.jwtSecret}-but-not-quite`);
    const token = await forge({}, regular.user.id).setAudience([AUDIENCE]).sign(other);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a token whose sub is not a UUID, is missing, or names nobody', async () => {
    const notUuid = await forge({}, 'not-a-uuid').setAudience([AUDIENCE]).sign(secretKey());
    const numeric = await forge({}, '1').setAudience([AUDIENCE]).sign(secretKey());
    const nobody = await forge({}, randomUUID()).setAudience([AUDIENCE]).sign(secretKey());
    const noSub = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience([AUDIENCE])
      .setExpirationTime(nowSeconds() + 600)
      .sign(secretKey());
    for (const token of [notUuid, numeric, nobody, noSub]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('refuses a token with a crit header it does not understand', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', crit: ['x-anglerdex'], 'x-anglerdex': true })
      .setSubject(regular.user.id)
      .setAudience([AUDIENCE])
      .setExpirationTime(nowSeconds() + 600)
      .sign(secretKey(), { crit: { 'x-anglerdex': true } });
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it("refuses a deleted user's token", async () => {
    const doomed = await signedIn(ctx.app);
    expect((await me(doomed.token)).statusCode).toBe(200);
    const del = await as(admin.token, { method: 'DELETE', url: `/api/users/${doomed.user.id}` });
    expect(del.statusCode).toBe(204);
    const res = await me(doomed.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it("refuses an inactive user's token, still after reactivation (deactivation revokes it)", async () => {
    const sleeper = await signedIn(ctx.app);
    const off = await adminPatch(sleeper.user.id, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    const res = await me(sleeper.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    // Inactive users cannot log in either (same error as a wrong password).
    const denied = await loginRequest(ctx.app, sleeper.user.email, PASSWORD);
    expect(denied.statusCode).toBe(400);
    expect(denied.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });

    expect((await adminPatch(sleeper.user.id, { is_active: true })).statusCode).toBe(200);
    // The token issued before the deactivation stays dead; a new login works.
    const after = await me(sleeper.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHORIZED);
    expect((await me(await login(ctx.app, sleeper.user.email))).statusCode).toBe(200);
  });
});

describe('PATCH /api/users/me', () => {
  let editor: { user: UserRead; token: string };
  // A fresh account for every test: several tests change the profile they read.
  beforeEach(async () => {
    editor = await signedIn(ctx.app);
  });

  it('authenticates before validating the body', async () => {
    const res = await inject({ method: 'PATCH', url: '/api/users/me', payload: { email: 'bad' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    const garbage = await inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('needs a body: none → 422 missing body', async () => {
    const res = await as(editor.token, { method: 'PATCH', url: '/api/users/me' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
  });

  it('treats {} as a no-op', async () => {
    const before = (await me(editor.token)).json();
    const res = await patchMe(editor.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
  });

  it('refuses {"email": null} with a 422 (quirk 2 is not copied)', async () => {
    const res = await patchMe(editor.token, { email: null });
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail;
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({ loc: ['body', 'email'], input: null });
    expect((await me(editor.token)).json().email).toBe(editor.user.email);
  });

  it('treats {"password": null} as a no-op that keeps the token valid', async () => {
    const res = await patchMe(editor.token, { password: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(editor.user.id);
    expect((await me(editor.token)).statusCode).toBe(200);
  });

  it('type-checks the privilege flags: "maybe" → 422 bool_parsing', async () => {
    const res = await patchMe(editor.token, { is_active: 'maybe' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [
        {
          type: 'bool_parsing',
          loc: ['body', 'is_active'],
          msg: 'Input should be a valid boolean, unable to interpret input',
          input: 'maybe',
        },
      ],
    });
  });

  it('ignores the privilege flags on /me', async () => {
    for (const payload of [
      { is_superuser: true, is_verified: true, is_active: false },
      { is_superuser: 'yes', is_verified: 'yes', is_active: 'no' },
    ]) {
      const res = await patchMe(editor.token, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_superuser: false, is_verified: false, is_active: true });
    }
    const row = await ctx.db.kysely
      .selectFrom('users')
      .select(['is_superuser', 'is_active', 'is_verified'])
      .where('id', '=', editor.user.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.is_superuser)).toBe(false);
    expect(Boolean(row.is_active)).toBe(true);
    expect(Boolean(row.is_verified)).toBe(false);
    // Still active: the token still works, and the superuser routes still refuse.
    expect((await me(editor.token)).statusCode).toBe(200);
    expect((await as(editor.token, { method: 'GET', url: `/api/users/${admin.user.id}` })).statusCode).toBe(403);
  });

  it('refuses a one-character nickname with the exact message', async () => {
    const res = await patchMe(editor.token, { nickname: 'x' });
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail;
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({ loc: ['body', 'nickname'], msg: 'Nickname must be at least 2 characters long' });
    // Whitespace does not count.
    const padded = await patchMe(editor.token, { nickname: '  y  ' });
    expect(padded.statusCode).toBe(422);
    expect(padded.json().detail[0].msg).toBe('Nickname must be at least 2 characters long');
  });

  it('refuses a bio over 500 characters', async () => {
    const res = await patchMe(editor.token, { bio: 'b'.repeat(501) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'bio'], type: 'string_too_long' })]);
    expect((await me(editor.token)).json().bio).toBe('');
  });

  it('saves nickname and bio', async () => {
    const bio = 'Catches carp at dawn. '.repeat(22).slice(0, 500);
    const res = await patchMe(editor.token, { nickname: 'Old Man River', bio });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nickname: 'Old Man River', bio, email: editor.user.email });
    expect((await me(editor.token)).json()).toMatchObject({ nickname: 'Old Man River', bio });
    // Unknown fields are ignored, avatar and client_id are not settable here.
    const sneaky = await patchMe(editor.token, {
      avatar: '/media/avatars/evil.webp',
      client_id: 'bird_x',
      vip_expire_at: '2999-01-01T00:00:00Z',
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ avatar: null, client_id: null, vip_expire_at: null, is_vip: false });
  });

  it('refuses a form-encoded body with model_attributes_type', async () => {
    const res = await as(editor.token, {
      method: 'PATCH',
      url: '/api/users/me',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nickname=Formy',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: 'nickname=Formy',
        },
      ],
    });
  });

  describe('e-mail changes', () => {
    let mover: { user: UserRead; token: string };
    beforeEach(async () => {
      mover = await signedIn(ctx.app);
      const verified = await adminPatch(mover.user.id, { is_verified: true });
      expect(verified.json().is_verified).toBe(true);
    });

    it('keeps is_verified when the same e-mail is sent', async () => {
      const res = await patchMe(mover.token, { email: mover.user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: mover.user.email, is_verified: true });
    });

    it("refuses the user's own e-mail in another case (quirk 1)", async () => {
      const res = await patchMe(mover.token, { email: mover.user.email.toUpperCase(), current_password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS' });
      expect((await me(mover.token)).json()).toMatchObject({ email: mover.user.email, is_verified: true });
    });

    it("refuses another user's e-mail, in any case", async () => {
      for (const email of [regular.user.email, regular.user.email.toUpperCase()]) {
        const res = await patchMe(mover.token, { email, current_password: PASSWORD });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS' });
      }
    });

    it('lets the password error win over the e-mail error, whatever the key order', async () => {
      for (const payload of [
        { email: regular.user.email, password: '12345' },
        { password: '12345', email: regular.user.email },
      ]) {
        const res = await patchMe(mover.token, { ...payload, current_password: PASSWORD });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: { code: 'UPDATE_USER_INVALID_PASSWORD', reason: 'Password must be at least 6 characters long' },
        });
      }
    });

    it("refuses a valid new password with another user's e-mail, and changes nothing", async () => {
      const before = await storedUser(mover.user.id);
      for (const payload of [
        { password: 'valid-pass', email: regular.user.email },
        { email: regular.user.email.toUpperCase(), password: 'valid-pass' },
      ]) {
        const res = await patchMe(mover.token, { ...payload, current_password: PASSWORD });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS' });
      }
      const after = await storedUser(mover.user.id);
      expect(after.hashed_password).toBe(before.hashed_password);
      expect(after.token_version).toBe(before.token_version);
      expect((await me(mover.token)).statusCode).toBe(200);
    });

    it('sets a new e-mail and makes the user unverified (then it logs in with it)', async () => {
      const fresh = uniqueEmail('moved');
      const res = await patchMe(mover.token, { email: fresh, current_password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: mover.user.id, email: fresh, is_verified: false });
      expect((await me(mover.token)).json()).toMatchObject({ email: fresh, is_verified: false });
      expect(await login(ctx.app, fresh.toUpperCase())).toEqual(expect.any(String));
      // The old address is free again.
      const old = await loginRequest(ctx.app, mover.user.email, PASSWORD);
      expect(old.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
    });
  });

  describe('password changes', () => {
    it('refuses a password under 6 characters', async () => {
      const res = await patchMe(editor.token, { password: 'abcde', current_password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: { code: 'UPDATE_USER_INVALID_PASSWORD', reason: 'Password must be at least 6 characters long' },
      });
      expect((await me(editor.token)).statusCode).toBe(200);
    });

    it('refuses a password over 256 bytes (counted in bytes, not characters)', async () => {
      for (const password of ['a'.repeat(257), 'é'.repeat(129)]) {
        const res = await patchMe(editor.token, { password, current_password: PASSWORD });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: { code: 'UPDATE_USER_INVALID_PASSWORD', reason: 'Password must be at most 256 bytes long' },
        });
      }
      expect((await me(editor.token)).statusCode).toBe(200);
    });

    it('revokes every older token, the one used included; the new password logs in, the old one does not', async () => {
      const changer = await signedIn(ctx.app);
      const second = await login(ctx.app, changer.user.email);
      // 128 × "é" = 256 bytes: exactly at the limit.
      const newPassword = 'é'.repeat(128);
      const res = await patchMe(changer.token, { password: newPassword, current_password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: changer.user.id, email: changer.user.email });
      expect(res.body).not.toContain('password');

      for (const token of [changer.token, second]) {
        const after = await me(token);
        expect(after.statusCode).toBe(401);
        expect(after.json()).toEqual(UNAUTHORIZED);
      }
      const fresh = await login(ctx.app, changer.user.email, newPassword);
      expect((await me(fresh)).statusCode).toBe(200);
      const old = await loginRequest(ctx.app, changer.user.email, PASSWORD);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
    });

    it('lets the later of two simultaneous password changes win, with only contract answers', async () => {
      const racer = await signedIn(ctx.app);
      const second = await login(ctx.app, racer.user.email);
      // Both requests read the same stored hash before either writes (hashing takes the time in between).
      const answers = await Promise.all([
        patchMe(racer.token, { password: 'racer-first-1', current_password: PASSWORD }),
        patchMe(second, { password: 'racer-second-2', current_password: PASSWORD }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      const wins = await Promise.all(
        ['racer-first-1', 'racer-second-2'].map(
          async (p) => (await loginRequest(ctx.app, racer.user.email, p)).statusCode,
        ),
      );
      expect(wins.sort()).toEqual([200, 400]);
    });
  });
});

describe('superuser routes /api/users/{id}', () => {
  let target: UserRead;
  // A fresh target for every test: some tests change it, others compare it with what they read.
  beforeEach(async () => {
    target = await register(ctx.app);
  });

  it('lets a superuser read any user', async () => {
    const res = await as(admin.token, { method: 'GET', url: `/api/users/${target.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    expect(res.json()).toEqual(target);
  });

  it('answers 403 Forbidden to a regular user on GET, PATCH and DELETE', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await as(regular.token, {
        method,
        url: `/api/users/${target.id}`,
        ...(method === 'PATCH' ? { payload: { is_superuser: true } } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Forbidden' });
    }
    // Nothing changed.
    expect((await as(admin.token, { method: 'GET', url: `/api/users/${target.id}` })).json()).toEqual(target);
    // Not even about a user that does not exist, or an invalid id (auth comes first).
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await as(regular.token, { method: 'GET', url: `/api/users/${id}` });
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers 401 without a token on GET, PATCH and DELETE', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await inject({
        method,
        url: `/api/users/${target.id}`,
        ...(method === 'PATCH' ? { payload: { is_superuser: 'maybe' } } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('answers 404 Not Found (not 422) for an invalid or unknown id', async () => {
    for (const id of ['not-a-uuid', '123', randomUUID(), `${target.id}x`]) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await as(admin.token, {
          method,
          url: `/api/users/${id}`,
          ...(method === 'PATCH' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not Found' });
      }
    }
  });

  it('lets a superuser set is_active, is_superuser and is_verified', async () => {
    const res = await adminPatch(target.id, { is_active: false, is_superuser: true, is_verified: 'yes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, is_active: false, is_superuser: true, is_verified: true });
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    const read = await as(admin.token, { method: 'GET', url: `/api/users/${target.id}` });
    expect(read.json()).toMatchObject({ is_active: false, is_superuser: true, is_verified: true });

    const back = await adminPatch(target.id, { is_active: true, is_superuser: false, is_verified: false });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ is_active: true, is_superuser: false, is_verified: false });
  });

  it('applies the same e-mail and password rules as /me', async () => {
    const taken = await adminPatch(target.id, { email: regular.user.email.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS' });
    const short = await adminPatch(target.id, { password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      detail: { code: 'UPDATE_USER_INVALID_PASSWORD', reason: 'Password must be at least 6 characters long' },
    });
    const before = await storedUser(target.id);
    const both = await adminPatch(target.id, { password: 'valid-pass', email: regular.user.email });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS' });
    expect((await storedUser(target.id)).hashed_password).toBe(before.hashed_password);
    const invalid = await adminPatch(target.id, { is_active: 'maybe' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail[0]).toMatchObject({ type: 'bool_parsing', loc: ['body', 'is_active'] });
  });

  it('gives the superuser powers to a promoted user', async () => {
    const promoted = await signedIn(ctx.app);
    expect((await as(promoted.token, { method: 'GET', url: `/api/users/${target.id}` })).statusCode).toBe(403);
    expect((await adminPatch(promoted.user.id, { is_superuser: true })).statusCode).toBe(200);
    const res = await as(promoted.token, { method: 'GET', url: `/api/users/${target.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(target.id);
  });

  it('deletes with 204, no body and no content-type; a second DELETE is 404', async () => {
    const victim = await register(ctx.app);
    const res = await as(admin.token, { method: 'DELETE', url: `/api/users/${victim.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    expect((await as(admin.token, { method: 'GET', url: `/api/users/${victim.id}` })).statusCode).toBe(404);
    const again = await as(admin.token, { method: 'DELETE', url: `/api/users/${victim.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Not Found' });
    const row = await ctx.db.kysely.selectFrom('users').select('id').where('id', '=', victim.id).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('ignores a body on DELETE, even an empty or malformed JSON one', async () => {
    for (const payload of ['', '{"x":']) {
      const victim = await register(ctx.app);
      const res = await as(admin.token, {
        method: 'DELETE',
        url: `/api/users/${victim.id}`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(204);
    }
  });

  it('routes DELETE /api/users/me to /{id}: 403 for a regular user, 404 for a superuser (quirk 10)', async () => {
    const asRegular = await as(regular.token, { method: 'DELETE', url: '/api/users/me' });
    expect(asRegular.statusCode).toBe(403);
    expect(asRegular.json()).toEqual({ detail: 'Forbidden' });
    const asAdmin = await as(admin.token, { method: 'DELETE', url: '/api/users/me' });
    expect(asAdmin.statusCode).toBe(404);
    expect(asAdmin.json()).toEqual({ detail: 'Not Found' });
    expect((await me(admin.token)).statusCode).toBe(200);
    expect((await me(regular.token)).statusCode).toBe(200);
  });

  it('answers 405 with an Allow header for PUT and POST on /api/users/me', async () => {
    for (const method of ['PUT', 'POST'] as const) {
      const res = await as(regular.token, { method, url: '/api/users/me', payload: {} });
      expect(res.statusCode).toBe(405);
      expect(res.json()).toEqual({ detail: 'Method Not Allowed' });
      const allow = String(res.headers.allow ?? '')
        .split(',')
        .map((m) => m.trim());
      expect(allow).toEqual(expect.arrayContaining(['GET', 'PATCH']));
      expect(allow).not.toContain(method);
    }
  });

  it('redirects a trailing slash with 307 to the route without it', async () => {
    const res = await as(regular.token, { method: 'GET', url: '/api/users/me/' });
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('/api/users/me');
    expect(res.body).toBe('');
  });
});

/** A multipart/form-data body as a browser would send it. */
async function multipart(parts: { name: string; data: Buffer | string; filename?: string; type?: string }[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined && typeof part.data === 'string') form.append(part.name, part.data);
    else {
      const bytes = typeof part.data === 'string' ? Buffer.from(part.data) : part.data;
      form.append(part.name, new Blob([new Uint8Array(bytes)], { type: part.type ?? '' }), part.filename ?? 'blob');
    }
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

const picture = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#3a7' } });

describe('POST /api/users/me/avatar', () => {
  let owner: { user: UserRead; token: string };
  const avatarDir = () => path.join(ctx.config.dataDir, 'media', 'avatars');
  const AVATAR_URL = /^\/media\/avatars\/[0-9a-f]{32}\.webp$/;

  beforeEach(async () => {
    owner = await signedIn(ctx.app);
  });

  async function upload(
    token: string,
    data: Buffer | string,
    { filename = 'avatar.png', type = 'image/png', field = 'file' } = {},
  ) {
    const body = await multipart([{ name: field, data, filename, type }]);
    return as(token, { method: 'POST', url: '/api/users/me/avatar', ...body });
  }

  const stored = (url: string) => readFileSync(path.join(avatarDir(), url.slice('/media/avatars/'.length)));

  it.each([
    ['PNG', () => picture().png().toBuffer(), 'image/png'],
    ['JPEG', () => picture(300, 200).jpeg().toBuffer(), 'image/jpeg'],
    ['WebP', () => picture(48, 64).webp().toBuffer(), 'image/webp'],
  ] as const)('accepts a %s and serves it back as a 256×256 WebP', async (_label, make, type) => {
    const res = await upload(owner.token, await make(), { type, filename: `me.${type.split('/')[1]}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const body = res.json();
    expect(Object.keys(body)).toEqual(USER_READ_KEYS);
    expect(body.id).toBe(owner.user.id);
    expect(body.avatar).toMatch(AVATAR_URL);
    expect((await me(owner.token)).json().avatar).toBe(body.avatar);

    const served = await inject({ method: 'GET', url: body.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('drops EXIF metadata', async () => {
    const withExif = await picture(120, 90)
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'GPS 48.85N 2.35E' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeInstanceOf(Buffer);
    const res = await upload(owner.token, withExif, { type: 'image/jpeg', filename: 'holiday.jpg' });
    expect(res.statusCode).toBe(200);
    const served = await inject({ method: 'GET', url: res.json().avatar });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('removes the previous picture when a new one is uploaded', async () => {
    const swapper = await signedIn(ctx.app);
    const first = await upload(swapper.token, await picture().png().toBuffer());
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().avatar;
    const firstFile = path.join(avatarDir(), path.basename(firstUrl));
    expect(existsSync(firstFile)).toBe(true);

    const second = await upload(swapper.token, await picture(80, 80).jpeg().toBuffer(), { type: 'image/jpeg' });
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().avatar;
    expect(secondUrl).toMatch(AVATAR_URL);
    expect(secondUrl).not.toBe(firstUrl);

    expect(existsSync(firstFile)).toBe(false);
    const gone = await inject({ method: 'GET', url: firstUrl });
    expect(gone.statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200);
    expect((await me(swapper.token)).json().avatar).toBe(secondUrl);
  });

  it('accepts exactly 5,242,880 bytes and refuses 5,242,881 with 413', async () => {
    const png = await picture().png().toBuffer();
    // Decoders ignore bytes after IEND: a valid PNG of exactly the limit.
    const atLimit = Buffer.concat([png, Buffer.alloc(5_242_880 - png.length, 0x20)]);
    expect(atLimit.length).toBe(5_242_880);
    const ok = await upload(owner.token, atLimit);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().avatar).toMatch(AVATAR_URL);

    const before = (await me(owner.token)).json().avatar;
    const over = await upload(owner.token, Buffer.concat([atLimit, Buffer.from([0x20])]));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ detail: 'AVATAR_TOO_LARGE' });
    expect((await me(owner.token)).json().avatar).toBe(before);
  });

  it('recognises the format by content: a text file named .png → 415', async () => {
    const before = (await me(owner.token)).json().avatar;
    const res = await upload(owner.token, 'just some text, not a picture\n'.repeat(10));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'AVATAR_UNSUPPORTED_FORMAT' });
    expect((await me(owner.token)).json().avatar).toBe(before);
  });

  it('refuses SVG and GIF with 415', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script>' +
      '<rect width="64" height="64" fill="red"/></svg>';
    const gif = await picture(16, 16).gif().toBuffer();
    for (const [data, type, filename] of [
      [svg, 'image/svg+xml', 'a.svg'],
      [svg, 'image/png', 'a.png'],
      [gif, 'image/gif', 'a.gif'],
      [gif, 'image/png', 'a.png'],
    ] as const) {
      const res = await upload(owner.token, data, { type, filename });
      expect(res.statusCode, `${type} ${filename}`).toBe(415);
      expect(res.json()).toEqual({ detail: 'AVATAR_UNSUPPORTED_FORMAT' });
    }
  });

  it('re-encodes a PNG/HTML polyglot so no script survives', async () => {
    const polyglot = Buffer.concat([
      await picture().png().toBuffer(),
      Buffer.from('<html><body><script>alert(1)</script></body></html>'),
    ]);
    const res = await upload(owner.token, polyglot, { type: 'image/png', filename: 'x.html' });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatar;
    expect(url).toMatch(AVATAR_URL);
    const file = stored(url);
    expect(file.includes(Buffer.from('<script'))).toBe(false);
    expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await sharp(file).metadata()).format).toBe('webp');
    const served = await inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
  });

  it('needs the `file` field: 422 missing body.file', async () => {
    const missing = { detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }] };
    const onlyText = await multipart([{ name: 'note', data: 'hello' }]);
    const res = await as(owner.token, { method: 'POST', url: '/api/users/me/avatar', ...onlyText });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(missing);

    const wrongField = await upload(owner.token, await picture().png().toBuffer(), { field: 'picture' });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json()).toEqual(missing);

    const json = await as(owner.token, { method: 'POST', url: '/api/users/me/avatar', payload: { file: 'x' } });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual(missing);
  });

  it('answers 400 for a multipart body it cannot read: no boundary, or an upload cut off', async () => {
    const before = (await me(owner.token)).json().avatar;
    const noBoundary = await as(owner.token, {
      method: 'POST',
      url: '/api/users/me/avatar',
      payload: 'file=x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ detail: 'Missing boundary in multipart.' });

    const whole = await multipart([{ name: 'file', data: await picture().png().toBuffer(), filename: 'a.png' }]);
    const truncated = await as(owner.token, {
      method: 'POST',
      url: '/api/users/me/avatar',
      headers: whole.headers,
      // The closing boundary and the end of the picture never arrive.
      payload: whole.payload.subarray(0, whole.payload.length - 80),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ detail: 'There was an error parsing the body' });
    expect((await me(owner.token)).json().avatar).toBe(before);
  });

  it('needs a token', async () => {
    const body = await multipart([{ name: 'file', data: await picture().png().toBuffer(), filename: 'a.png' }]);
    const res = await inject({ method: 'POST', url: '/api/users/me/avatar', ...body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });
});

describe('npm run user:create', () => {
  let dataDir: string;
  const pgUrl = cliPgUrl;
  let pgSchema = '';
  const target = () => cliTarget(dataDir);

  // A database of its own for every test: each one counts the users it finds.
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-cli-'));
    pgSchema = `t_cli_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    if (pgUrl) await pgAdmin(`create schema ${pgSchema}`);
  });
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) await pgAdmin(`drop schema if exists ${pgSchema} cascade`);
  });

  const run = (...args: string[]) =>
    runCli('src/server/features/users/user-create-cli.ts', args, { dataDir, pgSchema });

  async function usersInDb() {
    const db = await openDatabase(target(), pgUrl ? { pgSchema } : {});
    try {
      return await db.kysely.selectFrom('users').selectAll().execute();
    } finally {
      await db.close();
    }
  }

  it('creates a verified superuser, refuses the same e-mail in another case and a short password', async () => {
    const created = await run('--email', 'Boss@Example.com', '--password', 'hunter22', '--superuser');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('superuser');

    let rows = await usersInDb();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Boss@example.com', email_lower: 'boss@example.com', nickname: 'Boss' });
    expect(Boolean(rows[0]!.is_superuser)).toBe(true);
    expect(Boolean(rows[0]!.is_active)).toBe(true);
    expect(Boolean(rows[0]!.is_verified)).toBe(true);
    expect(rows[0]!.hashed_password).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);

    const [duplicate, short] = await Promise.all([
      run('--email', 'BOSS@example.COM', '--password', 'hunter22'),
      run('--email', 'other@example.com', '--password', '12345', '--superuser'),
    ]);
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toContain('exists already');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('Password must be at least 6 characters long');

    rows = await usersInDb();
    expect(rows.map((r) => r.email)).toEqual(['Boss@example.com']);
  });

  it("applies register's nickname rules: trimmed, 2 to 40 characters", async () => {
    const [empty, long, trimmed] = await Promise.all([
      run('--email', 'empty@example.com', '--password', 'hunter22', '--nickname', ' '),
      run('--email', 'long@example.com', '--password', 'hunter22', '--nickname', 'n'.repeat(101)),
      run('--email', 'trim@example.com', '--password', 'hunter22', '--nickname', '  Pike  '),
    ]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('Nickname must be at least 2 characters long');
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('Nickname must be at most 40 characters long');
    expect(trimmed.code, trimmed.stderr).toBe(0);

    const rows = await usersInDb();
    expect(rows.find((r) => r.email === 'trim@example.com')?.nickname).toBe('Pike');
    expect(rows.map((r) => r.email)).not.toEqual(expect.arrayContaining(['empty@example.com']));
    expect(rows.map((r) => r.email)).not.toEqual(expect.arrayContaining(['long@example.com']));
  });
});
