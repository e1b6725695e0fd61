/**
 * The moderation console (issue 24) as an operator uses it, in Chromium against the built site: a superuser (made
 * with `npm run user:create -- --superuser` on the e2e server's data) signs in, goes from the user centre to the
 * console, finds a player, grants them VIP days with a reason, finds the grant in the audit log and reverts it with
 * their password. A player gets the not-found page. Every console page passes axe in both colour schemes.
 */
import { expect, test } from './test';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { violationsInBothSchemes } from './axe-rules';
import { logIn, makeSuperuser, uploadCatches } from './console';
import { fill, texts } from './texts';

const en = texts('en');
const t = en.admin;
const PASSWORD = 'console-admin-1';
const run = Date.now().toString(36);

test('a superuser finds a player, grants VIP with a reason, sees it in the audit log and reverts it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = `console.${run}@example.com`;
  makeSuperuser(admin, PASSWORD);
  const player = `player.${run}@example.com`;
  const nickname = `Pike${run}`;
  const registered = await request.post('/api/auth/register', {
    data: { email: player, password: PASSWORD, nickname },
  });
  expect(registered.status()).toBe(201);

  await logIn(page, admin, PASSWORD);
  // The user centre leads a superuser to the console; its navigation to the users.
  await page.getByRole('link', { name: new RegExp(en.common.pages.adminOverview.title) }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.adminOverview));
  await expect(page.getByTestId('admin-overview')).toBeVisible();
  const nav = page.getByRole('navigation', { name: en.common.adminNav.label });
  await nav.getByRole('link', { name: en.common.adminNav.adminUsers }).click();

  // Find the player and open them.
  await page.getByLabel(t.users.search).fill(player);
  const row = page.getByTestId('user-row').filter({ hasText: player });
  await expect(row).toHaveCount(1);
  await row.click();
  const panel = page.getByRole('region', { name: nickname });
  await expect(panel.getByTestId('vip-until')).toHaveText(t.users.never);

  // Grant 10 days with a reason.
  await panel.getByRole('button', { name: t.users.grantVip }).click();
  const grant = page.getByRole('dialog', { name: fill(t.users.grantTitle, { name: nickname }) });
  await grant.getByLabel(t.users.days).fill('10');
  await expect(grant.getByRole('button', { name: t.users.grant })).toBeDisabled();
  await grant.getByLabel(t.confirm.reasonRequired).fill('Spring contest prize');
  await grant.getByRole('button', { name: t.users.grant }).click();
  await expect(grant).toBeHidden();
  await expect(panel.getByTestId('vip-until')).not.toHaveText(t.users.never);
  await expect(panel.getByText('VIP', { exact: true })).toBeVisible();

  // The grant in the audit log, with its reason; reverted with the password (a wrong one first).
  await panel.getByRole('link', { name: t.users.history }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.adminAudit));
  const entry = page.getByTestId('audit-row').filter({ hasText: 'Spring contest prize' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(t.actions.vip.grant);
  const id = (await entry.getAttribute('data-id'))!;
  await entry.getByRole('button', { name: fill(t.audit.revertLabel, { id }) }).click();
  const revert = page.getByRole('dialog', { name: fill(t.audit.revertTitle, { id }) });
  await revert.getByLabel(t.confirm.password).fill('not-my-password');
  await revert.getByRole('button', { name: t.audit.revert }).click();
  await expect(revert.getByRole('alert')).toHaveText(t.errors.ADMIN_BAD_CURRENT_PASSWORD);
  await revert.getByLabel(t.confirm.password).fill(PASSWORD);
  await revert.getByRole('button', { name: t.audit.revert }).click();
  await expect(revert).toBeHidden();
  await expect(entry.getByTestId('reverted-badge')).toBeVisible();
  await expect(page.getByTestId('audit-row').filter({ hasText: t.actions.audit.revert })).toHaveCount(1);

  // The player is no VIP again.
  await page.goto(`${localePath('en', PAGE_PATHS.adminUsers)}?q=${encodeURIComponent(player)}`);
  await page.getByTestId('user-row').filter({ hasText: player }).click();
  await expect(page.getByRole('region', { name: nickname }).getByTestId('vip-until')).toHaveText(t.users.never);
});

