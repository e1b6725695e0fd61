/**
 * Screenshots of the main pages in every language, colour scheme and a desktop and a phone width, for looking at
 * layouts by eye (overflow at 390 px, contrast in dark mode). Not a test: it never fails on a difference.
 *
 *   npm run build && PORT=3199 DATA_DIR=$(mktemp -d) node dist/server/server.js &
 *   DATA_DIR=<the server's> npx tsx scripts/screenshots.ts [baseUrl] [--only=baits,fishes] [--fold]
 *
 * `--only` limits the pages; `--fold` shoots only the first screen instead of the whole page (long phone pages
 * shrink too much to judge when viewed whole).
 *
 * Writes `screenshots/<page>-<lang>-<scheme>-<width>.png` (the folder is git-ignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { localePath } from '../src/shared/locales';
import { baitPagePath, collectionPagePath, fishPagePath, mapPagePath, PAGE_PATHS } from '../src/shared/pages';
import { CHROMIUM_LAUNCH } from '../tests/chromium';
import { addAdminConsoleShots } from './screenshot-admin-console';
import { addCatalogueAdminShots } from './screenshot-catalogue-admin';
import { addAlertShots } from './screenshot-alerts';
import { addLogShots } from './screenshot-logs';
import { addVipShots, type VipShot } from './screenshot-vip';

/**
 * `session`: shot logged in, as a demo account the script registers (`'vip'`: as the VIP member of screenshot-vip.ts).
 * `prepare`: what to do on the page before the shot, for a state that only typing brings up.
 */
const PAGES: (VipShot & { prepare?: (page: Page) => Promise<void> })[] = [
  { name: 'home', path: PAGE_PATHS.home },
  { name: 'baits', path: PAGE_PATHS.baits },
  { name: 'fishes', path: PAGE_PATHS.fishes },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'login', path: PAGE_PATHS.login },
  { name: 'register', path: PAGE_PATHS.register },
  { name: 'forget-pwd', path: PAGE_PATHS.forgetPwd },
  { name: 'reset-pwd', path: `${PAGE_PATHS.resetPwd}?token=x` },
  { name: 'reset-pwd-link-error', path: PAGE_PATHS.resetPwd },
  { name: 'user', path: PAGE_PATHS.user, session: true },
  { name: 'profile', path: PAGE_PATHS.profile, session: true },
  // A new password typed: the form asks for the current one (issue 13).
  {
    name: 'profile-current-password',
    path: PAGE_PATHS.profile,
    session: true,
    prepare: async (page) => {
      const fields = page.locator('input[autocomplete="new-password"]');
      await fields.first().fill('new-secret-1');
      await fields.nth(1).fill('new-secret-1');
      await page.locator('input[autocomplete="current-password"]').waitFor();
      // Typing scrolled the page and left a focus ring; the full-page shot should look as the page does on arrival.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
    },
  },
  // Deleting the account (issue 25): the confirmation dialog open.
  {
    name: 'profile-delete',
    path: PAGE_PATHS.profile,
    session: true,
    prepare: async (page) => {
      await page.locator('section[aria-labelledby="delete-account-title"] button').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'my-data', path: PAGE_PATHS.myData, session: true },
  // The player's collection (issue 25); its shared page is added once the demo account has turned sharing on.
  { name: 'collection', path: PAGE_PATHS.collection, session: true },
  // An answer shown (issue 11): the first example question asked. Every shot asks one, so start the server with
  // AI_FREE_PER_MINUTE=100 (or the later shots show the limit message instead).
  {
    name: 'ai-chat',
    path: PAGE_PATHS.aiChat,
    session: true,
    prepare: async (page) => {
      await page.locator('#ai-examples-title + div button').first().click();
      await page.getByTestId('ai-question').press('Enter');
      await page.getByTestId('ai-answer').waitFor();
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
    },
  },
];
const LANGS = ['zh', 'en', 'ja'] as const;
const SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const args = process.argv.slice(2);
const baseUrl = (args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3199').replace(/\/$/, '');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const fold = args.includes('--fold');
const outDir = path.resolve('screenshots');

/**
 * A fish's page (issue 23) and the page of the first map it lives on (`fish-page`, `map-page`): the fish caught most in
 * the bait guide's window, so its best baits and the map's "biting now" have rows to show.
 */
async function addItemPages(): Promise<void> {
  try {
    const top = (await (await fetch(`${baseUrl}/api/bait-guide/top`)).json()) as {
      fishes?: { fish_id: number; total: number }[];
    };
    const busiest = [...(top.fishes ?? [])].sort((a, b) => b.total - a.total)[0];
    const list = (await (await fetch(`${baseUrl}/api/system/get_category_list?category_group=fish`)).json()) as {
      category_list?: { fish?: { id: number; data: { maps: number[] } }[] };
    };
    const fish =
      list.category_list?.fish?.find((item) => item.id === busiest?.fish_id) ?? list.category_list?.fish?.[0];
    if (!fish) return;
    PAGES.push({ name: 'fish-page', path: fishPagePath(fish.id) });
    const map = fish.data.maps[0];
    if (map !== undefined) PAGES.push({ name: 'map-page', path: mapPagePath(map) });
  } catch {
    // no catalogue, no item page shots
  }
}

/**
 * The page of the bait the busiest fish of the bait guide's window was caught with most: its fish and maps, each share
 * with its interval and the thin rows dimmed (issue 25). The bait guide's own shots are screenshot-bait-guide.ts's.
 */
async function addBaitPage(): Promise<void> {
  try {
    const response = await fetch(`${baseUrl}/api/bait-guide/top`);
    const body = (await response.json()) as { fishes?: { total: number; baits: { bait_id: number }[] }[] };
    const bait = [...(body.fishes ?? [])].sort((a, b) => b.total - a.total)[0]?.baits[0];
    if (bait) PAGES.push({ name: 'bait-page', path: baitPagePath(bait.bait_id) });
  } catch {
    // no server data, no bait page shot
  }
}

/** Turns the demo account's public collection page on and adds its shot, when the account exists. */
async function addSharedCollection(session: string | null): Promise<void> {
  if (!session) return;
  try {
    const { token } = JSON.parse(session) as { token: string };
    const response = await fetch(`${baseUrl}/api/users/me/collection/sharing`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ public: true }),
    });
    const { share_id: shareId } = (await response.json()) as { share_id: string | null };
    if (shareId) PAGES.push({ name: 'collection-shared', path: collectionPagePath(shareId) });
  } catch {
    // no server, no shared page
  }
}

