/**
 * The auth rate limits (docs/design.md §4, decision 0010): attempts per client IP on login, register, forgot-password
 * and request-verify-token, failed logins per (account, client address) and the per-account ceiling that slows down
 * instead of refusing, `X-Forwarded-For` believed only from the proxies TRUST_PROXY names or counts, and one count
 * shared by every instance on one Redis.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, loginRequest, register, uniqueEmail } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';

const open: TestContext[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((ctx) => ctx.close()));
});
async function app(env: Record<string, string>): Promise<TestContext> {
  const ctx = await createTestApp({ seed: false, env });
  open.push(ctx);
  return ctx;
}

function expectRateLimited(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(res.body).toBe('{"detail":"RATE_LIMITED"}');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return retryAfter;
}

describe('per client IP', () => {
  it('limits each auth route to AUTH_IP_PER_MINUTE attempts a minute, then 429 with Retry-After', async () => {
    const ctx = await app({ AUTH_IP_PER_MINUTE: '3' });
    const forgot = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });
    for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(202);
    expect(expectRateLimited(await forgot())).toBeLessThanOrEqual(60);

    // Counted per route: login is still open, and is limited on its own.
    for (let i = 0; i < 3; i++) expect((await loginRequest(ctx.app, 'x@y.co', 'nope-nope')).statusCode).toBe(400);
    expectRateLimited(await loginRequest(ctx.app, 'x@y.co', 'nope-nope'));

    const reg = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: uniqueEmail(), password: '1' } });
    for (let i = 0; i < 3; i++) expect((await reg()).statusCode).toBe(400);
    expectRateLimited(await reg());

    const verify = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/request-verify-token', payload: { email: 'a@b.co' } });
    for (let i = 0; i < 3; i++) expect((await verify()).statusCode).toBe(202);
    expectRateLimited(await verify());

    // Another address is not affected.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'a@b.co' },
      remoteAddress: '10.1.2.3',
    });
    expect(other.statusCode).toBe(202);
  });

  const forgotVia = (ctx: TestContext, remoteAddress: string, forwardedFor?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'a@b.co' },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const direct = await app({ AUTH_IP_PER_MINUTE: '2' });
    expect((await forgotVia(direct, '192.0.2.10', '1.1.1.1')).statusCode).toBe(202);
    expect((await forgotVia(direct, '192.0.2.10', '2.2.2.2')).statusCode).toBe(202);
    expectRateLimited(await forgotVia(direct, '192.0.2.10', '3.3.3.3'));
  });

  it('behind TRUST_PROXY=1 counts a spoofed leftmost X-Forwarded-For entry against the real address', async () => {
    const proxied = await app({ AUTH_IP_PER_MINUTE: '2', TRUST_PROXY: '1' });
    // The proxy (10.0.0.2) appends the address it saw; the client writes whatever it likes before it.
    expect((await forgotVia(proxied, '10.0.0.2', '1.1.1.1, 203.0.113.7')).statusCode).toBe(202);
    expect((await forgotVia(proxied, '10.0.0.2', '2.2.2.2, 203.0.113.7')).statusCode).toBe(202);
    expectRateLimited(await forgotVia(proxied, '10.0.0.2', '3.3.3.3, 203.0.113.7'));
    // Another client behind the same proxy has a count of its own.
    expect((await forgotVia(proxied, '10.0.0.2', '3.3.3.3, 198.51.100.9')).statusCode).toBe(202);
  });

  it('with a TRUST_PROXY list believes X-Forwarded-For only from the listed proxies', async () => {
    const listed = await app({ AUTH_IP_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    for (const real of ['203.0.113.7', '203.0.113.8']) {
      expect((await forgotVia(listed, '10.1.2.3', real)).statusCode).toBe(202);
      expect((await forgotVia(listed, '192.0.2.1', real)).statusCode).toBe(202);
      expectRateLimited(await forgotVia(listed, '10.1.2.3', real));
    }
    // Not a listed proxy: its X-Forwarded-For is its own invention, so it counts against the peer address.
    expect((await forgotVia(listed, '198.51.100.20', '4.4.4.4')).statusCode).toBe(202);
    expect((await forgotVia(listed, '198.51.100.20', '5.5.5.5')).statusCode).toBe(202);
    expectRateLimited(await forgotVia(listed, '198.51.100.20', '6.6.6.6'));
  });
});

/** A login from a given client address. */
function loginFrom(ctx: TestContext, remoteAddress: string, username: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
}

