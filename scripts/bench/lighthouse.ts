/**
 * The public pages in a browser (issue 23; targets: Lighthouse SEO and accessibility ≥ 95 on each public page, the
 * home page's largest contentful paint ≤ 1.5 s in headless Chromium on loopback). Debian's Chromium
 * (`/usr/bin/chromium`, tests/chromium.ts) against the built server on the demo world seeded to `--catches`
 * (lib/bench-world.ts, the shared world; or `--url` of a server already running):
 *
 * 1. **Lighthouse** (the `lighthouse` package, 12.8.2: the last release that runs on Node 20) on five public pages —
 *    home, bait guide, bait list, encyclopedia and one item page — in each of `--langs`: its SEO, accessibility and
 *    performance scores, LCP and FCP, and the audits that cost SEO or accessibility points. Each page a first visit
 *    (Lighthouse clears the origin's cache and storage), desktop form factor, no throttling by default
 *    (`--throttling provided`: loopback as it is, the budget's condition; `simulate`: Lighthouse's own slow-network
 *    model, whose LCP is no measure of the budget). The scores do not depend on the throttling.
 * 2. **LCP in Playwright**: the home page `--lcp-runs` times per language and viewport, each in a fresh browser
 *    context (a first visit: no catalogue kept), the last `largest-contentful-paint` entry once the network has been
 *    idle for half a second; the median, the worst, and the element it was.
 *
 * The item page is a fish's when the server answers one with 200, else a bait's (`--items`, as ssr-pages.ts). Pages
 * by name with `--pages home,baitGuide,baits,fishes,item`, or any paths with `--paths /,/query/bait-guide` (each in
 * every language). The bench fails when a page does not answer 200 or Lighthouse cannot finish; scores under the
 * targets are printed, not failed on.
 *
 *   npx tsx scripts/bench/lighthouse.ts [--url http://127.0.0.1:3000] [--catches 1000000] [--db sqlite|postgres]
 *     [--langs zh,en,ja] [--pages home,baitGuide,baits,fishes,item] [--paths P1,P2] [--items auto|fish|bait|map]
 *     [--lcp-runs 5] [--viewports 1280x800,390x844] [--throttling provided|simulate] [--port 0] [--debug-port 0]
 *   (part of `npm run bench`; needs `npm run build` first unless `--url`)
 */
import { chromium } from '@playwright/test';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import { isLocale, type Locale, localePath } from '#shared/locales';
import { PAGE_PATHS } from '#shared/pages';
import { unusedPort } from '../../src/server/test/unused-port';
import { CHROMIUM_LAUNCH } from '../../tests/chromium';
import { requireBuild } from '../lib/built-server';
import { numberOption, option } from './lib/bench-helpers';
import { ensureBenchWorld } from './lib/bench-world';
import {
  chooseItemKind,
  itemPageUrl,
  itemsOf,
  type PageServer,
  publishedCatalogue,
  spreadOver,
  startPageServer,
} from './lib/public-pages';

const URL_OPTION = option('url', '').replace(/\/$/, '');
const CATCHES = numberOption('catches', 1_000_000);
const DB = option('db', 'sqlite');
const LANGS = option('langs', 'zh,en,ja').split(',');
const PAGE_NAMES = option('pages', 'home,baitGuide,baits,fishes,item').split(',');
const PATHS = option('paths', '')
  .split(',')
  .filter((p) => p !== '');
const ITEMS = option('items', 'auto');
const LCP_RUNS = numberOption('lcp-runs', 5);
const VIEWPORTS = option('viewports', '1280x800,390x844')
  .split(',')
  .filter((v) => v !== '')
  .map((v) => {
    const [width, height] = v.split('x').map(Number);
    if (!width || !height) throw new Error(`--viewports: ${v} is no WIDTHxHEIGHT`);
    return { width, height };
  });
const THROTTLING = option('throttling', 'provided');
const PORT = numberOption('port', 0);
const DEBUG_PORT = numberOption('debug-port', 0);
const TARGET_SCORE = 95;
const LCP_BUDGET_MS = 1500;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

for (const lang of LANGS) if (!isLocale(lang)) throw new Error(`--langs: ${lang} is no language of the site`);
if (THROTTLING !== 'provided' && THROTTLING !== 'simulate') throw new Error('--throttling: provided or simulate');
if (DB !== 'sqlite' && DB !== 'postgres') throw new Error('--db: sqlite or postgres');

/** The named public pages (without a language prefix); `item` is filled in from the catalogue. */
const NAMED: Record<string, string> = {
  home: PAGE_PATHS.home,
  baitGuide: PAGE_PATHS.baitGuide,
  baits: PAGE_PATHS.baits,
  fishes: PAGE_PATHS.fishes,
};