/** A demo account's stored session (`{token, userInfo}`, as the client keeps it), or null without a server. */
async function demoSession(): Promise<string | null> {
  try {
    const email = `screenshots.${Date.now()}@example.com`;
    const password = 'screenshots-1';
    const post = (url: string, init: RequestInit) => fetch(`${baseUrl}${url}`, { method: 'POST', ...init });
    await post('/api/auth/register', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, nickname: '钓鱼达人 Angler' }),
    });
    const login = await post('/api/auth/jwt/login', { body: new URLSearchParams({ username: email, password }) });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const me = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    return JSON.stringify({ token, userInfo: await me.json() });
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  await addItemPages();
  await addBaitPage();
  // The log pages, with catches of the demo account's own logger (bound to it, for the stats on my-data).
  const session = await addLogShots(baseUrl, await demoSession(), PAGES);
  await addSharedCollection(session);
  // The VIP pages, with a member who bought through the local test checkout.
  const vipSession = await addVipShots(baseUrl, PAGES);
  // The alert pages (issue 25): the member's follows, sample alerts, the Follow button, the unsubscribe page.
  await addAlertShots(baseUrl, PAGES, vipSession);
  // The superuser catalogue page (needs the server's DATA_DIR to make a superuser).
  const adminSession = await addCatalogueAdminShots(baseUrl, PAGES);
  // The moderation console (issue 24), as that superuser, with a little of everything to show.
  await addAdminConsoleShots(baseUrl, PAGES, adminSession);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  let count = 0;
  try {
    for (const scheme of SCHEMES) {
      for (const viewport of VIEWPORTS) {
        for (const lang of LANGS) {
          // One context per combination: the locale cookie and the stored colour scheme must not leak across.
          const context = await browser.newContext({
            viewport,
            colorScheme: scheme,
            locale: lang === 'zh' ? 'zh-CN' : lang,
            deviceScaleFactor: 1,
            isMobile: viewport.width < 600,
            hasTouch: viewport.width < 600,
          });
          await context.addCookies([{ name: 'locale', value: lang, url: baseUrl }]);
          // Mantine keeps the user's choice here; setting it as well as the media feature covers a shell that
          // defaults to light rather than to the system preference.
          await context.addInitScript((value) => {
            try {
              window.localStorage.setItem('mantine-color-scheme-value', value);
            } catch {
              // storage may be unavailable on an error page; the emulated preference still applies
            }
          }, scheme);
          const page = await context.newPage();
          for (const target of PAGES) {
            if (only && !only.includes(target.name)) continue;
            // Storage belongs to the site's origin: a fresh tab (about:blank) has none to write the session into.
            if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/health`);
            await page
              .evaluate(
                (value) => (value ? localStorage.setItem('session', value) : localStorage.removeItem('session')),
                target.session === 'vip'
                  ? vipSession
                  : target.session === 'admin'
                    ? adminSession
                    : target.session
                      ? session
                      : null,
              )
              .catch(() => undefined);
            await page.goto(`${baseUrl}${localePath(lang, target.path)}`, { waitUntil: 'networkidle' });
            await target.prepare?.(page);
            // Let lazy images and transitions settle.
            await page.waitForTimeout(400);
            const suffix = fold ? '-fold' : '';
            const file = path.join(outDir, `${target.name}-${lang}-${scheme}-${viewport.width}${suffix}.png`);
            // A plain viewport shot comes out blank in this headless Chromium; a clipped full-page shot does not.
            await page.screenshot({
              path: file,
              fullPage: true,
              ...(fold ? { clip: { x: 0, y: 0, width: viewport.width, height: viewport.height } } : {}),
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
