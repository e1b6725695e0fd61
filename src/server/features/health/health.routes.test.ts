import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INFO_FILE } from '#shared/build-info';
import { BuildInfo } from '#shared/contracts/build';
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