interface Page {
  name: string;
  lang: Locale;
  path: string;
}

async function pagesToVisit(base: string): Promise<{ pages: Page[]; note: string }> {
  const langs = LANGS as Locale[];
  if (PATHS.length > 0)
    return {
      pages: PATHS.flatMap((p) => langs.map((lang) => ({ name: p, lang, path: localePath(lang, p) }))),
      note: '',
    };
  let note = '';
  const pages: Page[] = [];
  for (const name of PAGE_NAMES) {
    if (name === 'item') {
      const catalogue = await publishedCatalogue(base);
      const chosen = await chooseItemKind(base, catalogue, ITEMS);
      note = `item page: ${chosen.note}`;
      // One item, the same on every run: the middle of the list by id (the first ids are often the plainest).
      const items = spreadOver(itemsOf(catalogue, chosen.kind), 3);
      const item = items[1] ?? items[0]!;
      for (const lang of langs) pages.push({ name: chosen.kind, lang, path: itemPageUrl(chosen.kind, item, lang) });
    } else {
      const path = NAMED[name];
      if (!path) throw new Error(`--pages: ${name} is none of ${[...Object.keys(NAMED), 'item'].join(', ')}`);
      for (const lang of langs) pages.push({ name, lang, path: localePath(lang, path) });
    }
  }
  return { pages, note };
}

interface Audit {
  page: Page;
  seo: number;
  accessibility: number;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  /** The audits that cost SEO or accessibility points. */
  misses: string[];
  status: number | null;
  error?: string;
}

/** Desktop, first visit, no throttling unless `--throttling simulate`. */
function lighthouseConfig(): Config {
  return {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: ['performance', 'accessibility', 'seo'],
      formFactor: 'desktop',
      screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
      throttlingMethod: THROTTLING as 'provided' | 'simulate',
      // Lighthouse's desktop model (desktopDense4G) when simulating; ignored under `provided`.
      throttling: {
        rttMs: 40,
        throughputKbps: 10 * 1024,
        cpuSlowdownMultiplier: 1,
        requestLatencyMs: 0,
        downloadThroughputKbps: 0,
        uploadThroughputKbps: 0,
      },
      skipAudits: ['full-page-screenshot', 'screenshot-thumbnails', 'final-screenshot'],
    },
  };
}

