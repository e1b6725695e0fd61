/**
 * The static site with a server render (issue 23): a stand-in render module in SSR_DIR (the real one is the client's
 * `vite build --ssr` bundle, exercised by the Playwright journeys) that reads the API through the transport the
 * server gives it, as the real one does, so what is tested here is the server's part: which pages are rendered,
 * their head, status and data, the fallbacks and the first visit's language.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

const SHELL = `<!doctype html><html lang="zh-CN"><head><meta name="description" content="Site." /><title>Anglerdex</title></head><body><noscript>needs JS</noscript><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

/** Renders a fish's page from the catalogue the server gave it, anything else as not found; `/boom` fails. */
const STAND_IN_RENDER = `
let transport = null;
let catalogue = null;
let version = null;
export const calls = [];
export function setTransport(next) { transport = next; }
export function setSiteSettings() {}
export function setCatalogue(next, list) { version = next; catalogue = list; }
export function catalogueVersionInUse() { return version; }
export async function renderPage(url) {
  calls.push(url);
  const path = url.split('?')[0];
  if (path.endsWith('/boom')) throw new Error('a bug in a page');
  const moved = /[?&]fish=(\\d+)/.exec(url);
  if (moved) return { status: 301, location: path + '/' + moved[1] + '-宽鳍鱲', html: '', meta: null, data: null };
  const answer = await transport('/api/system/get_categories?group_type=fish&page_size=1', { method: 'GET', headers: {} });
  const searched = (await answer.json()).total;
  const match = /\\/guide\\/fishes\\/(\\d+)/.exec(path);
  const fish = match ? catalogue.fish.find((f) => f.id === Number(match[1])) : undefined;
  if (!fish) {
    return { status: 200, html: '<h1>Not found</h1>', meta: { title: 'Not found', status: 404, noindex: true }, data: { searched } };
  }
  return {
    status: 200,
    html: '<h1>' + fish.name + '</h1>',
    meta: {
      title: fish.name,
      description: 'All about <' + fish.name + '> & more',
      image: '/media/fish/' + fish.id + '.png',
      breadcrumbs: [{ name: 'Fish </script>', path: '/guide/fishes' }, { name: fish.name, path: path.replace(/^\\/(en|ja|zh)/, '') }],
    },
    data: { searched, version, note: '</script><script>alert(1)</script>' },
  };
}
`;

const BASE = 'https://anglerdex.example';
let ctx: TestContext;
let renderCalls: string[];
let fishId: number;
let fishName: string;

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  const ssrDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-ssr-'));
  mkdirSync(ssrDir, { recursive: true });
  writeFileSync(path.join(ssrDir, 'entry-server.js'), STAND_IN_RENDER);
  ctx = await createTestApp({ env: { CLIENT_DIR: clientDir, SSR_DIR: ssrDir, PUBLIC_BASE_URL: BASE } });
  // The same module instance the server imported: what it was asked to render.
  renderCalls = ((await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as { calls: string[] }).calls;
  const fish = (await ctx.services.catalogue.view()).groups.fish[0]!;
  fishId = fish.id;
  fishName = fish.name;
});
afterAll(() => ctx.close());

function dataOf(body: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/.exec(body)?.[1];
  if (!json) throw new Error('no ssr-data in the page');
  return JSON.parse(json) as Record<string, unknown>;
}