describe('failed logins per account', () => {
  it('refuses, after AUTH_ACCOUNT_PER_15MIN failures, only the address that failed; others still log in', async () => {
    const ctx = await app({ AUTH_ACCOUNT_PER_15MIN: '3', AUTH_IP_PER_MINUTE: '1000' });
    const victim = await register(ctx.app);
    const bystander = await register(ctx.app);
    const attacker = '198.51.100.66';
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(ctx, attacker, victim.email, 'guess-' + i)).statusCode).toBe(400);
    // That address gets 429, even with the right password (it may be the attacker who found it)…
    const retryAfter = expectRateLimited(await loginFrom(ctx, attacker, victim.email, PASSWORD));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // …in any case of the address…
    expectRateLimited(await loginFrom(ctx, attacker, victim.email.toUpperCase(), PASSWORD));
    // …but the owner, from anywhere else, is never locked out, and the attacker's address stays refused.
    expect((await loginFrom(ctx, '203.0.113.5', victim.email, PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom(ctx, '2001:db8::5', victim.email, PASSWORD)).statusCode).toBe(200);
    expectRateLimited(await loginFrom(ctx, attacker, victim.email, PASSWORD));
    // Other accounts are not affected from the attacker's address either.
    expect((await loginFrom(ctx, attacker, bystander.email, PASSWORD)).statusCode).toBe(200);
  });

  it('past the per-account ceiling slows every address down instead of refusing; a correct login succeeds', async () => {
    const ctx = await app({
      AUTH_ACCOUNT_PER_15MIN: '10',
      AUTH_ACCOUNT_CEILING_PER_15MIN: '2',
      AUTH_IP_PER_MINUTE: '1000',
    });
    const limits = ctx.services.loginLimits;
    // The delay grows per failure over the ceiling, up to 2 s.
    expect([1, 2, 3, 4, 5, 22, 23, 500].map((failures) => limits.delayFor(failures))).toEqual([
      0, 0, 100, 200, 300, 2000, 2000, 2000,
    ]);
    // Record the pauses instead of waiting them out.
    const pause = vi.spyOn(limits, 'pause').mockResolvedValue(undefined);
    const victim = await register(ctx.app);
    for (const [i, address] of ['198.51.100.1', '198.51.100.2', '198.51.100.3'].entries())
      expect((await loginFrom(ctx, address, victim.email, `botnet-guess-${i}`)).statusCode).toBe(400);
    expect(pause.mock.calls).toEqual([[100]]);

    // The owner's correct login from a fresh address is slowed, not refused…
    expect((await loginFrom(ctx, '203.0.113.9', victim.email, PASSWORD)).statusCode).toBe(200);
    expect(pause.mock.calls).toEqual([[100], [200]]);
    // …and only failures count: the success took its attempt back.
    expect((await loginFrom(ctx, '198.51.100.4', victim.email, 'botnet-guess-4')).statusCode).toBe(400);
    expect(pause.mock.calls.at(-1)).toEqual([200]);

    // Without the spy the delay is real (a lower bound only: a busy machine may take longer, never shorter).
    pause.mockRestore();
    const started = performance.now();
    expect((await loginFrom(ctx, '203.0.113.10', victim.email, PASSWORD)).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
  });

  it('counts unknown addresses the same way, so the 429 does not reveal which exist', async () => {
    const ctx = await app({ AUTH_ACCOUNT_PER_15MIN: '2', AUTH_IP_PER_MINUTE: '1000' });
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 2; i++) expect((await loginRequest(ctx.app, ghost, 'whatever-1')).statusCode).toBe(400);
    expectRateLimited(await loginRequest(ctx.app, ghost, 'whatever-1'));
  });

  it('counts parallel guesses before checking them: at most the limit are checked, the rest get 429', async () => {
    const ctx = await app({ AUTH_ACCOUNT_PER_15MIN: '3', AUTH_IP_PER_MINUTE: '1000' });
    const victim = await register(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => loginRequest(ctx.app, victim.email, `parallel-guess-${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
    for (const res of answers.filter((r) => r.statusCode === 429)) expectRateLimited(res);
    expectRateLimited(await loginRequest(ctx.app, victim.email, PASSWORD));
  });

  it('lets the right password in within the limit, counting it as an attempt until it succeeds', async () => {
    const ctx = await app({ AUTH_ACCOUNT_PER_15MIN: '3', AUTH_IP_PER_MINUTE: '1000' });
    const user = await register(ctx.app);
    for (let i = 0; i < 2; i++) expect((await loginRequest(ctx.app, user.email, 'wrong-' + i)).statusCode).toBe(400);
    // The third attempt is within the limit of 3: it logs in, and the count starts again.
    expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await loginRequest(ctx.app, user.email, 'again-' + i)).statusCode).toBe(400);
    expectRateLimited(await loginRequest(ctx.app, user.email, PASSWORD));
  });

  it('keys the count by a fixed-length digest of the address; absurd fields are bad credentials, not counted', async () => {
    const ctx = await app({ AUTH_ACCOUNT_PER_15MIN: '2', AUTH_IP_PER_MINUTE: '1000' });
    const hit = vi.spyOn(ctx.services.counters, 'hit');
    const longest = `${'a'.repeat(64)}@${'b'.repeat(251)}.com`; // 320 characters: still an address
    expect(longest).toHaveLength(320);
    expect((await loginRequest(ctx.app, longest, 'wrong-pass')).statusCode).toBe(400);
    const keys = hit.mock.calls.map(([key]) => key).filter((key) => key.startsWith('login-fail'));
    expect(keys).toEqual([
      expect.stringMatching(/^login-fail:[0-9a-f]{64}$/),
      expect.stringMatching(/^login-fail-account:[0-9a-f]{64}$/),
    ]);
    // Case does not matter to the digest.
    expect((await loginRequest(ctx.app, longest.toUpperCase(), 'wrong-pass')).statusCode).toBe(400);
    expectRateLimited(await loginRequest(ctx.app, longest, 'wrong-pass'));

    hit.mockClear();
    const user = await register(ctx.app);
    hit.mockClear();
    for (const [username, password] of [
      ['x'.repeat(321), PASSWORD],
      [`${'x'.repeat(100_000)}@example.com`, PASSWORD],
      [user.email, 'p'.repeat(257)],
    ] as const) {
      const res = await loginRequest(ctx.app, username, password);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('{"detail":"LOGIN_BAD_CREDENTIALS"}');
    }
    // Refused before the per-account counter (only the per-IP one counted them), and the account is still open.
    expect(hit.mock.calls.filter(([key]) => key.startsWith('login-fail'))).toEqual([]);
    expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const ctx = await app({ AUTH_ACCOUNT_PER_15MIN: '2', AUTH_IP_PER_MINUTE: '1000' });
    const user = await register(ctx.app);
    expect((await loginRequest(ctx.app, user.email, 'wrong-one')).statusCode).toBe(400);
    expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(200);
    expect((await loginRequest(ctx.app, user.email, 'wrong-two')).statusCode).toBe(400);
    expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(200);
  });
});

// Needs a Redis server: `npm run test:pg` (and CI) provides TEST_REDIS_URL.
describe.runIf(process.env.TEST_REDIS_URL)('shared by instances on one Redis', () => {
  it('counts the attempts made on two app instances together', async () => {
    const shared = { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:` };
    const one = await app({ ...shared, AUTH_IP_PER_MINUTE: '4' });
    const two = await app({ ...shared, AUTH_IP_PER_MINUTE: '4' });
    const forgot = (ctx: TestContext) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });
    expect((await forgot(one)).statusCode).toBe(202);
    expect((await forgot(two)).statusCode).toBe(202);
    expect((await forgot(one)).statusCode).toBe(202);
    expect((await forgot(two)).statusCode).toBe(202);
    expectRateLimited(await forgot(one));
    expectRateLimited(await forgot(two));
  });

  it('shares the failed-login count of an account', async () => {
    const shared = { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:` };
    const one = await app({ ...shared, AUTH_ACCOUNT_PER_15MIN: '2' });
    const two = await app({ ...shared, AUTH_ACCOUNT_PER_15MIN: '2' });
    const email = uniqueEmail('shared');
    expect((await loginRequest(one.app, email, 'wrong-pass')).statusCode).toBe(400);
    expect((await loginRequest(two.app, email, 'wrong-pass')).statusCode).toBe(400);
    expectRateLimited(await loginRequest(one.app, email, 'wrong-pass'));
  });
});

// A Redis of its own that the test can stop: needs the redis-server binary, which machines running test:pg have.
const haveRedisServer = spawnSync('redis-server', ['--version']).status === 0;
describe.runIf(process.env.TEST_REDIS_URL && haveRedisServer)('when Redis goes away', () => {
  it('keeps limiting in the process rather than answering 5xx, and logins still work', async () => {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    try {
      for (let i = 0; i < 50; i++) {
        if (
          spawnSync('redis-cli', ['-p', String(port), 'ping'])
            .stdout?.toString()
            .trim() === 'PONG'
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ctx = await app({ REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_IP_PER_MINUTE: '1' });
      const user = await register(ctx.app);
      // The limit of 1 a minute is real while Redis answers…
      expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(200);
      expectRateLimited(await loginRequest(ctx.app, user.email, PASSWORD));

      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      // …and once it is gone the limit counts in this process (decision 0018), never 5xx.
      expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(200);
      expectRateLimited(await loginRequest(ctx.app, user.email, 'wrong-password'));
      const forgot = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      expect(forgot.statusCode).toBe(202);
    } finally {
      redis.kill('SIGKILL');
    }
  });
});
