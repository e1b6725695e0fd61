/**
 * The sitemaps a crawler reads (issue 23), through the built server: the index, a locale's sitemap with the catalogue's
 * item pages, and the fish page one of them names.
 */
import { DOMParser } from '@xmldom/xmldom';
import { type APIRequestContext, expect, test } from './test';
import type { CategoryList, FishItem } from '../../src/shared/contracts/catalogue';
import { displayName } from '../../src/shared/game/names';
import { fishPagePath, itemSlug } from '../../src/shared/pages';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The `<loc>` texts of a sitemap or sitemap index, parsed strictly (a malformed document fails the test). */
function locs(xml: string): string[] {
  const problems: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => problems.push(`${level}: ${message}`),
  }).parseFromString(xml, 'application/xml');
  expect(problems).toEqual([]);
  return Array.from(document.getElementsByTagNameNS(SITEMAP_NS, 'loc')).map((loc) => loc.textContent ?? '');
}

/** The server's links are on PUBLIC_BASE_URL; the journey asks the server it started for the same path. */
const pathOf = (url: string) => new URL(url).pathname;

async function getXml(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  return res.text();
}

/** The first fish page the English sitemap lists, reached from `/sitemap.xml`, and that fish in the catalogue. */
async function firstEnglishFishPage(request: APIRequestContext): Promise<{ path: string; fish: FishItem }> {
  const index = locs(await getXml(request, '/sitemap.xml'));
  const english = index.find((loc) => pathOf(loc) === '/en/sitemap.xml');
  expect(english, index.join('\n')).toBeDefined();

  const listed = locs(await getXml(request, pathOf(english!))).map(pathOf);
  const fishPath = listed.find((path) => path.startsWith('/en/guide/fishes/'));
  expect(fishPath, 'a fish page in /en/sitemap.xml').toBeDefined();

  const catalogue = (await (await request.get('/api/system/get_category_list?category_group=fish')).json()) as {
    category_list: CategoryList;
  };
  const id = Number(/^\/en\/guide\/fishes\/(\d+)/.exec(fishPath!)![1]);
  const fish = catalogue.category_list.fish!.find((item) => item.id === id);
  expect(fish, `fish ${id} in the catalogue`).toBeDefined();
  return { path: fishPath!, fish: fish! };
}

test('the sitemap index leads to the English sitemap, which lists the fish pages under their English slugs', async ({
  request,
}) => {
  const { path, fish } = await firstEnglishFishPage(request);
  // `/en/guide/fishes/<id>-<slug of the English name>`, e.g. `/en/guide/fishes/1000-common-carp`.
  expect(path).toBe(`/en${fishPagePath(fish.id, itemSlug(displayName(fish, 'en')))}`);
  expect(path).toMatch(/^\/en\/guide\/fishes\/\d+-[a-z0-9]+(-[a-z0-9]+)*$/);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/[^/]+\/en\/sitemap\.xml$/m);
});

test('the fish page the English sitemap names shows that fish', async ({ page, request }) => {
  const { path, fish } = await firstEnglishFishPage(request);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: displayName(fish, 'en') })).toBeVisible();
});
