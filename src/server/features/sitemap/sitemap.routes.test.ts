import { brotliDecompressSync } from 'node:zlib';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CategoryItem, CategoryListResponse } from '#shared/contracts/catalogue';
import { displayName } from '#shared/game/names';
import { LOCALES, type Locale, localePath } from '#shared/locales';
import { ITEM_PAGES, itemSlug, PAGES } from '#shared/pages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type SitemapCatalogue, type SitemapItem, sitemapRoutes } from './sitemap.routes';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const BASE = 'https://anglerdex.test';

// Demo catalogue items (generate-world.ts) the setup changes: one of each group deprecated, and two renamed so a
// language's slug is empty or falls back to another language's name.
const DEPRECATED = { fish: 1001, baits: 2001, maps: 101 } as const;
const FISH_WITHOUT_EN_SLUG = 1002;
const BAIT_WITHOUT_JA_NAME = 2002;

let ctx: TestContext;
let catalogue: CategoryItem[];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.kysely;
  await db.updateTable('category').set({ deprecated: true }).where('id', 'in', Object.values(DEPRECATED)).execute();
  await db.updateTable('category').set({ name_en: '— ? —' }).where('id', '=', FISH_WITHOUT_EN_SLUG).execute();
  await db.updateTable('category').set({ name_ja: null }).where('id', '=', BAIT_WITHOUT_JA_NAME).execute();
  await ctx.services.catalogue.refresh();
  const res = await ctx.app.inject(
    '/api/system/get_category_list?category_group=fish&category_group=baits&category_group=maps',
  );
  catalogue = Object.values(CategoryListResponse.parse(res.json()).category_list).flat();
});
afterAll(() => ctx.close());

/** The XML parsed strictly: any error or warning fails the test. */
function parseXml(xml: string) {
  const problems: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => problems.push(`${level}: ${message}`),
  }).parseFromString(xml, 'application/xml');
  expect(problems).toEqual([]);
  return document;
}

const childText = (element: XmlElement, name: string) =>
  element.getElementsByTagNameNS(SITEMAP_NS, name).item(0)?.textContent ?? null;

interface SitemapUrl {
  loc: string;
  /** hreflang → href, in document order. */
  alternates: [string, string][];
}

function sitemapUrls(xml: string): SitemapUrl[] {
  const document = parseXml(xml);
  expect(document.documentElement?.localName).toBe('urlset');
  return Array.from(document.getElementsByTagNameNS(SITEMAP_NS, 'url')).map((url) => ({
    loc: childText(url, 'loc')!,
    alternates: Array.from(url.getElementsByTagNameNS(XHTML_NS, 'link')).map((link) => {
      expect(link.getAttribute('rel')).toBe('alternate');
      return [link.getAttribute('hreflang')!, link.getAttribute('href')!];
    }),
  }));
}

/** An item's page URL in a language, as the issue words it: `<id>-<slug of its name there>`, the id alone when empty. */
function itemUrl(item: CategoryItem, locale: Locale): string {
  const page = ITEM_PAGES.find((p) => p.group === item.group_type)!;
  return BASE + localePath(locale, page.path(item.id, itemSlug(displayName(item, locale))));
}

describe('/sitemap.xml', () => {
  it('indexes one sitemap per locale, on PUBLIC_BASE_URL whatever the Host header', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const document = parseXml(res.body);
    expect(document.documentElement?.localName).toBe('sitemapindex');
    const locs = Array.from(document.getElementsByTagNameNS(SITEMAP_NS, 'sitemap')).map((s) => childText(s, 'loc'));
    expect(locs).toEqual([`${BASE}/zh/sitemap.xml`, `${BASE}/en/sitemap.xml`, `${BASE}/ja/sitemap.xml`]);
  });
});

