/**
 * The journeys' `test`: Playwright's, with a page whose `goto`, `reload` and `goBack` wait, after the document has
 * loaded, until the app has taken over a server-rendered page (`html[data-hydrated]`, set by the app shell). A
 * server-rendered page is visible before its JavaScript runs (issue 23, decision 0038); typing into it before then
 * would be typing into HTML.
 */
import { test as base, type Page, type Response } from '@playwright/test';

export { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';

async function untilHydrated(page: Page, response: Response | null): Promise<Response | null> {
  if (response?.headers()['content-type']?.includes('text/html')) {
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  }
  return response;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const goBack = page.goBack.bind(page);
      page.goto = async (url, options) => untilHydrated(page, await goto(url, options));
      page.reload = async (options) => untilHydrated(page, await reload(options));
      page.goBack = async (options) => {
        const response = await goBack(options);
        // Back within the app is no document load; back onto another document is.
        return response ? untilHydrated(page, response) : response;
      };
    }
    await use(page);
  },
});

/**
 * Moves to `url` inside the app, as a link would, without a document load: for journeys about what the browser asks
 * for itself (a server-rendered page holds what the server read).
 */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
