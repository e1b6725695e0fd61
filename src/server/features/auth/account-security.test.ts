/**
 * Issue 13 on the auth side (decision 0010), real app and database, mail through a real loopback SMTP server:
 * `Cache-Control: no-store` on every account answer, recovery routes that answer before looking anything up, one
 * account per mailbox whatever form its domain is written in, unsafe characters refused in nicknames, the change
 * notice after a reset, and no token ever in the log.
 */
import { readdir, readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../accounts/users.repository';
import { PASSWORD, asUser, login, loginRequest, register, signedIn, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailKind, startSmtp, type TestSmtp } from '../../test/test-smtp';

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
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

/** A promise the test resolves when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Cache-Control: no-store', () => {
  it('is on every auth and user answer, errors included', async () => {
    const { user, token } = await signedIn(ctx.app);
    const answers = {
      'login 200': await loginRequest(ctx.app, user.email, PASSWORD),
      'login 400': await loginRequest(ctx.app, user.email, 'wrong-password'),
      'login 422': await post('/api/auth/jwt/login', {}),
      'register 201': await post('/api/auth/register', { email: uniqueEmail(), password: PASSWORD }),
      'register 422': await post('/api/auth/register', { email: 'nope' }),
      'forgot-password 202': await post('/api/auth/forgot-password', { email: uniqueEmail('ghost') }),
      'verify 400': await post('/api/auth/verify', { token: 'garbage' }),
      'logout 401': await post('/api/auth/jwt/logout', {}),
      'me 200': await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' }),
      'me 401': await ctx.app.inject({ method: 'GET', url: '/api/users/me' }),
      'patch me 400': await asUser(ctx.app, token, {
        method: 'PATCH',
        url: '/api/users/me',
        payload: { password: 'x' },
      }),
      'user 403': await asUser(ctx.app, token, { method: 'GET', url: `/api/users/${user.id}` }),
      'avatar 422': await asUser(ctx.app, token, { method: 'POST', url: '/api/users/me/avatar', payload: {} }),
      // The logger routes of an account, and the one that answers a logger's secret token.
      'bind 404': await asUser(ctx.app, token, {
        method: 'POST',
        url: '/api/c_report/user/bind_client_id',
        payload: { client_id: 'bird_nobody', code: 'ABCD2345' },
      }),
      'unbind 401': await ctx.app.inject({ method: 'DELETE', url: '/api/c_report/user/bind_client_id' }),
      'create client 201': await post('/api/c_report/clients', {}),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBe(Number(name.split(' ').at(-1)));
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    // Not a blanket header: the catalogue stays cacheable.
    expect((await ctx.app.inject('/api/system/get_categories')).headers['cache-control']).not.toBe('no-store');
  });
});

describe('recovery routes answer first', () => {
  it('answers forgot-password 202 while the account lookup has not even finished, then mails', async () => {
    const user = await register(ctx.app);
    const lookup = deferred<void>();
    const findByEmail = ctx.services.users.findByEmail.bind(ctx.services.users);
    const spy = vi.spyOn(ctx.services.users, 'findByEmail').mockImplementation(async (email: string) => {
      await lookup.promise;
      return findByEmail(email);
    });

    const res = await post('/api/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('null');
    // The answer is out; the lookup is still held, so no mail can have been sent yet.
    expect(smtp.mailsTo(user.email, 'password-reset')).toHaveLength(0);
    lookup.resolve();
    const mail = await smtp.waitFor(user.email, 'password-reset');
    expect(mail.text).toContain('/user/reset-pwd?token=');
    expect(spy).toHaveBeenCalledWith(user.email);
  });

  it('answers request-verify-token the same way', async () => {
    const user = await register(ctx.app);
    await smtp.waitFor(user.email, 'verification'); // the one its registration sent
    const lookup = deferred<void>();
    const findByEmail = ctx.services.users.findByEmail.bind(ctx.services.users);
    vi.spyOn(ctx.services.users, 'findByEmail').mockImplementation(async (email: string) => {
      await lookup.promise;
      return findByEmail(email);
    });
    expect((await post('/api/auth/request-verify-token', { email: user.email })).statusCode).toBe(202);
    expect(smtp.mailsTo(user.email, 'verification')).toHaveLength(1);
    lookup.resolve();
    await vi.waitFor(() => expect(smtp.mailsTo(user.email, 'verification')).toHaveLength(2));
    expect(smtp.mailsTo(user.email, 'verification')[1]!.text).toContain('/user/verify?token=');
  });

  it('still answers 202 when the work after the answer fails, and logs the failure', async () => {
    vi.spyOn(ctx.services.users, 'findByEmail').mockRejectedValue(new Error('database on fire'));
    const logged = vi.spyOn(ctx.app.log, 'error');
    const email = uniqueEmail('doomed');
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
    await ctx.services.tasks.drain();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({
        task: 'password reset',
        err: expect.objectContaining({ message: 'database on fire' }),
      }),
      'background task failed',
    );
    expect(smtp.messages.some((m) => m.rcptTo.includes(email))).toBe(false);
  });
});

describe('internationalised domains', () => {
  it('makes the IDN and punycode forms of a domain one account, stored and shown in punycode', async () => {
    const local = `idn.${Date.now().toString(36)}`;
    const unicode = `${local}@bücher.example`;
    const ascii = `${local}@xn--bcher-kva.example`;
    const created = await post('/api/auth/register', { email: unicode, password: PASSWORD });
    expect(created.statusCode).toBe(201);
    expect(created.json().email).toBe(ascii);

    // Either form, in any case, logs in to that account; neither can register again.
    for (const form of [ascii, unicode, `${local}@BÜCHER.example`, ascii.toUpperCase()]) {
      const res = await loginRequest(ctx.app, form, PASSWORD);
      expect(res.statusCode, form).toBe(200);
    }
    for (const form of [ascii, unicode]) {
      const again = await post('/api/auth/register', { email: form, password: PASSWORD });
      expect(again.json(), form).toEqual({ detail: 'REGISTER_USER_ALREADY_EXISTS' });
    }

    // Forgot-password in the other form reaches the same account (and its stored address).
    expect((await post('/api/auth/forgot-password', { email: ascii })).statusCode).toBe(202);
    // smtp-server reports the recipient with its domain decoded to Unicode; the message went to the stored address.
    const mail = await smtp.waitFor(unicode, 'password-reset');
    const token = new URL(mail.text!.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect((await post('/api/auth/reset-password', { token, password: 'idn-new-pass' })).statusCode).toBe(200);
    expect((await loginRequest(ctx.app, unicode, 'idn-new-pass')).statusCode).toBe(200);

    // The profile: the user's own address in the other form is no change (no current password needed).
    const access = await login(ctx.app, ascii, 'idn-new-pass');
    const same = await asUser(ctx.app, access, { method: 'PATCH', url: '/api/users/me', payload: { email: unicode } });
    expect(same.statusCode).toBe(200);
    expect(same.json().email).toBe(ascii);
  });
});

describe('nicknames at registration', () => {
  it.each([
    ['a right-to-left override', 'Pike\u202Eevil', 'U+202E'],
    ['a zero-width space', 'Pi\u200Bke', 'U+200B'],
    ['a line break', 'Pike\r\nBcc: x', 'U+000A, U+000D'],
    ['a lone surrogate', 'Pike\uD800', 'U+D800'],
    ['a no-break space', 'Pike\u00A0Hunter', 'U+00A0'],
  ])('refuses %s with a 422 that names it', async (_label, nickname, list) => {
    const email = uniqueEmail();
    const res = await post('/api/auth/register', { email, password: PASSWORD, nickname });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      expect.objectContaining({
        type: 'value_error',
        loc: ['body', 'nickname'],
        msg: `Nickname contains unsafe characters: ${list}.`,
      }),
    ]);
    expect(await ctx.services.users.findByEmail(email)).toBeNull();
  });

  it('accepts spaces, punctuation and any script', async () => {
    for (const nickname of ['Old Man River', '钓鱼王', 'ヌシ釣り', 'Ángel-Pêcheur 🎣']) {
      const res = await post('/api/auth/register', { email: uniqueEmail(), password: PASSWORD, nickname });
      expect(res.statusCode, nickname).toBe(201);
      expect(res.json().nickname).toBe(nickname);
    }
  });
});

describe('after a password reset', () => {
  it('mails a notice to the user in their language', async () => {
    const ja = await register(ctx.app);
    // Registered in Japanese (the language the account's mails go out in when no other is known).
    await ctx.db.kysely.updateTable('users').set({ locale: 'ja' }).where('id', '=', ja.id).execute();
    const stored = (await ctx.services.users.findById(ja.id)) as User;
    const token = await ctx.services.tokens.issueReset(ja.id, stored.hashed_password);
    expect((await post('/api/auth/reset-password', { token, password: 'reset-notice-1' })).statusCode).toBe(200);
    const notice = await smtp.waitFor(ja.email, 'password-changed');
    expect(notice.subject).toBe('Anglerdex パスワード変更のお知らせ');
    expect(notice.text).not.toContain('token');
  });
});

describe('the log', () => {
  it('names the outbox file of a reset mail but never holds a token, not even from the link being opened', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // No SMTP_URL: the mail goes to the outbox.
    const quiet = await createTestApp({ seed: false, logger: { level: 'trace', stream } });
    try {
      const user = await register(quiet.app);
      expect(
        (await quiet.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } }))
          .statusCode,
      ).toBe(202);
      await quiet.services.tasks.drain();
      const outbox = path.join(quiet.config.dataDir, 'outbox');
      // The outbox also holds the verification mail its registration sent.
      const mails = await Promise.all(
        (await readdir(outbox)).map(async (name) => ({
          file: name,
          mail: await simpleParser(await readFile(path.join(outbox, name))),
        })),
      );
      const { file, mail } = mails.find((candidate) => mailKind(candidate.mail) === 'password-reset')!;
      const link = mail.text!.match(/https?:\/\/\S+/)![0];
      const token = new URL(link).searchParams.get('token')!;
      expect(token.split('.')).toHaveLength(3);

      // Opening the link: the request line is logged with the token hidden.
      await quiet.app.inject({ method: 'GET', url: `/user/reset-pwd?token=${token}&lang=en` });
      const log = lines.join('');
      expect(log).toContain(file);
      expect(log).toContain('/user/reset-pwd?token=[redacted]&lang=en');
      for (const secret of [token, ...token.split('.').slice(1), link]) expect(log).not.toContain(secret);
    } finally {
      await quiet.close();
    }
  });
});