test('a player who is not a superuser gets the not-found page', async ({ page, request }) => {
  const email = `plain.${run}@example.com`;
  await request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  await logIn(page, email, PASSWORD);
  for (const key of ['adminOverview', 'adminUsers', 'adminAudit'] as const) {
    await page.goto(localePath('en', PAGE_PATHS[key]));
    await expect(page.getByRole('heading', { name: en.common.notFound.title })).toBeVisible();
    await expect(page.getByTestId('admin-nav')).toHaveCount(0);
  }
});

test('every console page passes axe, in both colour schemes', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = `console.axe.${run}@example.com`;
  makeSuperuser(admin, PASSWORD);
  const login = await request.post('/api/auth/jwt/login', { form: { username: admin, password: PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  const session = JSON.stringify({ token, userInfo: await me.json() });
  // Something on every screen: a player with a paid and a pending order, a grant and a deactivation; a hidden catch;
  // a question no fish answers. Made here, so the scan never depends on what the other journeys left behind.
  const auth = { authorization: `Bearer ${token}` };
  const email = `axe.player.${run}@example.com`;
  await request.post('/api/auth/register', { data: { email, password: PASSWORD, nickname: 'Axe Angler' } });
  const playerLogin = await request.post('/api/auth/jwt/login', { form: { username: email, password: PASSWORD } });
  const playerAuth = {
    authorization: `Bearer ${((await playerLogin.json()) as { access_token: string }).access_token}`,
  };
  for (const outcome of ['pay', null] as const) {
    const order = await request.get('/api/vip/subscribe?mode=once', { headers: playerAuth });
    const orderNo = ((await order.json()) as { order_no: string }).order_no;
    if (outcome)
      expect(
        (await request.post(`/api/vip/local-checkout/${orderNo}`, { headers: playerAuth, data: { outcome } })).status(),
      ).toBe(200);
  }
  const { clientId } = await uploadCatches(request, {
    player: `Axe ${run}`,
    reportPrefix: `axe-${run}`,
    times: [Date.now() - 5 * 60_000],
  });
  const mine = await request.get(`/api/admin/catches?logger_id=${clientId}`, { headers: auth });
  const catchId = ((await mine.json()) as { items: { id: number }[] }).items[0]!.id;
  const hidden = await request.post('/api/admin/catches/hide', {
    headers: auth,
    data: { ids: [catchId], current_password: PASSWORD },
  });
  expect(hidden.status()).toBe(200);
  const found = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers: auth });
  const player = ((await found.json()) as { items: { id: string }[] }).items[0]!.id;
  await request.post(`/api/admin/users/${player}/vip`, { headers: auth, data: { days: 3, reason: 'axe' } });
  await request.post(`/api/admin/users/${player}/deactivate`, { headers: auth, data: { current_password: PASSWORD } });
  // Asked as the operator, so it spends the operator's quota, not this address's (the AI chat journeys', run beside).
  await request.post('/api/ai/ask', { headers: auth, data: { question: 'what bait for the zorblefish?' } });
  await page.addInitScript((value) => window.localStorage.setItem('session', value), session);
  const urls = {
    adminOverview: PAGE_PATHS.adminOverview,
    adminUsers: `${PAGE_PATHS.adminUsers}?q=${encodeURIComponent(email)}&user=${player}`,
    adminRecords: PAGE_PATHS.adminRecords,
    // The hidden catch among that logger's: the same screen as fifty rows, at a fraction of the scan.
    adminCatches: `${PAGE_PATHS.adminCatches}?logger=${clientId}`,
    adminAiQuestions: PAGE_PATHS.adminAiQuestions,
    adminAudit: PAGE_PATHS.adminAudit,
  };
  const failures: string[] = [];
  for (const [key, url] of Object.entries(urls)) {
    await page.goto(localePath('en', url));
    await expect(page.getByTestId('admin-nav')).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const violation of await violationsInBothSchemes(page)) failures.push(`${key} ${violation}`);
  }
  expect(failures).toEqual([]);
});
