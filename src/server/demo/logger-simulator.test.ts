/**
 * The simulated logger against a real server over HTTP: its binding step (`npm run logger -- --binding-code`), whose
 * code binds its logger id as a player would type them into the site; and its uploads, which wait the `Retry-After`
 * of an overloaded server's 503 before sending the same batch again (decision 0027).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signedIn } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';
import { requestBindingCode, runLoggerSimulator } from './logger-simulator';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

const bind = (token: string, payload: object) =>
  asUser(ctx.app, token, { method: 'POST', url: '/api/c_report/user/bind_client_id', payload });

describe('requestBindingCode', () => {
  it('registers a logger and prints a code that binds it; with --token asks that logger for a new one', async () => {
    const first = await requestBindingCode({ url, playerName: 'Sim Angler' });
    expect(first.client_id).toMatch(/^bird_/);
    expect(first.code).toMatch(/^[0-9A-Z]{8}$/);
    const { token } = await signedIn(ctx.app);
    expect((await bind(token, { client_id: first.client_id, code: first.code })).statusCode).toBe(200);

    const again = await requestBindingCode({ url, token: first.client_token! });
    expect(again.client_id).toBeUndefined();
    const other = await signedIn(ctx.app);
    // Bound to the first account: the valid code proves possession, the binding still belongs to its holder.
    expect((await bind(other.token, { client_id: first.client_id, code: again.code })).statusCode).toBe(409);
  });
});

/**
 * A proxy in front of the server that answers the first upload as an overloaded server does (503 SERVER_OVERLOADED,
 * `Retry-After: 1`) and passes everything else on, noting when each upload arrived.
 */
async function overloadedOnce(target: string) {
  const uploads: { at: number; status: number; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const isUpload = request.method === 'POST' && request.url === '/api/c_report/catches';
      if (isUpload && uploads.length === 0) {
        uploads.push({ at: Date.now(), status: 503, body });
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        response.end(JSON.stringify({ detail: 'SERVER_OVERLOADED' }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'authorization'])
        if (request.headers[name]) headers[name] = String(request.headers[name]);
      void fetch(`${target}${request.url}`, {
        method: request.method,
        headers,
        ...(body ? { body } : {}),
      }).then(async (answer) => {
        if (isUpload) uploads.push({ at: Date.now(), status: answer.status, body });
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    uploads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('runLoggerSimulator', () => {
  it('waits the Retry-After of a 503 SERVER_OVERLOADED, then sends the same batch, which is stored once', async () => {
    const proxy = await overloadedOnce(url);
    try {
      const stats = await runLoggerSimulator({
        url: proxy.url,
        clients: 1,
        rate: 0,
        duration: 0,
        total: 5,
        batchSize: 5,
      });
      expect(stats).toMatchObject({ sent: 5, acknowledged: 5, created: 5, retries: 1, failed: 0 });
      expect(stats.retryReasons).toEqual({ 503: 1 });
      const [refused, accepted] = proxy.uploads;
      expect([refused?.status, accepted?.status]).toEqual([503, 200]);
      // Its own back-off would have been 100 ms: the server's Retry-After (1 s) was honoured instead.
      expect(accepted!.at - refused!.at).toBeGreaterThanOrEqual(1_000);
      expect(accepted!.body).toBe(refused!.body);
    } finally {
      await proxy.close();
    }
  });
});
