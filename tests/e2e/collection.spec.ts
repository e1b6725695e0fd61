/**
 * "My collection" (issue 25) in Chromium against the built site: a player whose logger reported a trophy opens the
 * collection from the user centre, finds the fish caught (its best star class) and the others not yet, filters them,
 * turns the public page on and copies its link; a visitor in a fresh browser opens that link and sees the collection
 * alone; once the player turns sharing off, the same link says the collection is not shared. The demo world has no
 * account, so the player, the logger and the catch are made here through the API, as a logger and a player would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import type { CategoryList } from '../../src/shared/contracts/catalogue';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import type Collection from '../../src/client/locales/en/collection.json';
import type Common from '../../src/client/locales/en/common.json';
import { AXE_RULES } from './axe-rules';
import { bindingCode, registerLogger } from './loggers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const load = <T>(namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `src/client/locales/en/${namespace}.json`), 'utf8')) as T;
const t = load<typeof Collection>('collection');
const common = load<typeof Common>('common');
const PASSWORD = 'collection-e2e-1';
const run = Date.now().toString(36);

interface World {
  fish: { id: number; name: string; max: number };
  map: { id: number; bounds: { x_min: number; y_min: number; x_max: number; y_max: number } };
  starName: string;
  bait: number;
  total: number;
}

async function world(request: APIRequestContext): Promise<World> {
  const res = await request.get(
    '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits&category_group=star_type',
  );
  const list = (await res.json()).category_list as CategoryList;
  const fish = list.fish!.find((item) => !item.deprecated && item.data.maps.length > 0)!;
  const map = list.maps!.find((item) => item.id === fish.data.maps[0])!;
  return {
    fish: { id: fish.id, name: fish.name_en ?? fish.name, max: fish.data.max_weight },
    map: { id: map.id, bounds: map.data.bounds },
    starName: list.star_type!.find((star) => star.id === 450)!.name_en!,
    bait: list.baits![0]!.id,
    total: list.fish!.filter((item) => !item.deprecated).length,
  };
}

/** "1 of N fish caught" with N at least `total` (the catalogue may grow while the suite runs, never shrink). */
async function expectProgress(progress: Locator, total: number): Promise<void> {
  await expect(progress).toHaveText(/^1 of \d+ fish caught$/);
  expect(Number(/of (\d+)/.exec((await progress.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(total);
}

/** A player with a bound logger that reported one blue crown; the page holds their session as the site keeps it. */
async function playerWithTrophy(page: Page, request: APIRequestContext, w: World): Promise<void> {
  const logger = await registerLogger(request, { player_name: `Collector ${run}` });
  const { bounds } = w.map;
  const upload = await request.post('/api/c_report/catches', {
    headers: { authorization: `Bearer ${logger.client_token}` },
    data: {
      items: [
        {
          report_id: `collection-${run}`,
          caught_at: new Date(Date.now() - 60_000).toISOString(),
          map_id: w.map.id,
          fish_id: w.fish.id,
          bait_id: w.bait,
          rod_type: 'standard',
          star_type: 450,
          weight: w.fish.max,
          depth: 2,
          direction: 'front',
          angle: 10,
          game_hour: 7,
          temperature: 12,
          weather: 'clear',
          night: false,
          x: (bounds.x_min + bounds.x_max) / 2,
          y: (bounds.y_min + bounds.y_max) / 2,
          time_spent: 30,
        },
      ],
    },
  });
  expect((await upload.json()).created).toBe(1);

  const email = `collector.${run}@example.com`;
  expect((await request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  const login = await request.post('/api/auth/jwt/login', { form: { username: email, password: PASSWORD } });
  const token = (await login.json()).access_token as string;
  const bind = await request.post('/api/c_report/user/bind_client_id', {
    headers: { authorization: `Bearer ${token}` },
    data: { client_id: logger.client_id, code: await bindingCode(request, logger) },
  });
  expect(bind.status()).toBe(200);
  await page.addInitScript(
    (session) => localStorage.setItem('session', session),
    JSON.stringify({ token, userInfo: await bind.json() }),
  );
}

test('a player opens their collection, shares it, a visitor sees it, and the link dies when sharing is off', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  const w = await world(request);
  await playerWithTrophy(page, request, w);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });

  // From the user centre to the collection.
  await page.goto(localePath('en', PAGE_PATHS.user));
  await page.getByRole('link', { name: new RegExp(common.pages.collection.title) }).click();
  await expect(page).toHaveURL(new RegExp(`${localePath('en', PAGE_PATHS.collection)}$`));
  await expect(page.getByRole('heading', { level: 1, name: common.pages.collection.title })).toBeVisible();
  // The other worker's catalogue journey may add a fish meanwhile: the total is the game's, at least the one read first.
  await expectProgress(page.getByTestId('collection-progress'), w.total);

  const caught = page.locator(`[data-fish-id="${w.fish.id}"]`);
  await expect(caught).toHaveAttribute('data-caught', 'true');
  await expect(caught.getByRole('heading', { name: w.fish.name })).toBeVisible();
  await expect(caught.getByText(w.starName)).toBeVisible();

  // Not yet: the caught fish leaves the list, the missing ones say where and with what others catch them.
  // The segmented control's radios are visually hidden behind their labels, which take the click.
  const notYet = page.getByRole('radio', { name: t.filters.missing });
  await page.locator(`label[for="${await notYet.getAttribute('id')}"]`).click();
  await expect(notYet).toBeChecked();
  await expect(page).toHaveURL(/\?show=missing$/);
  await expect(caught).toHaveCount(0);
  // A fish this page's catalogue knows: one the other worker's catalogue journey adds meanwhile may be listed first,
  // before the page's catalogue is read again, and has no links yet.
  const missing = page
    .locator('[data-caught="false"]')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${t.fish.fishPage} `) }) })
    .first();
  await expect(missing.getByTestId('biting-now')).toBeVisible();
  await expect(missing.getByRole('link', { name: new RegExp(`^${t.fish.baitGuide} `) })).toBeVisible();

  // Sharing is off until turned on; then its link can be copied.
  const toggle = page.getByRole('switch', { name: t.sharing.switch });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const linkBox = page.getByRole('textbox', { name: t.sharing.link });
  await expect(linkBox).toHaveValue(/\/en\/collection\/[A-Za-z0-9_-]{22}$/);
  const link = await linkBox.inputValue();
  await page.getByRole('button', { name: t.sharing.copy }).click();
  await expect(page.getByRole('button', { name: t.sharing.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A visitor, in a browser that has never seen the player.
  const visitor = await browser.newContext();
  try {
    const shared = await visitor.newPage();
    await shared.goto(link);
    await expect(shared.getByRole('heading', { level: 1, name: t.shared.title })).toBeVisible();
    await expect(shared.getByText(t.shared.description)).toBeVisible();
    await expectProgress(shared.getByTestId('collection-progress'), w.total);
    await expect(shared.locator(`[data-fish-id="${w.fish.id}"]`)).toHaveAttribute('data-caught', 'true');
    await expect(shared.getByRole('switch')).toHaveCount(0);
    expect(await shared.evaluate(() => localStorage.getItem('session'))).toBeNull();
    await shared.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page: shared }).withRules(AXE_RULES).analyze();
    expect(
      results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .slice(0, 5)
            .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
            .join('; ')}`,
      ),
    ).toEqual([]);

    // The player turns sharing off: the same link now says the collection is not shared.
    await toggle.click();
    await expect(linkBox).toHaveCount(0);
    await expect(toggle).not.toBeChecked();
    await shared.reload();
    await expect(shared.getByTestId('collection-not-shared')).toBeVisible();
    await expect(shared.getByText(t.shared.notFound)).toBeVisible();
  } finally {
    await visitor.close();
  }
});
