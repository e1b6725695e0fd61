/**
 * The superuser catalogue page for scripts/screenshots.ts (issue 21): a superuser made with `npm run user:create` on
 * the server's data folder (so run the script with the server's `DATA_DIR` set), the page as it opens, and the page
 * with three versions and a dry-run report. Those are samples answered in the browser (problems of several kinds in two files, and a
 * diff of every part with its impact), so the layout is judged with everything a report can show, whatever package the
 * server's catalogue would need for it.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { CatalogueDryRun, CatalogueVersionList } from '../src/shared/contracts/catalogue-package';
import { PAGE_PATHS } from '../src/shared/pages';

const PASSWORD = 'screenshots-1';

const SAMPLE_REPORT: CatalogueDryRun = {
  ok: false,
  problems: [
    {
      file: 'fish.json',
      item_id: 1012,
      field: 'data.min_weight',
      code: 'weight-range',
      params: { min_weight: 9000, max_weight: 5000 },
      message: 'fish.json, item 1012, data.min_weight: min_weight 9000 is above max_weight 5000',
    },
    {
      file: 'fish.json',
      item_id: 1040,
      field: 'data.maps.2',
      code: 'unknown-map',
      params: { map: 77 },
      message: 'fish.json, item 1040, data.maps.2: map 77 is not in maps.json',
    },
    {
      file: 'images/amber-lake.webp',
      item_id: null,
      field: null,
      code: 'image-format-mismatch',
      params: { ext: 'webp', actual: 'png' },
      message: 'images/amber-lake.webp: the name says webp but the bytes are png',
    },
  ],
  manifest: { game: 'Anglerdex demo', patch: '1.0.24', created_at: '2026-11-20T00:00:00Z' },
  diff: {
    added: [
      { group: 'fish', id: 1201, name: '金色鳟鱼' },
      { group: 'baits', id: 3301, name: '荧光小虾' },
    ],
    changed: [
      {
        group: 'maps',
        id: 3,
        name: '琥珀湖',
        fields: [
          { field: 'data.bounds.x_max', before: 1000, after: 1200 },
          { field: 'name_en', before: 'Amber Lake', after: 'Amber Lake (north shore)' },
        ],
        impact: { catches: 48213, sales: 0, records: 12 },
      },
    ],
    removed: [{ group: 'baits', id: 3012, name: '旧式亮片', impact: { catches: 0, sales: 0, records: 0 } }],
    deprecated: [{ group: 'fish', id: 1007, name: '欧洲鳗鲡' }],
  },
  unchanged: false,
  rebuild_maps: [3],
};

const HOUR = 3_600_000;
const SAMPLE_VERSIONS: CatalogueVersionList = {
  live: 3,
  items: [3, 2, 1].map((id) => ({
    id,
    game: 'Anglerdex demo',
    patch: id === 3 ? '1.0.22' : `1.0.${20 + id}`,
    package_sha256: 'a'.repeat(64),
    kind: id === 3 ? 'rollback' : 'import',
    restored_from: id === 3 ? 1 : null,
    applied_by: id === 1 ? 'demo' : 'operator.with.a.long.address@example.com',
    applied_at: Date.UTC(2026, 10, 20) + id * 30 * HOUR,
  })),
};

/** With sample versions in the table, chooses a file and checks it, the check answered with the sample report. */
async function showReport(page: Page): Promise<void> {
  const answer = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/admin/catalogue/versions', (route) => route.fulfill(answer(SAMPLE_VERSIONS)));
  await page.route('**/api/admin/catalogue/dry-run', (route) => route.fulfill(answer(SAMPLE_REPORT)));
  await page.reload({ waitUntil: 'networkidle' });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'patch-1.0.24.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
  await page.locator('section[aria-labelledby="package-import"] button').last().click();
  await page.getByTestId('dry-run-report').waitFor();
  // As the page looks on arrival: no focus ring, scrolled to the top (a string: this file is checked without the DOM).
  await page.evaluate('document.activeElement?.blur(); window.scrollTo(0, 0)');
  // The page object serves the next shots too: they see the server's own answers.
  await page.unrouteAll();
}

/**
 * Adds the admin page's shots to `pages` and answers the superuser's stored session (`{token, userInfo}`), or null
 * (and no shots) without `DATA_DIR` or when the server refuses the login.
 */
export async function addCatalogueAdminShots(
  baseUrl: string,
  pages: { name: string; path: string; session?: unknown; prepare?: (page: Page) => Promise<void> }[],
): Promise<string | null> {
  if (!process.env.DATA_DIR) {
    console.warn("admin-catalogue: no DATA_DIR (the server's), so no superuser and no shots of the page");
    return null;
  }
  try {
    const email = `screenshots.admin.${Date.now()}@example.com`;
    execFileSync(
      'npm',
      ['run', '--silent', 'user:create', '--', '--email', email, '--password', PASSWORD, '--superuser'],
      {
        stdio: 'pipe',
      },
    );
    const login = await fetch(`${baseUrl}/api/auth/jwt/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password: PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const me = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    pages.push(
      { name: 'admin-catalogue', path: PAGE_PATHS.adminCatalogue, session: 'admin' },
      { name: 'admin-catalogue-report', path: PAGE_PATHS.adminCatalogue, session: 'admin', prepare: showReport },
    );
    return JSON.stringify({ token, userInfo: await me.json() });
  } catch (error) {
    console.warn(`admin-catalogue: no superuser (${String(error)}), no shots of the page`);
    return null;
  }
}
