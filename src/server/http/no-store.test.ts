/**
 * `Cache-Control: no-store` on every answer that depends on the caller, checked route by route from the route table
 * (every route the app registers, collected as it is added): each route that requires a user, a superuser or a
 * logger token, or declares a credential in its security, answers `no-store` with and without credentials, whatever
 * the status; a route that takes `mine` answers `no-store` to `mine=true`. A new route is checked the day it is
 * added. Public answers keep their caching.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' }, onRoute: (route) => void routes.push(route) });
});
afterAll(() => ctx?.close());

const hooksOf = (route: RouteOptions) => [route.onRequest ?? []].flat() as unknown[];
const methodsOf = (route: RouteOptions) => [route.method].flat().filter((method) => method !== 'HEAD');

/** What the route table says: the route authenticates the caller, or declares a credential, or takes `mine`. */
function readsCaller(route: RouteOptions): 'always' | 'mine' | null {
  const schema = route.schema as { security?: object[]; querystring?: { shape?: object } } | undefined;
  if (schema?.querystring?.shape && 'mine' in schema.querystring.shape) return 'mine';
  const requires = hooksOf(route).some(
    (hook) =>
      hook === ctx.app.requireUser ||
      hook === ctx.app.requireSuperuser ||
      (typeof hook === 'function' && /^require(User|Superuser|Logger)$/.test(hook.name)),
  );
  const credential = schema?.security?.some((alternative) => Object.keys(alternative).length > 0);
  return requires || credential ? 'always' : null;
}

const urlOf = (route: RouteOptions) => route.url.replace(/:[a-z_]+/g, '1');

describe('every route that reads the caller answers no-store', () => {
  const privateRoutes = () => routes.filter((route) => readsCaller(route) !== null);

  it('finds the private routes in the route table', () => {
    const urls = new Set(privateRoutes().map((route) => route.url));
    for (const url of [
      '/api/users/me',
      '/api/users/me/stats',
      '/api/logs/bird',
      '/api/logs/official',
      '/api/c_report/catches',
      '/api/c_report/sales',
      '/api/records/import',
      '/api/vip/status',
      '/api/ai/ask',
      '/api/admin/overview',
      '/api/admin/users/:id/deactivate',
      '/api/admin/audit/:id/revert',
      '/api/admin/records/import',
    ])
      expect(urls, url).toContain(url);
  });

  it('with credentials (any status) and without them', async () => {
    const failures: string[] = [];
    const reader = await signedIn(ctx.app);
    for (const route of privateRoutes()) {
      const query = readsCaller(route) === 'mine' ? '?mine=true' : '';
      for (const method of methodsOf(route)) {
        // A fresh user for each change: some change the account (logout revokes the token).
        const { token } = method === 'GET' ? reader : await signedIn(ctx.app);
        for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
          const res = await ctx.app.inject({ method, url: `${urlOf(route)}${query}`, headers });
          const label = `${method} ${route.url}${query} ${headers.authorization ? 'with' : 'without'} a token`;
          if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
          else if (res.headers['cache-control'] !== 'no-store')
            failures.push(`${label}: ${res.statusCode} cache-control ${res.headers['cache-control']}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('public answers keep their caching', () => {
  it('the log lists without mine, the top baits, the catalogue', async () => {
    const { token } = await signedIn(ctx.app);
    const bird = await ctx.app.inject({ url: '/api/logs/bird', headers: { authorization: `Bearer ${token}` } });
    expect(bird.statusCode).toBe(200);
    expect(bird.headers['cache-control']).toBeUndefined();
    const top = await ctx.app.inject({ url: '/api/bait-guide/top' });
    expect(top.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const catalogue = await ctx.app.inject({ url: '/api/system/get_category_list?category_group=maps' });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.headers.etag).toBeDefined();
    expect(catalogue.headers['cache-control']).not.toBe('no-store');
  });
});
