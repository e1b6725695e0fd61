/**
 * The simulated logger's binding step (`npm run logger -- --binding-code`) against a real server over HTTP: the code
 * it prints binds its logger id, as a player would type them into the site.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signedIn } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';
import { requestBindingCode } from './logger-simulator';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
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
