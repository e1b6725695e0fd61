import { expect, test } from './test';
import { E2E_FORUM_URL } from '../../playwright.config';
import { BUILD_META_NAME } from '../../src/shared/build-info';
import { fill, texts } from './texts';

const zh = texts('zh');
const en = texts('en');

test('the home page loads in Chinese by default', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const nav = page.getByRole('navigation', { name: zh.common.nav.primary });
  for (const key of ['home', 'officialLogs', 'birdLogs', 'baitGuide'] as const) {
    await expect(nav.getByRole('link', { name: zh.common.pages[key].nav, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.common.pages.home.title);
});

test('the chat button opens the configured forum in a new tab, named in words so it is not taken for the AI chat', async ({
  page,
}) => {
  await page.goto('/');
  const forum = page.getByRole('link', { name: zh.common.actions.forumNewTab });
  await expect(forum).toHaveAttribute('href', E2E_FORUM_URL);
  await expect(forum).toHaveAttribute('target', '_blank');
  await expect(forum).toHaveAttribute('rel', /noopener/);
  await expect(forum).toHaveText(zh.common.actions.forumShort);
});

test('on a phone the forum is an entry of the menu, named and opening in a new tab', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en');
  await expect(page.getByRole('link', { name: en.common.actions.forumNewTab })).toBeHidden();
  await page.getByRole('button', { name: en.common.nav.openMenu }).click();
  const forum = page.getByRole('dialog').getByRole('link', { name: en.common.actions.forumNewTab });
  await expect(forum).toBeVisible();
  await expect(forum).toContainText(en.common.actions.forum);
  await expect(forum).toHaveAttribute('href', E2E_FORUM_URL);
  await expect(forum).toHaveAttribute('target', '_blank');
});

test('switching to English moves to /en, translates the page and remembers the choice for a year', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page
    .getByRole('button', { name: fill(zh.common.actions.language, { short: '中文', language: '简体中文' }) })
    .click();
  await page.getByRole('menuitem', { name: 'English' }).click();

  await expect(page).toHaveURL(/\/en\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const nav = page.getByRole('navigation', { name: en.common.nav.primary });
  await expect(nav.getByRole('link', { name: en.common.pages.officialLogs.nav, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.pages.home.title);
  await expect(page.getByText(zh.common.pages.officialLogs.nav, { exact: true })).toHaveCount(0);

  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('en');
  const daysLeft = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(daysLeft).toBeGreaterThan(364);
  expect(daysLeft).toBeLessThan(366);
});

test('the page knows its build, and the server answers the same id for the hourly update check', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const own = await page.locator(`meta[name="${BUILD_META_NAME}"]`).getAttribute('content');
  expect(own).toMatch(/^[0-9a-f]{16}$/);
  const served = await request.get('/api/build');
  expect(served.headers()['cache-control']).toBe('no-store');
  expect(await served.json()).toEqual({ build: own });
});

for (const [locale, prefix] of [
  ['zh', ''],
  ['en', '/en'],
] as const) {
  test(`an unknown page shows the not-found page, whose link goes back home (${locale})`, async ({ page }) => {
    const t = texts(locale);
    await page.goto(`${prefix}/no-such-page`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.common.notFound.title);
    const home = page.getByRole('link', { name: t.common.notFound.home });
    await expect(home).toBeVisible();

    await home.click();
    await expect(page).toHaveURL(new RegExp(`^[^?#]*//[^/]+${prefix}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.common.pages.home.title);
  });
}

/** Answers 404 for the official records page's code chunk, as a server does for a chunk a deploy removed. */
const OFFICIAL_LOGS_CHUNK = /\/assets\/official-logs-page-[^/]+\.js$/;

test('a page whose code a deploy removed reloads once and then opens', async ({ page }) => {
  let chunkRequests = 0;
  await page.route(OFFICIAL_LOGS_CHUNK, (route) => {
    chunkRequests += 1;
    return chunkRequests === 1 ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue();
  });
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });

  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.pages.home.title);
  await page
    .getByRole('navigation', { name: en.common.nav.primary })
    .getByRole('link', { name: en.common.pages.officialLogs.nav })
    .click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.pages.officialLogs.title);
  await expect(page).toHaveURL(/\/en\/query\/official-logs/);
  expect(documents).toBe(2); // the first visit and the one reload
  // The reloaded page is the server's, taken over by the app with the page's code (no error page, no loop).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(chunkRequests).toBeGreaterThanOrEqual(1);
});

for (const [locale, prefix] of [
  ['zh', ''],
  ['en', '/en'],
] as const) {
  test(`a page whose code is missing after the reload too says a new version is ready, without looping (${locale})`, async ({
    page,
  }) => {
    const t = texts(locale);
    await page.route(OFFICIAL_LOGS_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });

    await page.goto(`${prefix}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.common.pages.home.title);
    await page
      .getByRole('navigation', { name: t.common.nav.primary })
      .getByRole('link', { name: t.common.pages.officialLogs.nav })
      .click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.common.errorPage.newVersion);
    await expect(page.getByText(t.common.errorPage.newVersionText)).toBeVisible();
    await expect(page.getByText('dynamically imported module')).toHaveCount(0);
    await page.waitForTimeout(500); // a loop would have reloaded again by now
    expect(documents).toBe(2);

    // The chunk is back (the deploy finished): the player's reload opens the page.
    await page.unroute(OFFICIAL_LOGS_CHUNK);
    await page.getByRole('button', { name: t.common.errorPage.reload }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.common.pages.officialLogs.title);
  });
}