describe('server-rendered public pages', () => {
  it("answers a fish's page with its content, language, title, links and data", async () => {
    const url = `/en/guide/fishes/${fishId}-some-slug`;
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toContain(`<title>${fishName} · Anglerdex</title>`);
    expect(body).toContain(`<meta name="description" content="All about &#60;${fishName}&#62; &#38; more">`);
    expect(body).toContain(`<div id="root"><h1>${fishName}</h1></div>`);
    expect(body).toContain(`<link rel="canonical" href="${BASE}${url}">`);
    for (const [lang, href] of [
      ['zh-CN', `/guide/fishes/${fishId}-some-slug`],
      ['en', url],
      ['ja', `/ja/guide/fishes/${fishId}-some-slug`],
      ['x-default', `/guide/fishes/${fishId}-some-slug`],
    ]) {
      expect(body).toContain(`<link rel="alternate" hreflang="${lang}" href="${BASE}${href}">`);
    }
    expect(body).toContain(`<meta property="og:image" content="${BASE}/media/fish/${fishId}.png">`);
    expect(body).toContain('<meta property="og:locale" content="en_US">');
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(body).not.toContain('noindex');
    expect(body).not.toContain('<noscript>');
    // The render read the API in process and the catalogue the server handed it.
    const data = dataOf(body);
    expect(data.searched).toBeGreaterThan(0);
    expect(String(data.version)).toMatch(/:\d+$/);
  });

  it('writes JSON into the page so that nothing in it can end its script element', async () => {
    const body = (await ctx.app.inject(`/guide/fishes/${fishId}`)).body;
    expect(body.match(/<\/script>/g)).toHaveLength(3); // ssr-data, JSON-LD, the app's module
    expect(dataOf(body).note).toBe('</script><script>alert(1)</script>');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(body)?.[1] ?? '';
    const crumbs = JSON.parse(jsonLd) as { itemListElement: { position: number; name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Anglerdex', 'Fish </script>', fishName]);
    expect(crumbs.itemListElement[1]!.item).toBe(`${BASE}/guide/fishes`);
  });

  it('answers an id the catalogue lacks, and any unknown path, with the not-found page and a real 404', async () => {
    for (const url of ['/en/guide/fishes/999999', '/ja/no/such/page']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<h1>Not found</h1>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).not.toContain('rel="canonical"');
    }
  });

  it('sends an old address the render says has moved on to the new one, permanently', async () => {
    const res = await ctx.app.inject(`/en/guide/fishes?fish=${fishId}`);
    expect(res.statusCode).toBe(301);
    // The slug of a Chinese or Japanese name travels percent-encoded: a header holds no such characters.
    expect(res.headers.location).toBe(`/en/guide/fishes/${fishId}-%E5%AE%BD%E9%B3%8D%E9%B1%B2`);
    expect((await ctx.app.inject(`/guide/fishes?fish=${fishId}&map=2`)).statusCode).toBe(301);
  });

  it('sends account pages as the shell the browser renders, marked noindex', async () => {
    const res = await ctx.app.inject('/en/user/login?redirect=%2Fuser');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).not.toContain('ssr-data');
  });

  it('falls back to the shell when a render fails, never to an error', async () => {
    const res = await ctx.app.inject({ url: '/en/boom', headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<html lang="en">');
  });

  it('sends a first visit to / to the remembered or the browser language, never a crawler', async () => {
    const english = await ctx.app.inject({ url: '/?map=2', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('/en?map=2');
    expect(english.headers.vary).toContain('Accept-Language');
    const remembered = await ctx.app.inject({
      url: '/',
      headers: { 'accept-language': 'en', cookie: 'locale=ja' },
    });
    expect(remembered.headers.location).toBe('/ja');
    const chinese = await ctx.app.inject({ url: '/', headers: { 'accept-language': 'en', cookie: 'locale=zh' } });
    expect(chinese.statusCode).toBe(404); // the stand-in renders no home page: what matters is that it stayed
    const bot = await ctx.app.inject({ url: '/', headers: { 'accept-language': 'en', 'user-agent': 'Googlebot/2.1' } });
    expect(bot.headers.location).toBeUndefined();
  });

  it('hands the render the new catalogue after a reload', async () => {
    const before = dataOf((await ctx.app.inject(`/guide/fishes/${fishId}`)).body).version;
    await ctx.services.catalogue.refresh();
    const after = dataOf((await ctx.app.inject(`/guide/fishes/${fishId}`)).body).version;
    expect(after).not.toBe(before);
  });

  it('renders a page once for the visitors of the next seconds, and anew under a new catalogue', async () => {
    const url = `/ja/guide/fishes/${fishId}?from=cache-test`;
    const before = renderCalls.length;
    const pages = await Promise.all([ctx.app.inject(url), ctx.app.inject(url), ctx.app.inject(url)]);
    await ctx.app.inject(url);
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200]);
    expect(renderCalls.length - before).toBe(1);
    await ctx.app.inject(`${url}&other=1`);
    expect(renderCalls.length - before).toBe(2);
    await ctx.services.catalogue.refresh();
    await ctx.app.inject(url);
    expect(renderCalls.length - before).toBe(3);
  });
});
