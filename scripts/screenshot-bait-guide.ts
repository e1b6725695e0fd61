/**
 * Screenshots of the bait guide and the encyclopedia's bait links (issue 10), for looking at by eye: light and dark,
 * 1280 px and 390 px, zh and en (ja with `--langs=zh,en,ja`). Not a test: it never fails on a difference.
 *
 *   npm run build && PORT=3199 DATA_DIR=$(mktemp -d) node dist/server/server.js &
 *   npx tsx scripts/screenshot-bait-guide.ts [baseUrl] [--langs=zh,en] [--only=bait-guide,bait-guide-details]
 *
 * The fish shown is the one the server reports most in the last 72 hours (`/api/bait-guide/top`), so the pages have
 * data whatever the demo world holds; a fish without catches in the window shows the empty state.
 *
 * Writes `screenshots/<shot>-<lang>-<scheme>-<width>.png` (the folder is git-ignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { localePath } from '../src/shared/locales';
import { PAGE_PATHS } from '../src/shared/pages';
import { CHROMIUM_LAUNCH } from '../tests/chromium';

interface Shot {
  name: string;
  path: string;
  /** Shoot the first screen only (the drawer is fixed: a full-page shot would show the page behind it). */
  fold?: boolean;
  prepare?: (page: Page) => Promise<void>;
}

const args = process.argv.slice(2);
const baseUrl = (args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3199').replace(/\/$/, '');
const option = (name: string) =>
  args
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',');
const langs = option('langs') ?? ['zh', 'en'];
const only = option('only');
const SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const outDir = path.resolve('screenshots');

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The fish reported most in the window, and one with no catch in it (for the empty state). */
async function pickFish(): Promise<{ busiest: number; quiet: number | null }> {
  const top = await getJson<{ fishes: { fish_id: number; total: number }[] }>('/api/bait-guide/top');
  const busiest = [...top.fishes].sort((a, b) => b.total - a.total)[0];
  if (!busiest) throw new Error('no catches in the last 72 hours: nothing to show');
  const list = await getJson<{ category_list: { fish: { id: number }[] } }>(
    '/api/system/get_category_list?category_group=fish',
  );
  const caught = new Set(top.fishes.map((entry) => entry.fish_id));
  return { busiest: busiest.fish_id, quiet: list.category_list.fish.find((fish) => !caught.has(fish.id))?.id ?? null };
}

/** Waits until nothing on the page is animating (drawer slide-in, chart bars growing). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction('document.getAnimations().every((a) => a.playState !== "running")');
  await page.waitForTimeout(600);
}

function shots(busiest: number, quiet: number | null): Shot[] {
  const guide = `${PAGE_PATHS.baitGuide}?fish_id=${busiest}`;
  const details = `${guide}&details=1`;
  const list: Shot[] = [
    { name: 'bait-guide-prompt', path: PAGE_PATHS.baitGuide },
    { name: 'bait-guide', path: guide },
    {
      name: 'bait-guide-show-all',
      path: guide,
      prepare: async (page) => {
        const more = page.locator('button[aria-expanded="false"]').last();
        if (await more.count()) await more.click();
      },
    },
    { name: 'bait-guide-details', path: details, fold: true, prepare: settle },
    {
      name: 'bait-guide-details-splits',
      path: details,
      fold: true,
      prepare: async (page) => {
        await settle(page);
        // Over the drawer's title, so no chart tooltip opens in the shot.
        await page.getByRole('dialog').getByRole('heading').first().hover();
        await page.mouse.wheel(0, 600);
        await settle(page);
      },
    },
    {
      name: 'bait-guide-details-weather',
      path: details,
      fold: true,
      prepare: async (page) => {
        await settle(page);
        await page.getByRole('dialog').getByRole('tab').nth(2).click();
        // Over the drawer's title, so no chart tooltip opens in the shot.
        await page.getByRole('dialog').getByRole('heading').first().hover();
        await page.mouse.wheel(0, 600);
        await settle(page);
      },
    },
    {
      // Each leading bait's best game hour by the lower end of its interval, and the hours' shares with theirs (issue 25).
      name: 'bait-guide-details-best',
      path: details,
      fold: true,
      prepare: async (page) => {
        await settle(page);
        await page.getByRole('dialog').getByRole('heading').first().hover();
        await page.getByTestId('best-conditions').first().scrollIntoViewIfNeeded();
        await settle(page);
      },
    },
    { name: 'fishes-top-baits', path: PAGE_PATHS.fishes, fold: true },
  ];
  if (quiet !== null) list.push({ name: 'bait-guide-empty', path: `${PAGE_PATHS.baitGuide}?fish_id=${quiet}` });
  return list;
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const { busiest, quiet } = await pickFish();
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
          await context.addInitScript({
            content: `try { localStorage.setItem('mantine-color-scheme-value', ${JSON.stringify(scheme)}); } catch {}`,
          });
          const page = await context.newPage();
          for (const shot of shots(busiest, quiet)) {
            if (only && !only.includes(shot.name)) continue;
            await page.goto(`${baseUrl}${localePath(lang as 'zh' | 'en' | 'ja', shot.path)}`, {
              waitUntil: 'networkidle',
            });
            await page.waitForTimeout(400);
            await shot.prepare?.(page);
            const file = path.join(outDir, `${shot.name}-${lang}-${scheme}-${viewport.width}.png`);
            // The first screen as it is (a full-page shot re-lays the fixed drawer out and shifts it), else the page.
            await page.screenshot({ path: file, fullPage: !shot.fold });
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
