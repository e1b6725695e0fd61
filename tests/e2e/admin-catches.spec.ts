/**
 * The console's Catches screen (issue 24) as an operator uses it, in Chromium against the built site: a logger
 * uploads three catches; a superuser (made with `npm run user:create -- --superuser`) filters the screen to that
 * logger, hides two of them with their password, sees them marked hidden there and gone from the public logs, and
 * restores them.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { logIn, makeSuperuser, uploadCatches } from './console';
import { fill, texts } from './texts';

const en = texts('en');
const t = en.admin;
const PASSWORD = 'catches-admin-1';
const run = Date.now().toString(36);
const MINUTE = 60_000;

/** This run's catches: where and when, so the public log is read for exactly them (the demo world's end now too). */
let place = '';

/** Three catches of one fish on its map, minutes ago, from a new logger: its id. */
async function loggerWithCatches(request: APIRequestContext): Promise<string> {
  const now = Date.now();
  const made = await uploadCatches(request, {
    player: `Hider ${run}`,
    reportPrefix: `hide-${run}`,
    times: [1, 2, 3].map((i) => now - i * 3 * MINUTE),
  });
  place =
    `map_id=${made.place.mapId}&fish_id=${made.place.fishId}` +
    `&from=${encodeURIComponent(new Date(now - 10 * MINUTE).toISOString())}` +
    `&to=${encodeURIComponent(new Date(now).toISOString())}`;
  return made.clientId;
}

/** The ids the public catch log lists at this run's place and time. */
async function publicIds(request: APIRequestContext): Promise<number[]> {
  const res = await request.get(`/api/logs/bird?${place}&page_size=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()).items as { id: number }[]).map((item) => item.id);
}

test("an operator filters to a logger's catches, hides two, sees them hidden and gone from the logs, restores them", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = `catches.${run}@example.com`;
  makeSuperuser(admin, PASSWORD);
  const loggerId = await loggerWithCatches(request);

  await logIn(page, admin, PASSWORD);
  await page.goto(localePath('en', PAGE_PATHS.adminOverview));
  const nav = page.getByRole('navigation', { name: en.common.adminNav.label });
  await nav.getByRole('link', { name: en.common.adminNav.adminCatches }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.adminCatches));

  // Filter to the logger: its three catches, newest first, none hidden.
  const logger = page.getByLabel(t.catches.logger);
  await logger.fill(loggerId);
  await logger.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('logger') === loggerId);
  const rows = page.getByTestId('catch-table').locator('[data-catch]');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('hidden-badge')).toHaveCount(0);
  await expect(rows.first()).toContainText(`Hider ${run}`);
  const ids = await rows.evaluateAll((elements) =>
    elements.map((element) => Number(element.getAttribute('data-catch'))),
  );
  const [first, second, third] = ids as [number, number, number];
  for (const id of ids) expect(await publicIds(request)).toContain(id);

  // Hide two of them, with the password (a wrong one first).
  await page.getByLabel(fill(t.catches.selectOne, { id: first })).check();
  await page.getByLabel(fill(t.catches.selectOne, { id: second })).check();
  await expect(page.getByTestId('catch-selection')).toHaveText(fill(t.catches.selected_other, { count: 2 }));
  await page.getByRole('button', { name: t.catches.hideSelected }).click();
  const hide = page.getByRole('dialog', { name: fill(t.catches.hideTitle_other, { count: 2 }) });
  await hide.getByLabel(t.confirm.reason).fill('fake run');
  await hide.getByLabel(t.confirm.password).fill('not-my-password');
  await hide.getByRole('button', { name: t.catches.hide }).click();
  await expect(hide.getByRole('alert')).toHaveText(t.errors.ADMIN_BAD_CURRENT_PASSWORD);
  await hide.getByLabel(t.confirm.password).fill(PASSWORD);
  await hide.getByRole('button', { name: t.catches.hide }).click();
  await expect(hide).toBeHidden();

  // Marked hidden here, gone from the public logs; the third is untouched.
  await expect(page.locator(`[data-catch="${first}"]`).getByTestId('hidden-badge')).toBeVisible();
  await expect(page.locator(`[data-catch="${second}"]`).getByTestId('hidden-badge')).toBeVisible();
  await expect(page.locator(`[data-catch="${third}"]`).getByTestId('hidden-badge')).toHaveCount(0);
  const listed = await publicIds(request);
  expect(listed).not.toContain(first);
  expect(listed).not.toContain(second);
  expect(listed).toContain(third);

  // Only the hidden ones, then restore them.
  await page.getByRole('combobox', { name: t.catches.trust }).click();
  await page.getByRole('option', { name: t.catches.trustFilter.hidden }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel(t.catches.selectAll).check();
  await page.getByRole('button', { name: t.catches.restoreSelected }).click();
  const restore = page.getByRole('dialog', { name: fill(t.catches.restoreTitle_other, { count: 2 }) });
  await restore.getByRole('button', { name: t.catches.restore }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByText(t.catches.none)).toBeVisible();
  const back = await publicIds(request);
  for (const id of ids) expect(back).toContain(id);
});
