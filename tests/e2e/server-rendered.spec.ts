/**
 * Server-rendered public pages (issue 23, decision 0038): what a crawler, a link preview or a reader without
 * JavaScript receives, and the browser taking the page over without a hydration mismatch, in every language and both
 * colour schemes, then navigating on as the app and coming back.
 */
import { expect, test, type APIRequestContext, type Page } from './test';
import { PAGE_PATHS, PAGES } from '../../src/shared/pages';
import { localePath, type Locale } from '../../src/shared/locales';
import { texts } from './texts';

const LOCALES: Locale[] = ['zh', 'en', 'ja'];
const HTML_LANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en', ja: 'ja' };
const PUBLIC = PAGES.filter((page) => page.public);

function headOf(html: string) {
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]),
    root: /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="ssr-data">/.exec(html)?.[1] ?? '',
  };
}

async function fetchPage(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const response = await request.get(url, { headers, maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}

test.describe('what the server sends', () => {
  for (const locale of LOCALES) {
    test(`every public page in ${locale} holds its content, language, own title and alternates`, async ({
      request,
    }) => {
      const t = texts(locale);
      const titles = new Set<string>();
      for (const page of PUBLIC) {
        const url = localePath(locale, page.path);
        const { status, html } = await fetchPage(request, url);
        expect(status, url).toBe(200);
        const head = headOf(html);
        expect(head.lang, url).toBe(HTML_LANG[locale]);
        expect(head.title, url).toBeTruthy();
        titles.add(head.title ?? '');
        expect(head.description, url).toBeTruthy();
        expect(head.canonical, url).toMatch(new RegExp(`${url === '/' ? '/$' : url.replace(/\//g, '\\/')}$`));
        expect(head.alternates, url).toEqual(['zh-CN', 'en', 'ja', 'x-default']);
        // The content is in the HTML: the page's heading in its language (the home page's is the heat map's).
        expect(head.root, url).toContain('<h1');
        expect(head.root, url).toContain(t.common.nav.primary);
      }
      expect(titles.size).toBe(PUBLIC.length);
    });
  }

  test('a crawler gets the Chinese home page itself, a browser preferring English is sent to /en', async ({
    request,
  }) => {
    const bot = await fetchPage(request, '/', {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'accept-language': 'en-US,en',
    });
    expect(bot.status).toBe(200);
    expect(headOf(bot.html).lang).toBe('zh-CN');
    const browser = await request.get('/', { headers: { 'accept-language': 'en-US,en' }, maxRedirects: 0 });
    expect(browser.status()).toBe(302);
    expect(browser.headers().location).toBe('/en');
  });

  test('an unknown bait id and an unknown path answer the not-found page with a real 404', async ({ request }) => {
    const t = texts('en');
    for (const url of ['/en/query/baits/999999', '/en/no/such/page']) {
      const { status, html } = await fetchPage(request, url);
      expect(status, url).toBe(404);
      expect(html, url).toContain(t.common.notFound.message);
      expect(html, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  test('account pages are left to the browser and kept out of search results', async ({ request }) => {
    for (const url of [PAGE_PATHS.login, `/en${PAGE_PATHS.user}`, `/ja${PAGE_PATHS.adminCatalogue}`]) {
      const { status, html } = await fetchPage(request, url);
      expect(status, url).toBe(200);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<meta name="robots" content="noindex">');
    }
  });
});

test.describe('readable without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the encyclopedia and the bait list show their content', async ({ page }) => {
    const en = texts('en');
    await page.goto('/en/guide/fishes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.pages.fishes.title);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.goto('/ja/query/baits');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('ja').common.pages.baits.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });
});

/** Every console error and uncaught exception of the page (a hydration mismatch is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The not-found page's own 404 is the document's status, not a failure of the page.
    if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`taken over by the browser (${colorScheme})`, () => {
    test.use({ colorScheme, timezoneId: 'Asia/Shanghai' });

    for (const locale of LOCALES) {
      test(`public pages in ${locale} hydrate without a mismatch`, async ({ page }) => {
        const errors = collectErrors(page);
        for (const path of [
          PAGE_PATHS.home,
          PAGE_PATHS.officialLogs,
          PAGE_PATHS.birdLogs,
          PAGE_PATHS.baitGuide,
          PAGE_PATHS.baits,
          PAGE_PATHS.fishes,
          PAGE_PATHS.aiChat,
          PAGE_PATHS.vipBuy,
        ]) {
          await page.goto(localePath(locale, path));
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        }
        expect(errors).toEqual([]);
      });
    }
  });
}

test('from a server-rendered page into the app and back, without reloading', async ({ page }) => {
  const en = texts('en');
  const errors = collectErrors(page);
  await page.goto('/en/guide/fishes');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // A mark on the window survives client-side navigation only.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const nav = page.getByRole('navigation', { name: en.common.nav.primary });
  await nav.getByRole('link', { name: en.common.pages.baitGuide.nav, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/query\/bait-guide$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.pages.baitGuide.title);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/guide\/fishes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.pages.fishes.title);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors).toEqual([]);
});

test('a phone at 390 px hydrates the logs and the bait guide without a mismatch', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of ['/query/bird-logs', '/en/query/official-logs', '/ja/query/bait-guide']) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }
  expect(errors).toEqual([]);
});
