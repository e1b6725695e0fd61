/**
 * Alerts, a VIP benefit (issue 25), in Chromium against the built site: a member who bought VIP through the `local`
 * provider's test checkout (as vip.spec.ts buys it, here through its API) follows a fish on the bait guide, finds it
 * in My alerts through the top bar's bell, and unfollows it; a member without VIP is told alerts are a VIP benefit and
 * shown the way to VIP. No serious or critical axe violation on My alerts, light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './test';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { AXE_RULES } from './axe-rules';
import { fill, texts } from './texts';

const en = texts('en');
const PASSWORD = 'alerts-pass-1';
let accounts = 0;

/** A new account through the API, logged in: its token and auth header. */
async function newAccount(request: APIRequestContext) {
  const email = `alerts.${Date.now()}.${(accounts += 1)}@example.com`;
  expect(
    (await request.post('/api/auth/register', { data: { email, password: PASSWORD, nickname: 'Follower' } })).status(),
  ).toBe(201);
  const login = await request.post('/api/auth/jwt/login', { form: { username: email, password: PASSWORD } });
  const token = (await login.json()).access_token as string;
  return { email, headers: { authorization: `Bearer ${token}` }, token };
}

/** VIP for 30 days: a one-time order paid on the local provider's test checkout. */
async function buyVip(request: APIRequestContext, headers: Record<string, string>) {
  const order = await (await request.get('/api/vip/subscribe?mode=once', { headers })).json();
  const paid = await request.post(`/api/vip/local-checkout/${order.order_no}`, { headers, data: { outcome: 'pay' } });
  expect(paid.ok()).toBe(true);
  await expect
    .poll(async () => (await (await request.get('/api/users/me', { headers })).json()).is_vip as boolean)
    .toBe(true);
}

/** Stores the session as the site keeps it. */
async function logIn(page: Page, request: APIRequestContext, account: Awaited<ReturnType<typeof newAccount>>) {
  const me = await (await request.get('/api/users/me', { headers: account.headers })).json();
  await page.goto('/health');
  await page.evaluate(
    (session) => localStorage.setItem('session', session),
    JSON.stringify({ token: account.token, userInfo: me }),
  );
}

/** A fish of the catalogue that lives on a map: its English name and the map's. */
async function someFish(request: APIRequestContext) {
  const { category_list } = await (
    await request.get('/api/system/get_category_list?category_group=fish&category_group=maps')
  ).json();
  const fish = category_list.fish.find((f: { data: { maps: number[] } }) => f.data.maps.length > 0);
  const map = category_list.maps.find((m: { id: number }) => m.id === fish.data.maps[0]);
  return {
    id: fish.id as number,
    name: fish.name_en as string,
    mapId: map.id as number,
    mapName: map.name_en as string,
  };
}

const guideOf = (fish: number, map: number) =>
  `${localePath('en', PAGE_PATHS.baitGuide)}?fish_id=${fish}&map_id=${map}`;

test('a VIP member follows a fish on the bait guide, finds it in My alerts through the bell, and unfollows it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const t = en.alerts;
  const account = await newAccount(request);
  await buyVip(request, account.headers);
  await logIn(page, request, account);
  const fish = await someFish(request);

  await page.goto(guideOf(fish.id, fish.mapId));
  const follow = page.getByRole('button', { name: t.follow.follow, exact: true });
  await expect(follow).toHaveAttribute(
    'title',
    fill(t.follow.followHint, { scope: fill(t.follow.onMap, { fish: fish.name, map: fish.mapName }) }),
  );
  await expect(follow).toBeEnabled();
  await follow.click();
  await expect(page.getByRole('button', { name: t.follow.following, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The bell (logged-in users only) opens My alerts, which lists the follow.
  await page.getByRole('link', { name: en.common.actions.alerts, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.alerts));
  const followed = page.getByTestId('followed-fish');
  await expect(followed).toHaveCount(1);
  await expect(followed.getByRole('link', { name: fish.name })).toBeVisible();
  await expect(followed).toContainText(fish.mapName);
  await expect(page.getByText(t.settings.active, { exact: true })).toBeVisible();
  await expect(page.getByText(t.list.emptyTitle)).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
    await page.reload();
    await expect(page.getByTestId('followed-fish')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withRules(AXE_RULES).analyze();
    expect(results.violations.map((v) => `${scheme}: ${v.id} (${v.impact})`)).toEqual([]);
  }

  await page
    .getByRole('button', { name: fill(t.follows.unfollowNamed, { fish: fish.name, scope: fish.mapName }) })
    .click();
  await expect(page.getByTestId('followed-fish')).toHaveCount(0);
  const follows = await (await request.get('/api/alerts/follows', { headers: account.headers })).json();
  expect(follows.items).toEqual([]);
});

test('a member without VIP is told alerts are a VIP benefit and shown the way to VIP', async ({ page, request }) => {
  const t = en.alerts;
  const account = await newAccount(request);
  await logIn(page, request, account);
  const fish = await someFish(request);
  await page.goto(guideOf(fish.id, fish.mapId));
  await page.getByRole('button', { name: t.follow.follow, exact: true }).click();
  await expect(page.getByText(t.follow.vipTitle)).toBeVisible();
  await page.getByRole('link', { name: t.follow.getVip }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.vipBuy));
  await expect(page.getByText(en.vip.buy.benefits.alerts.title)).toBeVisible();
});
