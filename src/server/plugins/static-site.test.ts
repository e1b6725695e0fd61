import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/** A stand-in for Vite's index.html, with the places the server fills in. */
const SHELL = `<!doctype html><html lang="zh-CN"><head><meta name="description" content="Site." /><title>Anglerdex</title></head><body><noscript>needs JS</noscript><div id="root"></div>${'<p>shell</p>'.repeat(100)}</body></html>`;

let ctx: TestContext;
beforeAll(async () => {
  // A stand-in build of the front end: the plugin serves whatever Vite wrote to CLIENT_DIR.
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  mkdirSync(path.join(clientDir, 'assets'));
  // Over the 1 KB compression threshold, like any real bundle.
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1);\n'.repeat(200));
  ctx = await createTestApp({
    seed: false,
    env: {
      CLIENT_DIR: clientDir,
      SSR_ENABLED: 'false',
      FORUM_URL: 'https://forum.example.org/a?b=1&c="x"',
      SHARE_MIN_SAMPLE: '12',
    },
  });
  mkdirSync(path.join(ctx.config.dataDir, 'media', 'maps'), { recursive: true });
  writeFileSync(path.join(ctx.config.dataDir, 'media', 'maps', '101.png'), 'png-bytes');
});
afterAll(() => ctx.close());

describe('static site', () => {
  it.each([
    ['/', 200],
    ['/en', 200],
    ['/zh/', 200],
    ['/en/query/baits', 200],
    ['/ja/guide/fishes?fish=1001', 200],
    ['/user/login?redirect=%2Fuser', 200],
    ['/no/such/page', 404],
    ['/fr/query/baits', 404],
    ['/en/query', 404],
    // A bait's page (issue 26): by id, with or without a slug, in every language; a segment that is no id is a 404.
    ['/query/baits/12', 200],
    ['/en/query/baits/12-red-worm', 200],
    ['/ja/query/baits/7', 200],
    ['/zh/query/baits/7-%E7%BA%A2%E8%99%AB', 200],
    ['/query/baits/worm', 404],
    ['/en/query/baits/0', 404],
    ['/query/baits/12/more', 404],
    // The player's collection (issue 25) and a shared collection's page by the shape of its share id.
    ['/en/user/collection', 200],
    ['/collection/AbCdEfGhIjKlMnOpQrSt_-', 200],
    ['/ja/collection/AbCdEfGhIjKlMnOpQrSt_-', 200],
    ['/collection/too-short', 404],
  ])('answers the SPA shell for %s with status %i', async (url, status) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div><p>shell</p>');
  });

  it('asks search engines not to index a shared collection', async () => {
    const shared = await ctx.app.inject('/en/collection/AbCdEfGhIjKlMnOpQrSt_-');
    expect(shared.headers['x-robots-tag']).toBe('noindex');
    expect((await ctx.app.inject('/en/query/baits')).headers['x-robots-tag']).toBeUndefined();
  });

  it('writes the runtime site settings into the shell as meta tags, escaped', async () => {
    const res = await ctx.app.inject('/');
    expect(res.body).toContain(
      '<meta name="anglerdex:forum-url" content="https://forum.example.org/a?b=1&#38;c=&#34;x&#34;">',
    );
    // The pages' minimum sample for a share (decision 0034).
    expect(res.body).toContain('<meta name="anglerdex:share-min-sample" content="12">');
  });

  it('never serves the raw shell without its settings', async () => {
    const res = await ctx.app.inject('/index.html');
    expect(res.body).not.toContain('<p>shell</p>');
  });

  it('serves hashed assets as immutable and media files from DATA_DIR', async () => {
    const asset = await ctx.app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const media = await ctx.app.inject('/media/maps/101.png');
    expect(media.statusCode).toBe(200);
    expect(media.body).toBe('png-bytes');
  });

  it('compresses what the browser accepts', async () => {
    const res = await ctx.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    const shell = await ctx.app.inject({ url: '/en', headers: { 'accept-encoding': 'gzip' } });
    expect(shell.headers['content-encoding']).toBe('gzip');
  });

  it('answers missing files and API paths with 404, not the SPA', async () => {
    for (const url of ['/assets/missing.js', '/media/maps/999.png', '/api/unknown', '/media/../config.ts']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('does not serve the shell for non-GET requests', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/user/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });
});