function missesOf(lhr: Result, category: 'seo' | 'accessibility'): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${category === 'seo' ? 'seo' : 'a11y'}:${audit!.id}`);
}

async function audit(url: string, page: Page, debugPort: number): Promise<Audit> {
  const flags: Flags = { port: debugPort, hostname: '127.0.0.1', logLevel: 'error', output: 'json' };
  const empty = { page, seo: NaN, accessibility: NaN, performance: NaN, lcpMs: NaN, fcpMs: NaN, misses: [] };
  const result = await lighthouse(url, flags, lighthouseConfig());
  if (!result) return { ...empty, status: null, error: 'Lighthouse returned nothing' };
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const status = (lhr.audits['http-status-code']?.details as { items?: { statusCode?: number }[] } | undefined)
    ?.items?.[0]?.statusCode;
  return {
    page,
    seo: score('seo'),
    accessibility: score('accessibility'),
    performance: score('performance'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    misses: [...missesOf(lhr, 'seo'), ...missesOf(lhr, 'accessibility')],
    // The audit lists the status only when it is not 2xx.
    status: lhr.audits['http-status-code']?.score === 1 ? 200 : (status ?? null),
    ...(lhr.runtimeError && { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }),
  };
}

/** The last largest-contentful-paint entry of the page (ms from navigation start) and what it was. */
const READ_LCP = `new Promise((resolve) => {
  let last = null;
  new PerformanceObserver((list) => { last = list.getEntries().at(-1) ?? last; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => {
    if (!last) return resolve(null);
    const el = last.element;
    const what = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.getAttribute('data-testid') ? '[data-testid=' + el.getAttribute('data-testid') + ']' : '') : '(removed)';
    resolve({ ms: last.startTime, element: what + (last.url ? ' ' + last.url.replace(location.origin, '') : '') });
  }, 100);
})`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const int = (n: number) => (Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en'));
const scoreCell = (n: number) => (Number.isNaN(n) ? '–' : n < TARGET_SCORE ? `**${n}**` : String(n));

let server: PageServer | undefined;
let base = URL_OPTION;
let world = '';
if (!base) {
  requireBuild('lighthouse');
  const benchWorld = await ensureBenchWorld(CATCHES, DB);
  server = await startPageServer(benchWorld, { port: PORT, logLevel: 'warn', redisUrl });
  base = server.base;
  world = ` (${DB === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${CATCHES.toLocaleString('en')} catches)`;
}
const debugPort = DEBUG_PORT || (await unusedPort());
const browser = await chromium.launch({
  ...CHROMIUM_LAUNCH,
  // Lighthouse drives the same Chromium through its DevTools port.
  args: [...CHROMIUM_LAUNCH.args, `--remote-debugging-port=${debugPort}`, '--remote-debugging-address=127.0.0.1'],
});
let failed = false;
try {
  const version = browser.version();
  const { pages, note } = await pagesToVisit(base);
  console.log(
    `\n## Public pages in ${version}${world}, Lighthouse ${THROTTLING === 'provided' ? 'without throttling' : 'with simulated throttling'}, desktop${note ? `; ${note}` : ''}\n`,
  );

  // 1. Lighthouse.
  const audits: Audit[] = [];
  for (const page of pages) {
    if (server && !server.server.running)
      throw new Error(`the server stopped (${server.server.ended}) before ${page.path} was audited`);
    process.stderr.write(`lighthouse ${page.path} …\n`);
    try {
      let result = await audit(`${base}${encodeURI(page.path)}`, page, debugPort);
      // Lighthouse asks for another run when its trace came out incomplete (NO_NAVSTART, NO_FCP: seen on a busy machine,
      // about one page in fifteen with Chromium 156): up to three runs.
      for (let attempt = 2; result.error && attempt <= 3; attempt++) {
        process.stderr.write(`  ${result.error}: attempt ${attempt}\n`);
        result = await audit(`${base}${encodeURI(page.path)}`, page, debugPort);
      }
      audits.push(result);
    } catch (error) {
      audits.push({
        page,
        seo: NaN,
        accessibility: NaN,
        performance: NaN,
        lcpMs: NaN,
        fcpMs: NaN,
        misses: [],
        status: null,
        error: String(error),
      });
    }
  }
  console.log('| page | lang | path | SEO | accessibility | performance | LCP ms | FCP ms | points lost to |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---|');
  for (const a of audits)
    console.log(
      `| ${a.page.name} | ${a.page.lang} | \`${a.page.path}\` | ${scoreCell(a.seo)} | ${scoreCell(a.accessibility)} | ` +
        `${Number.isNaN(a.performance) ? '–' : a.performance} | ${int(a.lcpMs)} | ${int(a.fcpMs)} | ` +
        `${a.error ? `**error** ${a.error}` : a.misses.join(', ') || '–'} |`,
    );
  for (const a of audits)
    if (a.error || a.status !== 200) {
      failed = true;
      console.log(`\n${a.page.path}: ${a.error ?? `answered ${a.status}`}`);
    }
  const ok = audits.filter((a) => !a.error);
  const min = (key: 'seo' | 'accessibility') => Math.min(...ok.map((a) => a[key]));
  const homeLcp = ok.filter((a) => a.page.name === 'home').map((a) => `${a.page.lang} ${int(a.lcpMs)}`);
  console.log(
    `\nLowest SEO ${min('seo')}, lowest accessibility ${min('accessibility')} (targets ≥ ${TARGET_SCORE}); ` +
      `home LCP (Lighthouse) ${homeLcp.join(', ') || '–'} ms (budget ≤ ${LCP_BUDGET_MS} ms)`,
  );

  // 2. The home page's LCP in Playwright, first visits.
  if (LCP_RUNS > 0) {
    console.log(`\nHome page LCP in Playwright: ${LCP_RUNS} first visits each (fresh context)\n`);
    console.log('| viewport | lang | median ms | max ms | LCP element (last run) |');
    console.log('|---|---|---:|---:|---|');
    let worst = 0;
    for (const viewport of VIEWPORTS)
      for (const lang of LANGS as Locale[]) {
        const times: number[] = [];
        let element = '';
        for (let run = 0; run < LCP_RUNS; run++) {
          const context = await browser.newContext({ viewport, locale: lang });
          const tab = await context.newPage();
          const res = await tab.goto(`${base}${localePath(lang, PAGE_PATHS.home)}`, {
            waitUntil: 'networkidle',
            timeout: 30_000,
          });
          if (res?.status() !== 200) failed = true;
          const lcp = await tab.evaluate<{ ms: number; element: string } | null>(READ_LCP);
          await context.close();
          if (lcp) {
            times.push(lcp.ms);
            element = lcp.element;
          }
        }
        worst = Math.max(worst, ...times);
        console.log(
          `| ${viewport.width} × ${viewport.height} | ${lang} | ${int(median(times))} | ${int(Math.max(...times))} | ${element || '(none)'} |`,
        );
      }
    console.log(`\nHome LCP worst of all runs: ${int(worst)} ms (budget ≤ ${LCP_BUDGET_MS} ms)`);
  }
} finally {
  await browser.close();
  await server?.stop();
}
if (failed) process.exitCode = 1;
