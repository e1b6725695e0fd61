/**
 * The superuser catalogue page (issue 21) as an operator uses it, in Chromium against the built site: a package made
 * here from the live catalogue (`npm run catalogue:export`, one fish added, the manifest's hashes written again,
 * packed as a .tar.gz) is uploaded, its diff read, applied, and rolled back. A user who is not a superuser gets the
 * not-found page.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './test';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { fill, texts } from './texts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const en = texts('en');
const t = en.catalogueAdmin;
const PASSWORD = 'catalogue-admin-1';
const run = Date.now().toString(36);
const ADMIN_PATH = localePath('en', PAGE_PATHS.adminCatalogue);

/** The operator commands, on the e2e server's data folder (its SQLite file). */
function operator(args: string[]) {
  execFileSync('npm', ['run', '--silent', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! },
    stdio: 'pipe',
  });
}

/** The live catalogue as a package with one more fish, packed as .tar.gz (docs/catalogue-format.md). */
function packageWithNewFish(fishName: string, patch: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anglerdex-e2e-package-'));
  operator(['catalogue:export', '--', dir]);
  const fishFile = path.join(dir, 'fish.json');
  const fish = JSON.parse(fs.readFileSync(fishFile, 'utf8')) as { items: { id: number; name: string }[] };
  const model = fish.items[0]!;
  // Ids are unique across every group: one above the largest of them all.
  const ids = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== 'manifest.json')
    .flatMap((name) => (JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { items: { id: number }[] }).items)
    .map((item) => item.id);
  const id = Math.max(...ids) + 1;
  fish.items.push({ ...model, id, name: fishName, name_en: null, name_ja: null } as (typeof fish.items)[number]);
  fs.writeFileSync(fishFile, `${JSON.stringify(fish, null, 2)}\n`);

  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    patch: string;
    files: Record<string, string>;
  };
  manifest.patch = patch;
  manifest.files['fish.json'] = createHash('sha256').update(fs.readFileSync(fishFile)).digest('hex');
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);

  const archive = path.join(os.tmpdir(), `anglerdex-e2e-${run}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '-C', dir, ...fs.readdirSync(dir)]);
  return archive;
}

async function logIn(page: Page, email: string) {
  await page.goto(localePath('en', PAGE_PATHS.login));
  await page.getByLabel(en.account.fields.email, { exact: true }).fill(email);
  await page.getByLabel(en.account.fields.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en.account.submit.login }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.user));
}

const versionRows = (page: Page) => page.getByTestId('version-table').locator('tbody tr');

test('a superuser uploads a package, reads its diff, applies it and rolls it back', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = `catalogue.${run}@example.com`;
  operator(['user:create', '--', '--email', admin, '--password', PASSWORD, '--superuser']);
  const fishName = `测试鱼${run}`;
  const patch = `e2e-${run}`;
  const archive = packageWithNewFish(fishName, patch);

  await logIn(page, admin);
  // The user centre leads a superuser to the page.
  await page.getByRole('link', { name: new RegExp(en.common.pages.adminCatalogue.title) }).click();
  await expect(page).toHaveURL((url) => url.pathname === ADMIN_PATH);
  await expect(versionRows(page).first()).toBeVisible();
  const before = await versionRows(page).count();
  const liveBefore = await page.locator('tr[data-live]').getAttribute('data-version');

  // As a user picks it: the file input's button opens the chooser.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('package-file').click();
  await (await chooser).setFiles(archive);
  await page.getByRole('button', { name: t.upload.check }).click();
  const added = page.getByTestId('diff-added');
  await expect(added.getByText(new RegExp(fishName))).toBeVisible();
  await expect(page.getByTestId('dry-run-report')).toContainText(patch);

  await page.getByRole('button', { name: t.upload.apply, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: t.upload.confirmTitle });
  await confirm.getByRole('button', { name: t.upload.apply, exact: true }).click();
  await expect(versionRows(page)).toHaveCount(before + 1);
  const live = page.locator('tr[data-live]');
  await expect(live).toContainText(patch);
  const applied = Number(await live.getAttribute('data-version'));

  // Roll back to the version that was live before: its preview shows the fish going away.
  await page.getByRole('button', { name: fill(t.versions.rollbackLabel, { version: liveBefore! }) }).click();
  const dialog = page.getByRole('dialog', { name: fill(t.rollback.title, { version: liveBefore! }) });
  await expect(dialog.getByTestId('diff-removed').getByText(new RegExp(fishName))).toBeVisible();
  await dialog.getByRole('button', { name: t.rollback.confirm }).click();
  await expect(versionRows(page)).toHaveCount(before + 2);
  await expect(page.locator('tr[data-live]')).toHaveAttribute('data-version', String(applied + 1));
  await expect(page.locator('tr[data-live]')).toContainText(fill(t.versions.kindRollback, { version: liveBefore! }));
});

test('a user who is not a superuser gets the not-found page', async ({ page, request }) => {
  const email = `player.${run}@example.com`;
  await request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  await logIn(page, email);
  await page.goto(ADMIN_PATH);
  await expect(page.getByRole('heading', { name: en.common.notFound.title })).toBeVisible();
  await expect(page.getByTestId('version-table')).toHaveCount(0);
  // Visitors too.
  await page.evaluate(() => localStorage.removeItem('session'));
  await page.goto(ADMIN_PATH);
  await expect(page.getByRole('heading', { name: en.common.notFound.title })).toBeVisible();
});
