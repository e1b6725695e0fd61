import { expect, test } from './test';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { texts } from './texts';

const en = texts('en');

test("the fish encyclopedia lists every fish and opens a fish's own page, which a link of old opens too", async ({
  page,
  request,
}) => {
  // It scrolls the whole list in, a step of cards at a time: 48 s once in CI beside the other worker.
  test.slow();
  await page.goto(localePath('en', PAGE_PATHS.fishes));
  const cards = page
    .getByRole('main')
    .getByRole('list')
    .getByRole('link')
    // A card's body (the link with its name); the bait guide and heat map links under it are not counted.
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards.first()).toBeVisible();
  // The list renders a step of cards and reads on as the reader scrolls, to the last of the fish the count names.
  const total = Number((await page.getByTestId('fish-count').textContent())!.match(/(\d+) fish/)![1]);
  expect(total).toBeGreaterThan(100);
  expect(await cards.count()).toBeLessThan(total);
  const showMore = page.getByTestId('show-more');
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(showMore).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  expect(await cards.count()).toBe(total);
  await page.keyboard.press('Home');

  const first = cards.first();
  const name = (await first.getByRole('heading', { level: 2 }).textContent())!.trim();
  await first.click();

  // The fish's own page (issue 23), its star weights and maps.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/guide\/fishes\/\d+-[^/?#]+$/);
  const table = main.getByRole('table', { name: en.fishes.detail.starWeights });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  // A header row and at least one star class, each with a weight.
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(rows.nth(1)).toContainText(/≥ [\d.,]+ k?g/);
  await expect(main.getByRole('heading', { name: en.fish.maps.title })).toBeVisible();

  // Back to the list, and a link to a fish's detail from before fish had pages (`?fish=`) opens the same page.
  const url = page.url();
  const id = /\/guide\/fishes\/(\d+)-/.exec(url)![1];
  await page.goBack();
  await expect(cards.first()).toBeVisible();
  const moved = await page.goto(`${localePath('en', PAGE_PATHS.fishes)}?fish=${id}`);
  // The server sends it on (301), so a crawler or a link preview follows it too.
  expect(moved?.request().redirectedFrom()?.url()).toMatch(/\/en\/guide\/fishes\?fish=\d+$/);
  await expect(page).toHaveURL(url);
  await expect(main.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();

  // In Chinese the slug is the Chinese name: the redirect carries it percent-encoded, as a header must.
  const zh = await request.get(`${PAGE_PATHS.fishes}?fish=${id}`, { maxRedirects: 0 });
  expect(zh.status()).toBe(301);
  expect(zh.headers().location).toMatch(new RegExp(`^/guide/fishes/${id}-[\\w%-]*%[0-9A-F]{2}[\\w%-]*$`));
});

test('the fish encyclopedia narrows the list by search', async ({ page }) => {
  await page.goto(localePath('en', PAGE_PATHS.fishes));
  const cards = page
    .getByRole('main')
    .getByRole('list')
    .getByRole('link')
    // A card's body (the link with its name); the bait guide and heat map links under it are not counted.
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  const name = (await cards.nth(3).getByRole('heading', { level: 2 }).textContent())!.trim();

  await page.getByRole('searchbox', { name: en.fishes.filters.search }).fill(name);
  await expect.poll(() => cards.count()).toBeLessThan(before);
  await expect(cards.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=/);
});
