/**
 * Migration 0012 on a real database: demo loggers seeded before decision 0017 had a token anyone could derive from
 * their public id; the migration replaces exactly those hashes, and a real logger keeps its token.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSale } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';
import { up } from './0012-demo-logger-tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const upload = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/c_report/sales',
    headers: { authorization: `Bearer ${token}` },
    payload: { items: [validSale()] },
  });

describe('0012-demo-logger-tokens', () => {
  it('replaces the derivable hashes of demo loggers and nothing else', async () => {
    const loggerId = 'bird_legacyDemoLogger0001';
    await ctx.db.kysely
      .insertInto('logger_client')
      .values({
        client_id: loggerId,
        token_hash: createHash('sha256').update(`demo-logger:${loggerId}`).digest('hex'),
        player_name: 'SilentPike42',
        version: 'demo',
        created_at: new Date().toISOString(),
      })
      .execute();
    // A real logger that calls its version "demo".
    const real = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: { version: 'demo' } });
    const { client_token: realToken } = real.json();
    // Before: anyone uploads as the demo logger.
    expect((await upload(`demo-logger:${loggerId}`)).statusCode).toBe(200);

    await up(ctx.db.kysely);

    expect((await upload(`demo-logger:${loggerId}`)).statusCode).toBe(401);
    expect((await upload(realToken)).statusCode).toBe(200);
  });
});
