import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '#shared/pages';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemaps', () => {
  it('/sitemap.xml indexes one sitemap per locale, on PUBLIC_BASE_URL', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex');
    expect(locs(res.body)).toEqual([
      'https://anglerdex.test/zh/sitemap.xml',
      'https://anglerdex.test/en/sitemap.xml',
      'https://anglerdex.test/ja/sitemap.xml',
    ]);
  });

  it.each([
    ['zh', ''],
    ['en', '/en'],
    ['ja', '/ja'],
  ])('/%s/sitemap.xml lists every public page in that language with alternates', async (locale, prefix) => {
    const res = await ctx.app.inject(`/${locale}/sitemap.xml`);
    expect(res.statusCode).toBe(200);
    const publicPages = PAGES.filter((p) => p.public).map((p) =>
      p.path === '/' ? `https://anglerdex.test${prefix || '/'}` : `https://anglerdex.test${prefix}${p.path}`,
    );
    expect(locs(res.body)).toEqual(publicPages);
    expect(res.body).not.toContain('/user/login');
    expect(res.body).toContain('hreflang="ja" href="https://anglerdex.test/ja/query/baits"');
  });
});
