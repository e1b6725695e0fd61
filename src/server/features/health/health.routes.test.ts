import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { unusedPort } from '../../test/unused-port';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INFO_FILE } from '#shared/build-info';
import { BuildInfo } from '#shared/contracts/build';
import { asUser, signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('GET /api/build', () => {
  let ctx: TestContext;
  let clientDir: string;
  beforeAll(async () => {
    // A stand-in for the built front end: all the route reads is the build id Vite wrote beside index.html.
    clientDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-client-'));
    writeFileSync(path.join(clientDir, BUILD_INFO_FILE), JSON.stringify({ build: 'b1d2c3e4f5a60718' }));
    ctx = await createTestApp({ seed: false, env: { CLIENT_DIR: clientDir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers the id of the build it serves, never to be cached', async () => {
    const res = await ctx.app.inject('/api/build');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ build: 'b1d2c3e4f5a60718' });
    expect(BuildInfo.parse(res.json())).toEqual({ build: 'b1d2c3e4f5a60718' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the id it started with when the file changes under it, as it keeps the index.html it serves', async () => {
    writeFileSync(path.join(clientDir, BUILD_INFO_FILE), JSON.stringify({ build: 'next' }));
    expect((await ctx.app.inject('/api/build')).json()).toEqual({ build: 'b1d2c3e4f5a60718' });
  });

  it('is in the OpenAPI document with its schema', async () => {
    const doc = (await ctx.app.inject('/docs/json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    };
    const schema = doc.paths['/api/build']?.get?.responses['200']?.content['application/json']?.schema;
    expect(schema).toMatchObject({ type: 'object', required: ['build'], properties: { build: {} } });
  });

  it('is not a page of its own outside /api', async () => {
    expect((await ctx.app.inject('/build')).statusCode).toBe(404);
  });
});

describe('GET /api/build without a built front end', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false, env: { CLIENT_DIR: path.join(os.tmpdir(), 'anglerdex-no-such-build') } });
  });
  afterAll(() => ctx.close());

  it('answers null, so no open page is ever told to reload', async () => {
    const res = await ctx.app.inject('/api/build');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ build: null });
  });
});

describe('GET /health while another process holds the SQLite write lock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
  });
  afterAll(() => ctx?.close());

  // PostgreSQL's driver never holds the event loop; SQLite's did, for as long as a write waited for the lock.
  it('answers at once while a write waits for the lock, and the write succeeds once it is released', async (test) => {
    if (!ctx.db.sqliteWriter) return test.skip();
    const { token } = await signedIn(ctx.app);
    const other = new SQLite(ctx.db.sqliteWriter.file);
    other.exec('BEGIN IMMEDIATE');
    try {
      // A write on the server's connection (a user renaming themself) meets the lock and waits.
      const write = asUser(ctx.app, token, {
        method: 'PATCH',
        url: '/api/users/me',
        payload: { nickname: 'Locked Out' },
      });
      const window = performance.now();
      let slowest = 0;
      while (performance.now() - window < 500) {
        const started = performance.now();
        // A probe arrives on a later turn of the event loop, as a load balancer's does.
        await setTimeout(10);
        const health = await ctx.app.inject('/health');
        expect(health.statusCode).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
      }
      // The loop kept turning: no answer waited on the database, and the window was not stretched by a stall.
      expect(slowest).toBeLessThan(250);
      expect(performance.now() - window).toBeLessThan(1_000);
      other.exec('ROLLBACK');
      expect((await write).json()).toMatchObject({ nickname: 'Locked Out' });
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    }
  });
});

describe('GET /ready names the part that is not ready (liveness does not care)', () => {
  const open: TestContext[] = [];
  afterAll(() => Promise.all(open.map((ctx) => ctx.close())));
  const app = async (env: Record<string, string> = {}) => {
    const ctx = await createTestApp({ seed: false, env });
    open.push(ctx);
    return ctx;
  };

  it('answers 503 REDIS_UNAVAILABLE while the configured Redis does not answer, at the root and under /api', async () => {
    const ctx = await app({ REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` });
    for (const url of ['/ready', '/api/ready']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'REDIS_UNAVAILABLE' });
    }
    expect((await ctx.app.inject('/health')).statusCode).toBe(200);
  });

  it('answers 200 with a Redis that answers (under npm run test:pg) or none configured', async () => {
    const ctx = await app();
    const res = await ctx.app.inject('/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: ctx.db.dialect });
  });

  it('answers 503 CATALOGUE_UNAVAILABLE while the catalogue cannot be loaded', async () => {
    const ctx = await app();
    // A row the contract refuses (a fish without its data): the catalogue in memory cannot be built from it.
    await ctx.db.kysely
      .insertInto('category')
      .values({
        id: 1,
        group_type: 'fish',
        name: '坏鱼',
        name_en: 'Bad fish',
        name_ja: null,
        name_pinyin: 'huaiyu',
        letter: 'H',
        letter_en: 'B',
        sort: 1,
        data: '{}',
        introduced_in: null,
      })
      .execute();
    const res = await ctx.app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'CATALOGUE_UNAVAILABLE' });
    expect((await ctx.app.inject('/health')).statusCode).toBe(200);
  });
});
