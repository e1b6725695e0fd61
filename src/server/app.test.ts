import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('the app frame', () => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject('/health')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: ctx.db.dialect });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ detail: 'Not Found' });
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves an OpenAPI document generated from the route schemas, and its UI', async () => {
    const doc = await ctx.app.inject('/docs/json');
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    const params = spec.paths['/api/system/get_categories'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'page_size', 'group_type', 'like_str', 'like_start']));
    // Every account route is documented, with its request body.
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/jwt/login',
        '/api/auth/jwt/logout',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/auth/request-verify-token',
        '/api/auth/verify',
        '/api/users/me',
        '/api/users/me/avatar',
        '/api/users/{id}',
        '/api/c_report/clients',
        '/api/c_report/clients/binding_code',
        '/api/c_report/clients/token',
        '/api/c_report/clients/me',
        '/api/c_report/user/bind_client_id',
      ]),
    );
    expect(
      Object.keys(spec.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties),
    ).toEqual(expect.arrayContaining(['email', 'password', 'nickname', 'client_id', 'code']));
    const ui = await ctx.app.inject('/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
