/**
 * Screenshots of the home page heat map for looking at it by eye (colours over the map in light and dark mode, the
 * 390 px layout), and how long the heat map takes to become visible. Not a test: it never fails on a difference.
 *
 *   npm run build && PORT=3199 DATA_DIR=$(mktemp -d) node dist/server/server.js &
 *   npx tsx scripts/screenshot-heatmap.ts [baseUrl] [--langs=zh,en,ja] [--full]
 *
 * Shoots, per language (zh and en unless `--langs`), colour scheme and width (1280, 390): the default view, one
 * busy map with its busiest spot's catches open, the same map zoomed in, the empty state with its reason, and the AI
 * records filtered to the busiest cell's spot.
 * The first screen only, unless `--full` (whole pages shrink too much at 390 px to judge).
 *
 * Writes `screenshots/heatmap-<shot>-<lang>-<scheme>-<width>.png` (the folder is git-ignored) and prints the time
 * from navigation to the heat map being drawn for each default view.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { localePath } from '../src/shared/locales';
import { PAGE_PATHS } from '../src/shared/pages';
import { CHROMIUM_LAUNCH } from '../tests/chromium';

const args = process.argv.slice(2);
const baseUrl = (args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3199').replace(/\/$/, '');
const langs = (args.find((arg) => arg.startsWith('--langs='))?.slice('--langs='.length) ?? 'zh,en').split(',');
const full = args.includes('--full');
const outDir = path.resolve('screenshots');
const SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

interface Shot {
  name: string;
  path: string;
  /** What to wait for before the shot. */
  ready: string;
  /** The whole page even without `--full` (the cell's catches are below the map on a phone). */
  whole?: boolean;
  /** What to do on the page before waiting for `ready`. */
  act?: (page: Page) => Promise<void>;
}

type Cells = [number, number, number][];
/** The heat map once drawn, with cells or with its empty state. */
const DRAWN = '[data-testid="heatmap"][data-state="ready"], [data-testid="heatmap"][data-state="empty"]';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The views to shoot, chosen from what the server holds: the busiest map of the last 7 days and its busiest cell. */
async function shots(): Promise<Shot[]> {
  const list: Shot[] = [{ name: 'default', path: PAGE_PATHS.home, ready: DRAWN }];
  const { category_list } = await getJson<{ category_list: { maps: { id: number }[] } }>(
    '/api/system/get_category_list?category_group=maps',
  );
  let best: { map: number; cells: Cells; total: number } | null = null;
  for (const map of category_list.maps) {
    const heat = await getJson<{ cells: Cells; total: number }>(`/api/heatmap?map_id=${map.id}&range=7d`);
    if (!best || heat.total > best.total) best = { map: map.id, cells: heat.cells, total: heat.total };
  }
  if (best && best.cells.length > 0) {
    const [col, row] = [...best.cells].sort((a, b) => b[2] - a[2])[0]!;
    // The busiest spot as the page lists it: a square of cells where the page merges them.
    list.push({
      name: 'cell',
      path: `${PAGE_PATHS.home}?map=${best.map}`,
      ready: '[data-testid="cell-total"]',
      whole: true,
      act: (page) => page.getByTestId('heat-spots').getByRole('button').first().click(),
    });
    // Zoomed in three steps: the squares split towards single cells.
    list.push({
      name: 'zoomed',
      path: `${PAGE_PATHS.home}?map=${best.map}`,
      ready: DRAWN,
      act: async (page) => {
        await page.locator(DRAWN).waitFor();
        for (let i = 0; i < 3; i++) await page.locator('.leaflet-control-zoom-in').click();
        await page.waitForTimeout(600);
      },
    });
    const cell = await getJson<{ x_min: number; x_max: number; y_min: number; y_max: number }>(
      `/api/heatmap/cell?map_id=${best.map}&col=${col}&row=${row}&range=7d`,
    );
    const spot = new URLSearchParams({
      map: String(best.map),
      range: '7d',
      x_min: String(cell.x_min),
      x_max: String(cell.x_max),
      y_min: String(cell.y_min),
      y_max: String(cell.y_max),
    });
    list.push({
      name: 'spot-logs',
      path: `${PAGE_PATHS.birdLogs}?${spot.toString()}`,
      ready: '[data-testid="log-spot"]',
    });
  }
  // A super rare blue crown in the last 24 hours: rare enough to be empty on most maps.
  list.push({ name: 'empty', path: `${PAGE_PATHS.home}?range=1d&star=452`, ready: DRAWN });
  return list;
}

/**
 * Milliseconds from the start of navigation to the heat map being drawn (the picture loaded, the cells on it). The
 * page-side code is a string: this script is type-checked as Node code, without the DOM.
 */
async function timeToHeatmap(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const check = () => {
      if (document.querySelector('${DRAWN}')) resolve(Math.round(Date.now() - performance.timeOrigin));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const list = await shots();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  let count = 0;
  try {
    for (const scheme of SCHEMES) {
      for (const viewport of VIEWPORTS) {
        for (const lang of langs) {
          const context = await browser.newContext({
            viewport,
            colorScheme: scheme,
            locale: lang === 'zh' ? 'zh-CN' : lang,
            deviceScaleFactor: 1,
            isMobile: viewport.width < 600,
            hasTouch: viewport.width < 600,
          });
          await context.addCookies([{ name: 'locale', value: lang, url: baseUrl }]);
          // Mantine keeps the user's choice here, beside the emulated preference.
          await context.addInitScript(
            `try { localStorage.setItem('mantine-color-scheme-value', ${JSON.stringify(scheme)}); } catch {}`,
          );
          const page = await context.newPage();
          for (const shot of list) {
            await page.goto(`${baseUrl}${localePath(lang as 'zh', shot.path)}`);
            if (shot.name === 'default') {
              console.log(
                `${lang} ${scheme} ${viewport.width}: heat map drawn ${await timeToHeatmap(page)} ms after navigation`,
              );
            }
            await shot.act?.(page);
            await page.locator(shot.ready).first().waitFor({ timeout: 15_000 });
            await page.waitForLoadState('networkidle');
            // Let Leaflet's fit and the lazy images settle.
            await page.waitForTimeout(400);
            const file = path.join(outDir, `heatmap-${shot.name}-${lang}-${scheme}-${viewport.width}.png`);
            // A plain viewport shot comes out blank in this headless Chromium; a clipped full-page shot does not.
            await page.screenshot({
              path: file,
              fullPage: true,
              ...(full || shot.whole ? {} : { clip: { x: 0, y: 0, width: viewport.width, height: viewport.height } }),
            });
            count += 1;
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${count} screenshots in ${outDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
