/**
 * The trailing-slash redirect under /api (plugins/api-fallback.ts) names the target relatively: the Host header (or
 * X-Forwarded-Host) a request brings never appears in it, so it cannot send a browser to another site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx?.close());

describe('a trailing slash under /api', () => {
  it('redirects with 307 to a relative Location, whatever Host the request names, keeping the query', async () => {
    for (const headers of [{ host: 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/heatmap/?map_id=1&range=1d', headers });
      expect(res.statusCode).toBe(307);
      expect(res.headers.location).toBe('/api/heatmap?map_id=1&range=1d');
    }
    const many = await ctx.app.inject({ method: 'GET', url: '/api/heatmap///', headers: { host: 'evil.example' } });
    expect(many.headers.location).toBe('/api/heatmap');
  });
});
