/**
 * `/metrics` (decision 0027) on a real app and database: served nowhere without configuration; on the site's port
 * only to the bearer token, everyone else getting the site's own 404; on a port of its own with METRICS_PORT and
 * then not on the site's. What it says: requests by route pattern (one series for every id, one for every unmatched
 * URL), the uploads' items by outcome, the commit queue, kept answers, the catalogue version and the orders.
 */
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatchPlace, catchPlace, validCatch, validSale } from '../test/catch-fixtures';
import { unusedPort } from '../test/unused-port';
import { createTestApp, type TestContext } from '../test/test-app';
import { buyer, pendingOrder } from '../test/vip-fixtures';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** The value of one series in the exposition text (`name{labels} value`); 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const pairs = Object.fromEntries(
      [...(/\{(.*)\}/.exec(line)?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => pairs[key] === value)) return Number(line.split(' ').pop());
  }
  return 0;
}

describe('without METRICS_PORT or METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
  });
  afterAll(() => ctx?.close());

  it('serves no metrics: /metrics is any unknown page, bearer token or not', async () => {
    const unknown = await ctx.app.inject('/no-such-page');
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await ctx.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    expect((await ctx.app.inject('/api/metrics')).statusCode).toBe(404);
  });
});

describe('METRICS_TOKEN: /metrics on the site port to the bearer token', () => {
  let ctx: TestContext;
  let place: CatchPlace;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN, AUTH_IP_PER_MINUTE: '100000' } });
    place = catchPlace(await ctx.services.catalogue.view());
  });
  afterAll(() => ctx?.close());

  /** A newly registered logger's token. */
  const loggerToken = async () =>
    (await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json<{
      client_token: string;
    }>().client_token;
  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 20)}`],
    ['the token in another scheme', `Basic ${TOKEN}`],
  ])('answers %s with the site’s own 404, as for a page that does not exist', async (_label, authorization) => {
    const unknown = await ctx.app.inject('/no-such-page');
    const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(res.body).toBe(unknown.body);
  });

  it('answers the token with the Prometheus text: requests, ingestion, queue, kept answers, catalogue, orders, Node', async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'anglerdex_http_request_duration_seconds',
      'anglerdex_ingested_items_total',
      'anglerdex_commit_queue_depth',
      'anglerdex_group_commit_duration_seconds',
      'anglerdex_kept_answers_total',
      'anglerdex_ai_questions_total',
      'anglerdex_overload_refusals_total',
      'anglerdex_catalogue_version',
      'anglerdex_orders',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(res.body).toContain(`# TYPE ${name} `);
    expect(sample(res.body, 'anglerdex_commit_queue_depth', { table: 'catch' })).toBe(0);
    // The test catalogue is inserted directly, without a version (decision 0026).
    expect(sample(res.body, 'anglerdex_catalogue_version')).toBe(0);
  });

  it('labels requests by route pattern: every id one series, every unmatched URL one series', async () => {
    // Ids no catch has, whatever the other tests uploaded: both are 404s of the one pattern.
    const ids = [999_999_991, 999_999_992];
    for (const url of [...ids.flatMap((id) => [`/api/logs/bird/${id}`, `/api/heatmap/${id}`]), '/x/1', '/x/2'])
      await ctx.app.inject(url);
    const text = await scrape();
    const series = text.split('\n').filter((line) => line.startsWith('anglerdex_http_request_duration_seconds_count{'));
    expect(series.filter((line) => line.includes('/api/logs/bird/:id'))).toHaveLength(1);
    expect(
      sample(text, 'anglerdex_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/logs/bird/:id',
        status: '404',
      }),
    ).toBe(2);
    // /api/heatmap takes its map as a query; /api/heatmap/<id> is no route, and falls in with every other unknown URL.
    expect(
      sample(text, 'anglerdex_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(4);
    expect(series.some((line) => /route="[^"]*\/\d+"/.test(line))).toBe(false);
  });

  it('counts an upload’s items by outcome: created, duplicate, and each refusal by its field', async () => {
    const before = await scrape();
    const token = await loggerToken();
    const first = validCatch(place);
    const items = [
      first,
      validCatch(place),
      { ...first }, // the same report again: a duplicate
      validCatch(place, { weight: place.maxWeight * 10 }),
      validCatch(place, { fish_id: place.foreignFishId, weight: place.foreignFishWeight }),
      { ...validCatch(place), invented: 1 },
    ];
    const upload = (path: string, batch: unknown[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/c_report/${path}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { items: batch },
      });
    const answer = (await upload('catches', items)).json<{ results: { status: string }[] }>();
    expect(answer.results.map((r) => r.status)).toEqual([
      'created',
      'created',
      'duplicate',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect((await upload('sales', [validSale()])).statusCode).toBe(200);

    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      sample(after, 'anglerdex_ingested_items_total', labels) -
      sample(before, 'anglerdex_ingested_items_total', labels);
    expect(delta({ kind: 'catch', outcome: 'created', reason: 'none' })).toBe(2);
    expect(delta({ kind: 'catch', outcome: 'duplicate', reason: 'none' })).toBe(1);
    expect(delta({ kind: 'catch', outcome: 'refused', reason: 'weight' })).toBe(1);
    expect(delta({ kind: 'catch', outcome: 'refused', reason: 'fish_id' })).toBe(1);
    // A key no contract has is not a label value: the refusal is the item's.
    expect(after).not.toContain('reason="invented"');
    expect(delta({ kind: 'catch', outcome: 'refused', reason: 'item' })).toBe(1);
    expect(delta({ kind: 'sale', outcome: 'created', reason: 'none' })).toBe(1);
    // The groups were committed and timed; nothing waits any more.
    expect(sample(after, 'anglerdex_group_commit_duration_seconds_count', { table: 'catch' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(after, 'anglerdex_group_commit_duration_seconds_count', { table: 'sale' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'anglerdex_commit_queue_depth', { table: 'catch' })).toBe(0);
  });

  it('counts kept heat map and bait guide answers and their recounts', async () => {
    // A catch of the fish on its map, so that both answers have something to count and keep, whatever ran before.
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/catches',
      headers: { authorization: `Bearer ${await loggerToken()}` },
      payload: { items: [validCatch(place)] },
    });
    expect(upload.json<{ created: number }>().created).toBe(1);
    const before = await scrape();
    const heatmap = `/api/heatmap?map_id=${place.mapId}`;
    const guide = `/api/bait-guide?fish_id=${place.fishId}`;
    for (const url of [heatmap, heatmap, guide, guide]) expect((await ctx.app.inject(url)).statusCode).toBe(200);
    const after = await scrape();
    const delta = (answer: string, result: string) =>
      sample(after, 'anglerdex_kept_answers_total', { answer, result }) -
      sample(before, 'anglerdex_kept_answers_total', { answer, result });
    // The first answer is counted and kept, the second served from it.
    expect([delta('heatmap', 'recount'), delta('heatmap', 'hit')]).toEqual([1, 1]);
    expect([delta('bait_guide', 'recount'), delta('bait_guide', 'hit')]).toEqual([1, 1]);
  });

  it('counts AI questions by engine and fallback', async () => {
    const before = sample(await scrape(), 'anglerdex_ai_questions_total', { engine: 'builtin', fallback: 'none' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/ai/ask', payload: { question: 'best bait?' } });
    expect(res.statusCode).toBe(200);
    const after = sample(await scrape(), 'anglerdex_ai_questions_total', { engine: 'builtin', fallback: 'none' });
    expect(after - before).toBe(1);
  });

  it('counts the orders by status at each scrape', async () => {
    const before = sample(await scrape(), 'anglerdex_orders', { status: 'pending' });
    // Two buyers open a checkout each: two pending orders (the VIP routes, decision 0013).
    for (let i = 0; i < 2; i++) await pendingOrder(ctx, await buyer(ctx));
    expect(sample(await scrape(), 'anglerdex_orders', { status: 'pending' }) - before).toBe(2);
  });
});

describe('METRICS_PORT: /metrics on a listener of its own', () => {
  /** An app listening on a free port, with /metrics on another. */
  async function appWithMetricsPort(): Promise<{ ctx: TestContext; port: number }> {
    const port = await unusedPort();
    const ctx = await createTestApp({ seed: false, env: { METRICS_PORT: String(port) } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return { ctx, port };
  }

  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ({ ctx, port } = await appWithMetricsPort());
  });
  afterAll(() => ctx?.close());

  it('serves /metrics there on loopback, without a credential, and nothing else', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain('# TYPE anglerdex_http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('does not serve it on the site port', async () => {
    const site = `http://127.0.0.1:${(ctx.app.server.address() as net.AddressInfo).port}`;
    expect((await fetch(`${site}/health`)).status).toBe(200);
    expect((await fetch(`${site}/metrics`)).status).toBe(404);
  });

  it('stops listening when the app closes', async () => {
    // An app of its own: the other tests keep theirs, in whatever order they run.
    const own = await appWithMetricsPort();
    expect((await fetch(`http://127.0.0.1:${own.port}/metrics`)).status).toBe(200);
    await own.ctx.close();
    await expect(fetch(`http://127.0.0.1:${own.port}/metrics`)).rejects.toThrow();
  });
});
