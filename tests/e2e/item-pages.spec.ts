/**
 * Issue 23: every fish and map has a page of its own. A player goes from the encyclopedia to a fish's page (its names,
 * weights, best baits now, maps and records), on to the page of a map it lives on (its picture, what bites there, its
 * fish), and from there to the map's heat map, in Chinese (no prefix) and in English, each address carrying the
 * name's slug in the page's language. The pages are reached by their links (client-side routing), as a reader does.
 */
import { expect, test, type Page } from '@playwright/test';
import { localePath, type Locale } from '../../src/shared/locales';
import { PAGE_PATHS, itemSlug } from '../../src/shared/pages';
import { fill, texts } from './texts';

/** The encyclopedia's cards: the link holding a fish's name as its heading (not the guide and heat map links). */
const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('list')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 2 }) });

/** The page's path as a reader sees it (Chinese and Japanese slugs are percent-encoded in the URL). */
const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The description a search engine and a link preview read, as the page declared it. */
const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

for (const locale of ['zh', 'en'] as const satisfies readonly Locale[]) {
  const t = texts(locale);
  const prefix = locale === 'zh' ? '' : `/${locale}`;

  test(`encyclopedia → fish page → map page → heat map, in ${locale}`, async ({ page }) => {
    // The encyclopedia renders 160 cards beside another worker: as slow as its own journey.
    test.slow();
    await page.goto(localePath(locale, PAGE_PATHS.fishes));
    const card = cards(page).first();
    await expect(card).toBeVisible();
    const fishName = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();

    // The fish's page: its address is the id and the slug of its name in this language.
    await card.click();
    await expect
      .poll(() => path(page))
      .toMatch(new RegExp(`^${prefix}/guide/fishes/\\d+-${escaped(itemSlug(fishName))}$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: fishName, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${fishName} · Anglerdex`);
    await expect(main.getByRole('heading', { level: 2, name: t.fish.baits.title })).toBeVisible();
    // The guide's answer arrived: the sample size (possibly none) and its window, in the reader's time once the app runs.
    await expect(main.getByTestId('window')).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    await expect(main.getByTestId('window')).not.toContainText('UTC');
    await expect(main.getByRole('table', { name: t.fishes.detail.starWeights })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: t.fish.records.title })).toBeVisible();
    // What the page says of itself starts with the fish's name, in the page's language.
    const summary = (await main.getByTestId('fish-summary').textContent())!;
    expect(summary.startsWith(fishName)).toBe(true);
    await expect.poll(() => metaDescription(page)).toBe(summary);

    // On to a map it lives on: its page, its picture loaded, the fish among its fish.
    const mapLink = main.getByTestId('fish-maps').getByTestId('map-link').first();
    const mapName = (await mapLink.textContent())!.trim();
    await mapLink.click();
    await expect.poll(() => path(page)).toMatch(new RegExp(`^${prefix}/maps/\\d+-${escaped(itemSlug(mapName))}$`));
    await expect(main.getByRole('heading', { level: 1, name: mapName, exact: true })).toBeVisible();
    const picture = main.getByRole('img', { name: fill(t.map.pictureAlt, { map: mapName }) });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(main.getByRole('heading', { level: 2, name: t.map.now.title })).toBeVisible();
    const mapFish = main.getByRole('list', { name: fill(t.map.fish.title, { map: mapName }) });
    await expect(mapFish.getByRole('heading', { level: 2, name: fishName, exact: true })).toBeVisible();
    await expect.poll(() => metaDescription(page)).toBe(await main.getByTestId('map-summary').textContent());

    // And its heat map, on this map.
    await main.getByRole('link', { name: fill(t.map.heatMapLabel, { map: mapName }) }).click();
    await expect
      .poll(() => `${path(page)}${new URL(page.url()).search}`)
      .toMatch(new RegExp(`^${prefix || '/'}\\?map=\\d+$`));
    await expect(page.getByRole('region', { name: fill(t.heatmap.map.label, { map: mapName }) })).toBeVisible();
    // The heat map leads back to the map's page.
    await expect(page.getByRole('link', { name: fill(t.heatmap.pages.map, { map: mapName }) })).toHaveAttribute(
      'href',
      new RegExp(`^${prefix}/maps/\\d+-`),
    );
  });
}
