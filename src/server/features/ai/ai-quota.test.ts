/**
 * What spends a question of the AI quota: only a JSON question. A cross-site HTML form can post form fields (never
 * JSON) with a visitor's cookies and address; it gets the 422 every JSON route answers and counts nothing. Real app,
 * real database (and Redis under `npm run test:pg`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AI_FREE_PER_MINUTE: '3' } });
});
afterAll(() => ctx?.close());

let visitor = 0;

describe('POST /api/ai/ask takes JSON only', () => {
  it('refuses a form-encoded question with 422 and leaves the quota whole', async () => {
    const remoteAddress = `198.51.100.${++visitor}`;
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/ask',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'question=best+bait',
    });
    expect(form.statusCode).toBe(422);
    expect(form.json().detail[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body'] });
    const quota = await ctx.app.inject({ method: 'GET', url: '/api/ai/quota', remoteAddress });
    expect(quota.json()).toMatchObject({ limit: 3, remaining: 3 });

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/ask',
      remoteAddress,
      payload: { question: 'best bait' },
    });
    expect(json.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ai/quota', remoteAddress })).json()).toMatchObject({
      remaining: 2,
    });
  });

  it('refuses other bodies a form can send (text/plain, multipart) without counting them', async () => {
    const remoteAddress = `198.51.100.${++visitor}`;
    for (const [type, payload] of [
      ['text/plain', '{"question":"best bait"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="question"\r\n\r\nbait\r\n--x--\r\n',
      ],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ai/ask',
        remoteAddress,
        headers: { 'content-type': type! },
        payload,
      });
      expect([415, 422], `${type}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ai/quota', remoteAddress })).json()).toMatchObject({
      remaining: 3,
    });
  });
});
