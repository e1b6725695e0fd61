/**
 * The console's loggers (decision 0041) as an operator uses them, in Chromium against the built site: a logger uploads
 * three catches; a superuser finds it by its player's name, flags it for review with a reason, hides its catches
 * of a time range with their password, and finds the hide in the audit log. The loggers page passes axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './test';
import { AXE_RULES } from './axe-rules';
import type { CategoryList } from '../../src/shared/contracts/catalogue';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { fill, texts } from './texts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const en = texts('en');
const t = en.admin;
const PASSWORD = 'console-loggers-1';
const run = Date.now().toString(36);
const HOUR = 3_600_000;

async function logIn(page: Page, email: string) {
  await page.goto(localePath('en', PAGE_PATHS.login));
  await page.getByLabel(en.account.fields.email, { exact: true }).fill(email);
  await page.getByLabel(en.account.fields.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en.account.submit.login }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.user));
}

/** `datetime-local`'s value of an epoch-ms time, read as UTC by the page. */
const localValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

test('an operator finds a logger, flags it, hides its catches in a range and sees the audit row', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = `loggers.${run}@example.com`;
  execFileSync(
    'npm',
    ['run', '--silent', 'user:create', '--', '--email', admin, '--password', PASSWORD, '--superuser'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! }, stdio: 'pipe' },
  );

  // A logger and three catches, ten minutes apart, about three hours ago.
  const player = `Ghost${run}`;
  const registered = await request.post('/api/c_report/clients', { data: { player_name: player, version: 'e2e' } });
  expect(registered.status()).toBe(201);
  const logger = (await registered.json()) as { client_id: string; client_token: string };
  const list = (
    await (
      await request.get('/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits')
    ).json()
  ).category_list as CategoryList;
  const fish = list.fish![0]!;
  const mapId = fish.data.maps[0]!;
  const { bounds } = list.maps!.find((map) => map.id === mapId)!.data;
  const start = Math.floor((Date.now() - 3 * HOUR) / 60_000) * 60_000;
  const items = [0, 10, 20].map((minutes, i) => ({
    report_id: `ghost-${run}-${i}`,
    caught_at: new Date(start + minutes * 60_000).toISOString(),
    map_id: mapId,
    fish_id: fish.id,
    bait_id: list.baits![0]!.id,
    bait2_id: null,
    rod_type: 'standard',
    star_type: 452,
    weight: fish.data.min_weight,
    depth: 3,
    direction: 'front',
    angle: 90,
    game_hour: 12,
    temperature: 17.5,
    weather: 'sunny',
    night: false,
    x: (bounds.x_min + bounds.x_max) / 2,
    y: (bounds.y_min + bounds.y_max) / 2,
    time_spent: 60,
  }));
  const uploaded = await request.post('/api/c_report/catches', {
    headers: { authorization: `Bearer ${logger.client_token}` },
    data: { items },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await uploaded.json()).created).toBe(3);

  await logIn(page, admin);
  await page.goto(localePath('en', PAGE_PATHS.adminOverview));
  const nav = page.getByRole('navigation', { name: en.common.adminNav.label });
  await nav.getByRole('link', { name: en.common.adminNav.adminLoggers }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.adminLoggers));

  // Found by part of the player's name, any case.
  const part = player.toLowerCase().slice(0, -1);
  await page.getByLabel(t.loggers.search).fill(part);
  // The search committed to the address before a row is opened (a commit after the click would land after it).
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === part);
  const row = page.getByTestId('logger-row').filter({ hasText: logger.client_id });
  await expect(row).toHaveCount(1);
  await row.click();
  const panel = page.getByRole('region', { name: player });
  await expect(panel.getByTestId('logger-accepted')).toHaveText('3');

  // Flagged with a reason (required).
  await panel.getByRole('button', { name: t.loggers.flag }).click();
  const flag = page.getByRole('dialog', { name: fill(t.loggers.flagTitle, { name: player }) });
  await expect(flag.getByRole('button', { name: t.loggers.flag })).toBeDisabled();
  await flag.getByLabel(t.confirm.reasonRequired).fill('Spots nobody can reach');
  await flag.getByRole('button', { name: t.loggers.flag }).click();
  await expect(flag).toBeHidden();
  await expect(panel.getByTestId('logger-flag')).toContainText('Spots nobody can reach');

  // The first two catches hidden: the range ends before the third.
  await panel.getByLabel(t.loggers.from).fill(localValue(start - 60_000));
  await panel.getByLabel(t.loggers.to).fill(localValue(start + 15 * 60_000));
  await panel.getByRole('button', { name: t.loggers.hide }).click();
  const hide = page.getByRole('dialog', { name: fill(t.loggers.hideTitle, { name: player }) });
  await hide.getByLabel(t.confirm.reason).fill('Fake catches');
  await hide.getByLabel(t.confirm.password).fill(PASSWORD);
  await hide.getByRole('button', { name: t.loggers.hide }).click();
  await expect(hide).toBeHidden();
  await expect(panel.getByTestId('logger-hidden')).toHaveText('2');

  // Both actions in the audit log, newest first.
  await panel.getByRole('link', { name: t.loggers.history }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.adminAudit));
  const hidden = page.getByTestId('audit-row').filter({ hasText: 'Fake catches' });
  await expect(hidden).toHaveCount(1);
  await expect(hidden).toContainText(t.actions.logger.hide);
  await expect(page.getByTestId('audit-row').filter({ hasText: t.actions.logger.flag })).toHaveCount(1);

  // The loggers page passes axe.
  await page.goto(`${localePath('en', PAGE_PATHS.adminLoggers)}?q=${player}&logger=${logger.client_id}`);
  await expect(page.getByRole('region', { name: player })).toBeVisible();
  const results = await new AxeBuilder({ page }).withRules(AXE_RULES).analyze();
  expect(results.violations).toEqual([]);
});
