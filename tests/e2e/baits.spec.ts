import { expect, test, type Page, navigateInApp } from './test';
import type { BaitItem, CategoryList } from '../../src/shared/contracts/catalogue';
import type { BaitCatchesResponse, BaitGuideTopResponse } from '../../src/shared/contracts/catches';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS, itemSlug } from '../../src/shared/pages';
import { fill, texts } from './texts';

const en = texts('en');
const zh = texts('zh');

interface BaitPage {
  items: BaitItem[];
  total: number;
}

const cards = (page: Page) => page.getByRole('main').getByRole('listitem');
const cardNames = (page: Page) => page.getByRole('main').getByRole('list').getByRole('heading', { level: 2 });

/** The total the page states ("123 baits"), read back as a number. */
async function shownTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('bait-total').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test('the bait list filters by index letter', async ({ page }) => {
  await page.goto(localePath('en', PAGE_PATHS.baits));
  await expect(cards(page).first()).toBeVisible();
  const allTotal = await shownTotal(page);
  expect(allTotal).toBeGreaterThan(0);

  // A letter that has baits in the demo world, taken from the enabled buttons of the index itself.
  const index = page.getByRole('group', { name: en.baits.letters.label });
  const letterButtons = index.getByRole('button', { name: /^Letter [A-Z]$/ });
  await expect(letterButtons.first()).toBeVisible();
  let letter = '';
  for (const button of await letterButtons.all()) {
    if (await button.isEnabled()) {
      letter = (await button.textContent())!.trim();
      break;
    }
  }
  expect(letter).toMatch(/^[A-Z]$/);

  const response = page.waitForResponse(
    (r) => r.url().includes('/api/system/get_categories') && r.url().includes(`letter=${letter}`),
  );
  await index.getByRole('button', { name: fill(en.baits.letters.letter, { letter }) }).click();
  const body = (await (await response).json()) as BaitPage;

  await expect(page).toHaveURL(new RegExp(`[?&]letter=${letter}(&|$)`));
  await expect(index.getByRole('button', { name: fill(en.baits.letters.letter, { letter }) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(cards(page)).toHaveCount(body.items.length);
  expect(body.items.length).toBeGreaterThan(0);
  expect(body.items.every((item) => item.letter_en === letter)).toBe(true);
  for (const card of await cards(page).all()) await expect(card).toHaveAttribute('data-letter', letter);
  // In English the index letter is the first letter of the English name, which the reader can see.
  for (const name of await cardNames(page).allTextContents()) expect(name.toUpperCase().startsWith(letter)).toBe(true);
  expect(await shownTotal(page)).toBeLessThan(allTotal);
  expect(await shownTotal(page)).toBe(body.total);

  // The letter survives a reload: the URL is the state.
  await page.reload();
  await expect(cards(page)).toHaveCount(body.items.length);
});

test('the bait list finds a bait by its name, in Chinese too', async ({ page, request }) => {
  const all = (await (
    await request.get('/api/system/get_categories?group_type=baits&page_size=100&lang=zh')
  ).json()) as BaitPage;
  // A bait whose Chinese name is in no other's, so the search (anywhere in a name, by default) finds it alone or few.
  const target = all.items.find((item) => all.items.filter((other) => other.name.includes(item.name)).length === 1);
  expect(target, 'the demo world has baits').toBeTruthy();

  await page.goto(localePath('zh', PAGE_PATHS.baits));
  await expect(cards(page).first()).toBeVisible();
  const allTotal = await shownTotal(page);

  await page.getByRole('searchbox', { name: zh.baits.search.label }).fill(target!.name);
  await expect(cardNames(page).filter({ hasText: target!.name }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(target!.name)}`));
  await expect.poll(() => shownTotal(page)).toBeLessThan(allTotal);
  for (const name of await cardNames(page).allTextContents()) expect(name).toContain(target!.name);

  // A name that matches nothing shows the empty state.
  await page.getByRole('searchbox', { name: zh.baits.search.label }).fill('zzzzqqq');
  await expect(page.getByText(zh.baits.empty.title)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

test('the bait list shows the load-failed state and recovers on retry', async ({ page }) => {
  // The server renders the list it read itself; a list the browser asks for, on the way from another page, can fail.
  await page.goto(localePath('en', PAGE_PATHS.home));
  await page.route('**/api/system/get_categories**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
  );
  await navigateInApp(page, localePath('en', PAGE_PATHS.baits));
  const alert = page.getByRole('alert').filter({ hasText: en.baits.error.title });
  await expect(alert).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  await page.unroute('**/api/system/get_categories**');
  await alert.getByRole('button', { name: en.baits.error.retry }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('the bait list fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(localePath('en', PAGE_PATHS.baits));
  await expect(cards(page).first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the bait list filters by bait type and opens a bait page with what it caught (issue 26)', async ({
  page,
  request,
}) => {
  // A bait that surely caught something in the window: the most used bait of the most reported fish.
  const top = (await (await request.get('/api/bait-guide/top')).json()) as BaitGuideTopResponse;
  const best = [...top.fishes].sort((a, b) => b.total - a.total)[0];
  expect(best, 'the demo world has catches in the last 72 hours').toBeDefined();
  const baitId = best!.baits[0]!.bait_id;
  const { category_list: catalogue } = (await (
    await request.get('/api/system/get_category_list?category_group=baits&category_group=fish_way')
  ).json()) as { category_list: CategoryList };
  const bait = catalogue.baits!.find((item) => item.id === baitId)!;
  const type = catalogue.fish_way!.find((item) => item.id === bait.data.fish_way)!;

  await page.goto(localePath('en', PAGE_PATHS.baits));
  await expect(cards(page).first()).toBeVisible();
  const allTotal = await shownTotal(page);

  // Filter by the bait's type: the list asks for that type only and says so in its URL.
  const filtered = page.waitForResponse(
    (r) => r.url().includes('/api/system/get_categories') && r.url().includes(`fish_way=${type.id}`),
  );
  await page.getByRole('combobox', { name: en.baits.types.label }).click();
  await page.getByRole('option', { name: type.name_en! }).click();
  const body = (await (await filtered).json()) as BaitPage;
  await expect(page).toHaveURL(new RegExp(`[?&]type=${type.id}(&|$)`));
  expect(body.items.every((item) => item.data.fish_way === type.id)).toBe(true);
  await expect.poll(() => shownTotal(page)).toBe(body.total);
  expect(body.total).toBeLessThan(allTotal);
  for (const card of await cards(page).all())
    await expect(card.getByText(type.name_en!, { exact: true })).toBeVisible();

  // The type survives a reload, then a search narrows the type's list to the bait, whose name opens its page.
  await page.reload();
  await expect(page.getByRole('combobox', { name: en.baits.types.label })).toHaveValue(type.name_en!);
  await page.getByRole('searchbox', { name: en.baits.search.label }).fill(bait.name_en!);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(bait.name_en!).replace(/%20/g, '\\+')}`));
  await expect(page).toHaveURL(new RegExp(`[?&]type=${type.id}(&|$)`));
  const catches = page.waitForResponse((r) => r.url().includes(`/api/bait-guide/bait?bait_id=${bait.id}`));
  await cardNames(page).getByRole('link', { name: bait.name_en!, exact: true }).click();
  const answer = (await (await catches).json()) as BaitCatchesResponse;

  // The bait's id, then its English name's slug (issue 23).
  await expect(page).toHaveURL(new RegExp(`/en/query/baits/${bait.id}-${itemSlug(bait.name_en!)}$`));
  await expect(page.getByRole('heading', { level: 1, name: bait.name_en! })).toBeVisible();
  await expect(page.getByText(bait.name, { exact: true })).toBeVisible();
  expect(answer.total).toBeGreaterThanOrEqual(best!.baits[0]!.count);
  await expect(page.getByTestId('sample-size')).toHaveText(
    fill(en.baits.page.catches_other, { formatted: answer.total.toLocaleString('en') }),
  );
  // The fish it caught most first, with the server's count; then the maps.
  const fishRows = page.getByTestId('bait-fishes').getByRole('row');
  await expect(fishRows).toHaveCount(Math.min(answer.fishes.length, 8) + 1);
  await expect(fishRows.nth(1).getByTestId('row-count')).toHaveText(answer.fishes[0]!.count.toLocaleString('en'));
  await expect(page.getByTestId('bait-maps').getByRole('row')).toHaveCount(Math.min(answer.maps.length, 8) + 1);

  // A slug after the id changes nothing: the id alone names the bait.
  await page.goto(localePath('en', `${PAGE_PATHS.baits}/${bait.id}-some-slug`));
  await expect(page.getByRole('heading', { level: 1, name: bait.name_en! })).toBeVisible();
});