describe.each([
  ['zh', ''],
  ['en', '/en'],
  ['ja', '/ja'],
] as const)('/%s/sitemap.xml', (locale, prefix) => {
  let urls: SitemapUrl[];
  beforeAll(async () => {
    const res = await ctx.app.inject({ url: `/${locale}/sitemap.xml`, headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    urls = sitemapUrls(res.body);
  });

  it('lists every public page in that language, and no account page', () => {
    const publicPages = PAGES.filter((p) => p.public).map(
      (p) => BASE + (p.path === '/' ? prefix || '/' : prefix + p.path),
    );
    expect(urls.slice(0, publicPages.length).map((u) => u.loc)).toEqual(publicPages);
    expect(urls.some((u) => u.loc.includes('/user'))).toBe(false);
    expect(urls.every((u) => u.loc.startsWith(`${BASE}/`))).toBe(true);
  });

  it("lists the page of every live fish, bait and map with its name's slug in that language, and no deprecated one", () => {
    // In the pages' order (fish, baits, maps), each group in catalogue order.
    const live = ITEM_PAGES.flatMap(({ group }) =>
      catalogue.filter((item) => item.group_type === group && !item.deprecated),
    );
    expect(live.length).toBe(160 + 232 + 16 - 3);
    const listed = urls.map((u) => u.loc);
    expect(listed.slice(-live.length)).toEqual(live.map((item) => itemUrl(item, locale)));
    for (const [group, id] of Object.entries(DEPRECATED)) {
      const path = ITEM_PAGES.find((p) => p.group === group)!.path(id);
      expect(listed.filter((loc) => loc.includes(`${path}-`) || loc.endsWith(path))).toEqual([]);
    }
  });

  it('names each page the way the issue spells it', () => {
    const listed = new Set(urls.map((u) => u.loc));
    const expected = {
      zh: ['/guide/fishes/1000-鲤鱼', '/query/baits/2000-红虫', '/maps/100-镜湖'],
      en: ['/en/guide/fishes/1000-common-carp', '/en/query/baits/2000-bloodworm', '/en/maps/102-willow-bend-river'],
      ja: ['/ja/guide/fishes/1000-コイ', '/ja/query/baits/2000-アカムシ', '/ja/maps/100-鏡湖'],
    }[locale];
    for (const path of expected) expect(listed).toContain(BASE + path);
    // A name with no letter or digit makes no slug: the id alone. ja without its own name takes the English one's.
    if (locale === 'en') expect(listed).toContain(`${BASE}/en/guide/fishes/${FISH_WITHOUT_EN_SLUG}`);
    if (locale === 'ja') expect(listed).toContain(`${BASE}/ja/query/baits/${BAIT_WITHOUT_JA_NAME}-redworm`);
  });

  it('gives every page its zh, en, ja and x-default (zh) alternates, each with its own slug', () => {
    for (const url of urls) {
      expect(url.alternates.map(([hreflang]) => hreflang)).toEqual(['zh', 'en', 'ja', 'x-default']);
      const href = Object.fromEntries(url.alternates);
      expect(href[locale]).toBe(url.loc);
      expect(href['x-default']).toBe(href.zh);
      expect(href.zh).not.toMatch(/^https:\/\/anglerdex\.test\/(zh|en|ja)(\/|$)/);
      expect(href.en).toMatch(/^https:\/\/anglerdex\.test\/en(\/|$)/);
      expect(href.ja).toMatch(/^https:\/\/anglerdex\.test\/ja(\/|$)/);
    }
    const carp = urls.find(
      (u) =>
        u.loc ===
        itemUrl(
          catalogue.find((item) => item.id === 1000)!,
          locale,
        ),
    )!;
    expect(carp.alternates).toEqual([
      ['zh', `${BASE}/guide/fishes/1000-鲤鱼`],
      ['en', `${BASE}/en/guide/fishes/1000-common-carp`],
      ['ja', `${BASE}/ja/guide/fishes/1000-コイ`],
      ['x-default', `${BASE}/guide/fishes/1000-鲤鱼`],
    ]);
  });
});

describe('conditional and compressed answers', () => {
  it('answers 304 without a body for a matching If-None-Match, and the same ETag until the catalogue changes', async () => {
    const first = await ctx.app.inject('/en/sitemap.xml');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const again = await ctx.app.inject({ url: '/en/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Each locale's sitemap is its own answer.
    const ja = await ctx.app.inject({ url: '/ja/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(ja.statusCode).toBe(200);

    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const plain = await ctx.app.inject(url);
      const conditional = await ctx.app.inject({ url, headers: { 'if-none-match': plain.headers.etag as string } });
      expect(conditional.statusCode).toBe(304);
    }
  });

  it('is brotli-compressed for clients that accept it', async () => {
    const plain = await ctx.app.inject('/zh/sitemap.xml');
    const res = await ctx.app.inject({ url: '/zh/sitemap.xml', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('follows a catalogue reload: a renamed fish gets its new slug and the sitemap a new ETag', async () => {
    const before = await ctx.app.inject('/en/sitemap.xml');
    await ctx.db.kysely.updateTable('category').set({ name_en: 'Golden carp' }).where('id', '=', 1000).execute();
    await ctx.services.catalogue.refresh();
    const after = await ctx.app.inject({
      url: '/en/sitemap.xml',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain(`${BASE}/en/guide/fishes/1000-golden-carp`);
    expect(after.body).not.toContain('1000-common-carp');
    await ctx.db.kysely.updateTable('category').set({ name_en: 'Common carp' }).where('id', '=', 1000).execute();
    await ctx.services.catalogue.refresh();
  });
});

describe('/robots.txt', () => {
  it('allows the public site, keeps crawlers out of the account, admin and API areas, and names the sitemaps', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /user',
        'Disallow: /zh/user',
        'Disallow: /en/user',
        'Disallow: /ja/user',
        'Disallow: /admin',
        'Disallow: /zh/admin',
        'Disallow: /en/admin',
        'Disallow: /ja/admin',
        '',
        `Sitemap: ${BASE}/sitemap.xml`,
        `Sitemap: ${BASE}/zh/sitemap.xml`,
        `Sitemap: ${BASE}/en/sitemap.xml`,
        `Sitemap: ${BASE}/ja/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('disallows no page the sitemaps list, and every account and admin page in every language', async () => {
    const robots = (await ctx.app.inject('/robots.txt')).body;
    const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]!);
    const blocked = (path: string) => disallowed.some((rule) => path.startsWith(rule));
    for (const locale of LOCALES) {
      const listed = sitemapUrls((await ctx.app.inject(`/${locale}/sitemap.xml`)).body);
      for (const { loc } of listed) expect(blocked(new URL(loc).pathname), loc).toBe(false);
      for (const page of PAGES.filter((p) => p.path.startsWith('/user') || p.path.startsWith('/admin')))
        expect(blocked(`/${locale}${page.path}`), page.path).toBe(true);
    }
    expect(blocked('/api/system/get_category_list')).toBe(true);
  });
});

describe('serialised once per catalogue view', () => {
  it('reads the catalogue groups once for any number of requests, again only for a new view', async () => {
    let reads = 0;
    const items: readonly SitemapItem[] = [{ id: 7, name: '鲤鱼', name_en: 'Carp', name_ja: null, deprecated: false }];
    const makeView = () => ({
      get groups() {
        reads++;
        return { fish: items, baits: [], maps: [] };
      },
    });
    let view = makeView();
    const source: SitemapCatalogue = { view: async () => view };
    const app = Fastify();
    await app.register(sitemapRoutes, { baseUrl: BASE, catalogue: source });
    for (const locale of LOCALES) {
      for (let i = 0; i < 3; i++) expect((await app.inject(`/${locale}/sitemap.xml`)).statusCode).toBe(200);
    }
    expect(reads).toBe(1);
    view = makeView();
    const res = await app.inject('/ja/sitemap.xml');
    expect(reads).toBe(2);
    expect(res.body).toContain(`<loc>${BASE}/ja/guide/fishes/7-carp</loc>`);
    await app.close();
  });
});
