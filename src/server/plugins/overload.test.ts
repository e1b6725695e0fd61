/**
 * Overload answered, not suffered (decision 0027), on a real app: with a heap threshold below any real heap, the
 * first sample (a second after start) puts the server under pressure, and then every request but the health checks
 * and the metrics is answered at once with `503 {"detail":"SERVER_OVERLOADED"}` and `Retry-After`, and counted.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

describe('a server over its heap threshold', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A stand-in build of the front end, whose files are served under pressure too.
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-client-'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="zh-CN"><head><title>Anglerdex</title></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1);\n');
    writeFileSync(path.join(clientDir, 'color-scheme.js'), 'void 0;\n');
    ctx = await createTestApp({
      seed: false,
      env: {
        OVERLOAD_MAX_HEAP_MIB: '1',
        OVERLOAD_RETRY_AFTER: '7',
        METRICS_TOKEN: TOKEN,
        CLIENT_DIR: clientDir,
        SSR_ENABLED: 'false',
      },
    });
    mkdirSync(path.join(ctx.config.dataDir, 'media', 'maps'), { recursive: true });
    writeFileSync(path.join(ctx.config.dataDir, 'media', 'maps', '101.png'), 'png-bytes');
    // Under-pressure samples the process once a second.
    for (let waited = 0; !ctx.app.isUnderPressure() && waited < 5_000; waited += 100) await sleep(100);
    expect(ctx.app.isUnderPressure()).toBe(true);
  });
  afterAll(() => ctx?.close());

  it.each([
    ['a catalogue read', { url: '/api/system/get_category_list?category_group=fish' }],
    ['an upload', { method: 'POST' as const, url: '/api/c_report/catches', payload: { items: [] } }],
    ['a page', { url: '/en/query/baits' }],
    ['an unknown URL', { url: '/api/no-such-route' }],
  ])('answers %s 503 SERVER_OVERLOADED with Retry-After, at once', async (_label, request) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ detail: 'SERVER_OVERLOADED' });
  });

  it("still serves the front end's files and the media, which a page whose HTML went out needs to run", async () => {
    for (const url of ['/assets/main-abc123.js', '/color-scheme.js', '/media/maps/101.png']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
    }
    expect((await ctx.app.inject('/assets/main-abc123.js')).body).toBe('console.log(1);\n');
    // Not any path under them: an unknown file is the JSON 404 of a page, which is refused like a page.
    expect((await ctx.app.inject('/assets/missing.js')).statusCode).toBe(503);
  });

  it('still answers /health, /ready and /metrics', async () => {
    for (const url of ['/health', '/api/health']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    for (const url of ['/ready', '/api/ready']) expect((await ctx.app.inject(url)).statusCode).toBe(200);
    // A refusal of its own, so the count holds whichever of these tests ran first (they run shuffled).
    expect((await ctx.app.inject('/api/system/get_category_list?category_group=fish')).statusCode).toBe(503);
    const metrics = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    // Every refusal is counted by what was over its threshold.
    expect(metrics.body).toMatch(/^anglerdex_overload_refusals_total\{reason="heapUsedBytes"\} [1-9]/m);
  });
});

describe('a server under its thresholds', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false, env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000' } });
  });
  afterAll(() => ctx?.close());

  it('serves as usual after its first sample', async () => {
    await sleep(1_200);
    expect(ctx.app.isUnderPressure()).toBe(false);
    expect((await ctx.app.inject('/api/system/get_category_list?category_group=fish')).statusCode).toBe(200);
  });
});

/**
 * Holds the event loop for 2 s, starting right after one of under-pressure's samples (its heap reading changes with
 * each), as start-up work or a stuck request does. The next sample sees at most a few turns of the loop before the
 * hold (none when this one starts at once: an infinite delay) and the hold's 2 s: a mean far above the 200 ms
 * threshold below, however late this test's own timer runs on a busy machine.
 */
async function holdThroughASample(ctx: TestContext): Promise<void> {
  const last = ctx.app.memoryUsage().heapUsed;
  for (let waited = 0; ctx.app.memoryUsage().heapUsed === last && waited < 2_000; waited += 2) await sleep(2);
  for (const until = performance.now() + 2_000; performance.now() < until;);
  await sleep(20);
}

describe('a server whose start-up work held the event loop', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false, env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '200' } });
  });
  afterAll(() => ctx?.close());

  it('serves its first requests after listening, and refuses again when the loop is held while serving', async () => {
    // Start-up work before listening (server.ts counts the rollup, synchronously on SQLite).
    await holdThroughASample(ctx);
    expect(ctx.app.isUnderPressure()).toBe(true);
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/api/system/get_category_list?category_group=fish`;
    expect((await fetch(url)).status).toBe(200);

    // Serving for two samples: a held loop is overload again.
    await sleep(2_000);
    await holdThroughASample(ctx);
    expect(ctx.app.isUnderPressure()).toBe(true);
    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ detail: 'SERVER_OVERLOADED' });
  }, 20_000);
});
