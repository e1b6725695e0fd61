/**
 * The console's loggers (decision 0041) as an operator uses them, in Chromium against the built site: a logger uploads
 * three catches; a superuser finds it by its player's name, flags it for review with a reason, hides its catches
 * of a time range with their password, and finds the hide in the audit log. The loggers page passes axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';
import { AXE_RULES } from './axe-rules';
import { logIn, makeSuperuser, uploadCatches } from './console';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { fill, texts } from './texts';

const en = texts('en');
const t = en.admin;
const PASSWORD = 'console-loggers-1';
const run = Date.now().toString(36);
const HOUR = 3_600_000;

/** `datetime-local`'s value of an epoch-ms time, read as UTC by the page. */
const localValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

test('an operator finds a logger, flags it, hides its catches in a range and sees the audit row', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = `loggers.${run}@example.com`;
  makeSuperuser(admin, PASSWORD);

  // A logger and three catches, ten minutes apart, about three hours ago.
  const player = `Ghost${run}`;
  const start = Math.floor((Date.now() - 3 * HOUR) / 60_000) * 60_000;
  const { clientId } = await uploadCatches(request, {
    player,
    reportPrefix: `ghost-${run}`,
    times: [0, 10, 20].map((minutes) => start + minutes * 60_000),
  });

  await logIn(page, admin, PASSWORD);
  await page.goto(localePath('en', PAGE_PATHS.adminOverview));
  const nav = page.getByRole('navigation', { name: en.common.adminNav.label });
  await nav.getByRole('link', { name: en.common.adminNav.adminLoggers }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.adminLoggers));

  // Found by part of the player's name, any case.
  const part = player.toLowerCase().slice(0, -1);
  await page.getByLabel(t.loggers.search).fill(part);
  // The search committed to the address before a row is opened (a commit after the click would land after it).
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === part);
  const row = page.getByTestId('logger-row').filter({ hasText: clientId });
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
  await page.goto(`${localePath('en', PAGE_PATHS.adminLoggers)}?q=${player}&logger=${clientId}`);
  await expect(page.getByRole('region', { name: player })).toBeVisible();
  const results = await new AxeBuilder({ page }).withRules(AXE_RULES).analyze();
  expect(results.violations).toEqual([]);
});
