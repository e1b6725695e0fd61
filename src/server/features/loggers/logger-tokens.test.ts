/**
 * A logger's secret token (decision 0017): rotated with `POST /api/c_report/clients/token`, revoked with
 * `DELETE /api/c_report/clients/me`. The old token is refused at once, on this instance and on another one sharing
 * the database (nothing keeps tokens in memory). Real app, real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { asUser, signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { validSale } from '../../test/catch-fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
});
afterAll(() => ctx?.close());

interface Logger {
  client_id: string;
  client_token: string;
}

async function newLogger(): Promise<Logger> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: { player_name: 'Tok' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const asLogger = (token: string, method: 'POST' | 'DELETE', url: string, app = ctx.app) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const uploadSale = (token: string, app = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/c_report/sales',
    headers: { authorization: `Bearer ${token}` },
    payload: { items: [validSale()] },
  });
const rotate = (token: string, app = ctx.app) => asLogger(token, 'POST', '/api/c_report/clients/token', app);
const revoke = (token: string) => asLogger(token, 'DELETE', '/api/c_report/clients/me');

const salesOf = async (loggerId: string) =>
  Number(
    (
      await ctx.db.kysely
        .selectFrom('sale')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', loggerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/c_report/clients/token', () => {
  it('answers a new token for the same logger; the old one is 401 at once, the new one uploads', async () => {
    const logger = await newLogger();
    expect((await uploadSale(logger.client_token)).statusCode).toBe(200);

    const res = await rotate(logger.client_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['client_id', 'client_token']);
    expect(body.client_id).toBe(logger.client_id);
    expect(body.client_token).not.toBe(logger.client_token);

    const old = await uploadSale(logger.client_token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: 'Unauthorized' });
    expect((await rotate(logger.client_token)).statusCode).toBe(401);
    expect((await asLogger(logger.client_token, 'POST', '/api/c_report/clients/binding_code')).statusCode).toBe(401);

    const fresh = await uploadSale(body.client_token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().created).toBe(1);
    expect(await salesOf(logger.client_id)).toBe(2);
  });

  it('keeps the binding', async () => {
    const logger = await newLogger();
    const { token } = await signedIn(ctx.app);
    const code = (await asLogger(logger.client_token, 'POST', '/api/c_report/clients/binding_code')).json().code;
    const bind = await asUser(ctx.app, token, {
      method: 'POST',
      url: '/api/c_report/user/bind_client_id',
      payload: { client_id: logger.client_id, code },
    });
    expect(bind.statusCode).toBe(200);
    expect((await rotate(logger.client_token)).statusCode).toBe(200);
    const me = await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' });
    expect(me.json().client_id).toBe(logger.client_id);
  });

  it('needs a logger token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients/token', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('is refused at once on another instance sharing the database (no token is kept in memory)', async () => {
    const db = await openDatabase(ctx.config.database, { pgSchema: ctx.db.schema });
    const { app: other } = await buildApp({ config: ctx.config, db, logger: false });
    try {
      await other.ready();
      const logger = await newLogger();
      expect((await uploadSale(logger.client_token, other)).statusCode).toBe(200);
      const rotated = (await rotate(logger.client_token)).json();
      expect((await uploadSale(logger.client_token, other)).statusCode).toBe(401);
      expect((await uploadSale(rotated.client_token, other)).statusCode).toBe(200);
    } finally {
      // Closes its database too.
      await other.close();
    }
  });
});

describe('DELETE /api/c_report/clients/me', () => {
  it('revokes the token (204, then 401 everywhere), keeping the data, the binding and the logger row', async () => {
    const logger = await newLogger();
    const { token } = await signedIn(ctx.app);
    const code = (await asLogger(logger.client_token, 'POST', '/api/c_report/clients/binding_code')).json().code;
    await asUser(ctx.app, token, {
      method: 'POST',
      url: '/api/c_report/user/bind_client_id',
      payload: { client_id: logger.client_id, code },
    });
    expect((await uploadSale(logger.client_token)).statusCode).toBe(200);
    // A code asked for before the revocation is discarded with it.
    const pending = (await asLogger(logger.client_token, 'POST', '/api/c_report/clients/binding_code')).json().code;

    const res = await revoke(logger.client_token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await uploadSale(logger.client_token)).statusCode).toBe(401);
    expect((await rotate(logger.client_token)).statusCode).toBe(401);
    expect((await revoke(logger.client_token)).statusCode).toBe(401);
    expect(await salesOf(logger.client_id)).toBe(1);
    const me = await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' });
    expect(me.json().client_id).toBe(logger.client_id);

    const other = await signedIn(ctx.app);
    await asUser(ctx.app, token, { method: 'DELETE', url: '/api/c_report/user/bind_client_id' });
    const late = await asUser(ctx.app, other.token, {
      method: 'POST',
      url: '/api/c_report/user/bind_client_id',
      payload: { client_id: logger.client_id, code: pending },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: 'BINDING_CODE_INVALID' });
  });

  it('needs a logger token', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/c_report/clients/me' });
    expect(res.statusCode).toBe(401);
  });
});
