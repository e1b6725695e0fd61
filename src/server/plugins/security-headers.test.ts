import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import securityHeaders, { SECURITY_HEADERS } from './security-headers';

/** The options app.ts gave @fastify/helmet before the headers were written out once (decision 0023). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      scriptSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

const without = (headers: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

describe('security headers', () => {
  it('are exactly what @fastify/helmet sends with the same policy, in the same order', async () => {
    const withHelmet = Fastify();
    await withHelmet.register(helmet, HELMET_OPTIONS);
    withHelmet.get('/', async () => 'ok');
    const written = Fastify();
    await written.register(securityHeaders);
    written.get('/', async () => 'ok');
    const [expected, actual] = await Promise.all([withHelmet.inject('/'), written.inject('/')]);
    const ignored = ['date', 'content-length', 'content-type', 'connection'];
    expect(Object.entries(without(actual.headers, ...ignored))).toEqual(
      Object.entries(without(expected.headers, ...ignored)),
    );
    await Promise.all([withHelmet.close(), written.close()]);
  });

  it('go out with every kind of answer of the app: an API read, a 404, a 422, a page', async () => {
    const ctx = await createTestApp({ seed: false });
    try {
      for (const url of [
        '/api/system/get_category_list?category_group=maps',
        '/api/nothing-here',
        '/api/system/get_fishes_by_map_id?map_id=abc',
        '/health',
      ]) {
        const res = await ctx.app.inject(url);
        for (const [name, value] of Object.entries(SECURITY_HEADERS))
          expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
    } finally {
      await ctx.close();
    }
  });
});
