/**
 * `REDIS_URL` set and Redis down (a closed local port): every limit still limits, counting in this process
 * (decision 0018) — auth attempts and logger registrations per address, avatar uploads per user, the AI questions
 * of a minute — the server starts, nothing answers 5xx, and the outage is logged once, then once more when Redis
 * answers again (with a redis-server of the test's own on that port).
 */
import { spawn, spawnSync } from 'node:child_process';
import { unusedPort } from '../test/unused-port';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { asUser, signedIn } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';
import { REDIS_RETRY_MS } from '../counter-store';

const open: TestContext[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((ctx) => ctx.close()));
});

/** An app whose Redis is down, and the messages it logs. */
async function appWithRedisDown(env: Record<string, string> = {}, port?: number) {
  const lines: { level: number; msg: string }[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const ctx = await createTestApp({
    env: { REDIS_URL: `redis://127.0.0.1:${port ?? (await unusedPort())}`, ...env },
    logger: { level: 'info', stream },
  });
  open.push(ctx);
  const logged = (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg)).length;
  return { ctx, logged };
}

const statuses = async (count: number, send: () => Promise<{ statusCode: number }>) => {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await send()).statusCode);
  return answers;
};

describe('Redis down: the limits count in the process', () => {
  it('auth attempts and logger registrations per address', async () => {
    const { ctx, logged } = await appWithRedisDown({ AUTH_IP_PER_MINUTE: '2' });
    const forgot = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });
    expect(await statuses(3, forgot)).toEqual([202, 202, 429]);
    const register = () => ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
    expect(await statuses(3, register)).toEqual([201, 201, 429]);
    expect(logged(/Redis unavailable/)).toBe(1);
  });

  it('avatar uploads per user', async () => {
    const { ctx } = await appWithRedisDown({ AUTH_IP_PER_MINUTE: '100', AVATAR_UPLOADS_PER_MINUTE: '2' });
    const { token } = await signedIn(ctx.app);
    const upload = () =>
      asUser(ctx.app, token, {
        method: 'POST',
        url: '/api/users/me/avatar',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot a png\r\n--x--\r\n',
      });
    const answers = await statuses(3, upload);
    expect(answers[2]).toBe(429);
    for (const status of answers.slice(0, 2)) expect(status).toBeLessThan(429);
  });

  it('the AI questions of a minute', async () => {
    const { ctx } = await appWithRedisDown({ AI_FREE_PER_MINUTE: '2' });
    const ask = () => ctx.app.inject({ method: 'POST', url: '/api/ai/ask', payload: { question: 'best bait' } });
    expect(await statuses(3, ask)).toEqual([200, 200, 429]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ai/quota' })).json()).toMatchObject({ remaining: 0 });
  });
});

// A Redis of the test's own, started on the port that was closed: needs the redis-server binary.
const haveRedisServer = spawnSync('redis-server', ['--version']).status === 0;
describe.runIf(haveRedisServer)('Redis back', () => {
  it('logs the outage once and its end once, then counts in Redis again', async () => {
    const port = await unusedPort();
    const { ctx, logged } = await appWithRedisDown({ AUTH_IP_PER_MINUTE: '1000' }, port);
    const forgot = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });
    expect(await statuses(5, forgot)).toEqual([202, 202, 202, 202, 202]);
    const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    try {
      // ioredis reconnects on its own (at most 2 s apart); the store tries Redis again once a second.
      for (let waited = 0; logged(/Redis is back/) === 0 && waited < 10_000; waited += REDIS_RETRY_MS / 4) {
        expect((await forgot()).statusCode).toBe(202);
        await setTimeout(REDIS_RETRY_MS / 4);
      }
      expect(logged(/Redis unavailable/)).toBe(1);
      expect(logged(/Redis is back/)).toBe(1);
      const keys = spawnSync('redis-cli', ['-p', String(port), 'keys', '*']).stdout.toString();
      expect(keys).toMatch(/ip:forgot-password:/);
    } finally {
      redis.kill('SIGKILL');
    }
  });
});
