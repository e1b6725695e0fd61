/**
 * Public pages rendered by the server (issue 23; budget: a fish page `/guide/fishes/<id>`, `/en/…`, `/ja/…`, p95 ≤
 * 30 ms at 5 M catches over HTTP). The built server (`dist/server/server.js`, its own process, logging at `info` to a
 * file, in production mode) on the demo world seeded to `--catches` (lib/bench-world.ts, the shared world), asked by
 * autocannon with a browser's Accept and Accept-Encoding, over `--ids` items spread over the catalogue × each of
 * `--langs` (every URL with the slug the site's own links carry), in a shuffled order:
 *
 * 1. **cold**: right after a start, each URL once, one at a time (nothing rendered or kept yet);
 * 2. **steady**: after `--warmup` s of the same load, `--seconds` s at `--rate` requests/s over the URLs in turn,
 *    spread over `--connections` single-connection autocannon runs started apart, as visitors arrive (mixed-load.ts
 *    tells why); `--rate 0`: each connection as fast as answered (throughput rather than latency);
 * 3. **after new catches**: each URL once, one at a time, each right after a logger's batch of `--batch` catches of
 *    that page's item (its fish, its bait, on its map) has been acknowledged: the slow path, after new catches made
 *    whatever the server keeps for that page stale. The batch's own latency is printed apart.
 *
 * Beside the server as it runs, the **naive** baseline: the same phases on a server started with `SSR_CACHE_MS=0`, which
 * renders every request afresh (provisional: the name of the switch that turns the render cache off, if the server
 * keeps rendered pages). `--no-cache` runs the baseline alone. Latency is each answer's own (request written to the
 * last byte read); the server's own share within the metrics' 25 ms bucket is printed beside it. Non-200 answers are
 * errors: the bench fails on any.
 *
 * Pages: `--items auto` (default) measures the fish pages when the server answers them with 200, else the bait pages
 * `/query/baits/<id>` (today's server answers them with the SPA shell; lib/public-pages.ts); `--items fish|bait|map`
 * asks for one kind; `--paths /,/query/bait-guide` measures those paths in each language instead (their uploads are
 * catches of any fish).
 *
 *   npx tsx scripts/bench/ssr-pages.ts [--catches 1000000] [--only sqlite|postgres] [--items auto|fish|bait|map]
 *     [--paths P1,P2] [--ids 100] [--langs zh,en,ja] [--phases cold,steady,after-catches] [--seconds 20]
 *     [--warmup 5] [--rate 100] [--connections 10] [--batch 20] [--no-cache] [--baseline no] [--port 0]
 *     [--log-level info] [--seed-only yes]
 *   (part of `npm run bench`; needs `npm run build` first)
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { type CatchItemInput, wireTime } from '#shared/contracts/catches';
import { ROD_TYPES, WEATHER_KINDS } from '#shared/game/catch-attributes';
import { isLocale, type Locale, localePath } from '#shared/locales';
import { createRng, type Rng } from '../../src/server/demo/prng';
import { requireBuild } from '../lib/built-server';
import { latencySummary, numberOption, option, reachable } from './lib/bench-helpers';
import { type BenchDialect, ensureBenchWorld } from './lib/bench-world';
import {
  BROWSER_ACCEPT,
  BROWSER_ACCEPT_ENCODING,
  chooseItemKind,
  cleanWorld,
  type Item,
  type ItemKind,
  itemName,
  itemPageUrl,
  itemsOf,
  type PublishedCatalogue,
  publishedCatalogue,
  spreadOver,
  startPageServer,
} from './lib/public-pages';
import { durationDelta, type Samples, scrapeMetrics } from './lib/server-metrics';

const CATCHES = numberOption('catches', 1_000_000);
const ONLY = option('only', '');
const ITEMS = option('items', 'auto');
const PATHS = option('paths', '')
  .split(',')
  .filter((p) => p !== '');
const IDS = numberOption('ids', 100);
const LANGS = option('langs', 'zh,en,ja').split(',');
const PHASES = new Set(option('phases', 'cold,steady,after-catches').split(','));
const SECONDS = numberOption('seconds', 20);
const WARMUP = numberOption('warmup', 5);
const RATE = numberOption('rate', 100);
const CONNECTIONS = numberOption('connections', 10);
const BATCH = numberOption('batch', 20);
/** `--no-cache`: the naive baseline alone (the server started with SSR_CACHE_MS=0). */
const NO_CACHE = process.argv.includes('--no-cache');
/** `--baseline no`: the server as it runs, without the naive baseline beside it. */
const BASELINE = option('baseline', 'yes') !== 'no';
const PORT = numberOption('port', 0);
const LOG_LEVEL = option('log-level', 'info');
/** `--seed-only yes`: seed (or check) the worlds and stop. */
const SEED_ONLY = option('seed-only', '') !== '';
const BUDGET_P95_MS = 30;
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

for (const lang of LANGS) if (!isLocale(lang)) throw new Error(`--langs: ${lang} is no language of the site`);

/** One address to ask, and what the after-catches phase uploads before asking it. */
interface PageUrl {
  path: string;
  lang: Locale;
  /** The page's item; undefined for `--paths` (uploads of any fish then). */
  item?: { kind: ItemKind; item: Item };
}

interface Answer {
  url: PageUrl;
  ms: number;
  status: number;
  bytes: number;
}

interface PhaseResult {
  answers: Answer[];
  seconds: number;
  /** Socket errors and time-outs. */
  failures: number;
  /** The server's own time of the page reads (its metrics), share within 25 ms. */
  serverWithin25: string;
  /** What the server says it served kept or counted anew meanwhile (`anglerdex_kept_answers_total`), if anything. */
  kept: string;
  uploads?: number[];
}

const browserHeaders = { accept: BROWSER_ACCEPT, 'accept-encoding': BROWSER_ACCEPT_ENCODING };

/** Where a catch may be: each fish on each live map it lives on. */
interface Place {
  fish: PublishedCatalogue['fish'][number];
  map: PublishedCatalogue['maps'][number];
}

function placesOf(catalogue: PublishedCatalogue): Place[] {
  const mapsById = new Map(catalogue.maps.map((m) => [m.id, m]));
  return catalogue.fish.flatMap((fish) =>
    fish.data.maps.filter((id) => mapsById.has(id)).map((mapId) => ({ fish, map: mapsById.get(mapId)! })),
  );
}

/** The places a catch of the page's item may come from: its fish's, its map's; any for a bait or a plain path. */
function placesFor(item: PageUrl['item'], places: Place[]): Place[] {
  if (item === undefined || item.kind === 'bait') return places;
  const fitting = places.filter((p) => (item.kind === 'fish' ? p.fish : p.map).id === item.item.id);
  return fitting.length > 0 ? fitting : places;
}

/** A valid catch at one of `places` (with the page's bait when it is a bait's page): a logger's report. */
function catchAt(
  places: Place[],
  item: PageUrl['item'],
  catalogue: PublishedCatalogue,
  reportId: string,
  rng: Rng,
): CatchItemInput {
  const { fish, map } = rng.pick(places);
  const { bounds } = map.data;
  const hour = rng.int(0, 23);
  return {
    report_id: reportId,
    caught_at: wireTime(Date.now() - rng.int(1000, 10_000)),
    map_id: map.id,
    fish_id: fish.id,
    bait_id: item?.kind === 'bait' ? item.item.id : rng.pick(catalogue.baits).id,
    bait2_id: null,
    rod_type: rng.pick(ROD_TYPES),
    star_type: 0,
    weight: rng.int(fish.data.min_weight, Math.floor((fish.data.min_weight + fish.data.max_weight) / 2)),
    depth: Math.round(rng.range(0.5, 30) * 10) / 10,
    direction: rng.chance(0.5) ? 'front' : 'back',
    angle: rng.int(0, 359),
    game_hour: hour,
    temperature: Math.round(rng.range(-5, 35) * 10) / 10,
    weather: rng.pick(WEATHER_KINDS),
    night: hour >= 21 || hour <= 4,
    x: bounds.x_min + rng.next() * (bounds.x_max - bounds.x_min),
    y: bounds.y_min + rng.next() * (bounds.y_max - bounds.y_min),
    time_spent: rng.int(5, 900),
  };
}

/** A logger of the bench's own, registered as the simulator's are (`removeUploads` removes what it sent). */
async function registerLogger(base: string): Promise<string> {
  const res = await fetch(`${base}/api/c_report/clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ player_name: 'Page bench angler', version: 'simulator' }),
  });
  if (!res.ok) throw new Error(`registering a logger: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client_token: string }).client_token;
}

/** The pages' GETs in the server's request-duration histogram (uploads and API reads left out). */
const PAGE_READS = /method="GET",route="(?!\/api\/|\/media\/)/;

/**
 * The server's own view of a phase: its page reads' share within 25 ms, and the growth of its kept-answer counter
 * (hits and recounts by answer: whether the phase's reads were served kept or counted anew, should the render cache
 * report there as the heat map and bait guide do).
 */
function serverSide(before: Samples, after: Samples): { serverWithin25: string; kept: string } {
  const delta = durationDelta([{ before, after }], PAGE_READS);
  const kept = [...after]
    .filter(([key]) => key.startsWith('anglerdex_kept_answers_total{'))
    .map(([key, value]) => [key.slice('anglerdex_kept_answers_total'.length), value - (before.get(key) ?? 0)] as const)
    .filter(([, grown]) => grown > 0)
    .map(([labels, grown]) => `${labels} ${grown}`);
  return {
    serverWithin25: delta.count === 0 ? '?' : `${((100 * (delta.within.get(25) ?? 0)) / delta.count).toFixed(1)} %`,
    kept: kept.join(', '),
  };
}

/**
 * One autocannon run of a single connection: `next()` gives each request (null: stop), `onAnswer` hears each answer
 * with the request it belongs to (one connection, no pipelining: the answer is the last request's).
 */
function singleConnection<T>(
  base: string,
  options: { amount?: number; seconds?: number; perSecond?: number },
  steps: ((request: autocannon.Request) => { request: autocannon.Request; tag: T })[],
  onAnswer: (tag: T, ms: number, status: number, bytes: number) => void,
): Promise<{ failures: number }> {
  let current: T | undefined;
  let failures = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: 1,
        pipelining: 1,
        ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
        // Each answer's own latency, not autocannon's "corrected" one (mixed-load.ts tells why).
        ...(options.perSecond && { connectionRate: options.perSecond, ignoreCoordinatedOmission: true }),
        timeout: 10,
        requests: steps.map((step) => ({
          setupRequest: (request: autocannon.Request) => {
            const next = step(request);
            current = next.tag;
            return next.request;
          },
        })),
      },
      (error) => (error ? reject(error) : resolve({ failures })),
    );
    instance.on('response', (_client, status: number, bytes: number, ms: number) =>
      onAnswer(current!, ms, status, bytes),
    );
    instance.on('reqError', () => void failures++);
  });
}

const pageRequest = (request: autocannon.Request, url: PageUrl) => ({
  request: { ...request, method: 'GET' as const, path: encodeURI(url.path), headers: browserHeaders },
  tag: url,
});

/** 1. Each URL once, one at a time, in the given order. */
async function coldPass(base: string, urls: PageUrl[]): Promise<Omit<PhaseResult, 'serverWithin25' | 'kept'>> {
  const answers: Answer[] = [];
  let i = 0;
  const started = performance.now();
  const { failures } = await singleConnection(
    base,
    { amount: urls.length },
    [(request) => pageRequest(request, urls[i++ % urls.length]!)],
    (url, ms, status, bytes) => answers.push({ url, ms, status, bytes }),
  );
  return { answers, seconds: (performance.now() - started) / 1000, failures };
}

/** 2. `seconds` of visitors over the URLs in turn: `CONNECTIONS` single-connection runs, started apart. */
async function steadyPass(base: string, urls: PageUrl[], seconds: number, seed: number) {
  const answers: Answer[] = [];
  const order = createRng(seed).shuffle(urls);
  let cursor = 0;
  const runs: Promise<{ failures: number }>[] = [];
  for (let c = 0; c < CONNECTIONS; c++) {
    runs.push(
      singleConnection(
        base,
        { seconds, perSecond: RATE > 0 ? RATE / CONNECTIONS : undefined },
        [(request) => pageRequest(request, order[cursor++ % order.length]!)],
        (url, ms, status, bytes) => answers.push({ url, ms, status, bytes }),
      ),
    );
    if (RATE > 0) await sleep(1000 / CONNECTIONS);
  }
  const failures = (await Promise.all(runs)).reduce((sum, run) => sum + run.failures, 0);
  // Each run lasts `seconds`, started apart over the first second: the rate is over one run's length.
  return { answers, seconds, failures };
}

/** 3. Each URL once, one at a time, each right after an acknowledged batch of catches of its item. */
async function afterCatchesPass(base: string, urls: PageUrl[], catalogue: PublishedCatalogue, runId: string) {
  const token = await registerLogger(base);
  const rng = createRng(23);
  const allPlaces = placesOf(catalogue);
  const answers: Answer[] = [];
  const uploads: number[] = [];
  let failures = 0;
  let i = 0;
  let seq = 0;
  let pending = urls[0]!;
  const uploadHeaders = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const started = performance.now();
  const result = await singleConnection<PageUrl | 'upload'>(
    base,
    { amount: 2 * urls.length },
    [
      (request) => {
        pending = urls[i++ % urls.length]!;
        const places = placesFor(pending.item, allPlaces);
        const items = Array.from({ length: BATCH }, () =>
          catchAt(places, pending.item, catalogue, `${runId}-${seq++}`, rng),
        );
        return {
          request: {
            ...request,
            method: 'POST' as const,
            path: '/api/c_report/catches',
            headers: uploadHeaders,
            body: JSON.stringify({ items }),
          },
          tag: 'upload',
        };
      },
      (request) => pageRequest(request, pending),
    ],
    (tag, ms, status, bytes) => {
      if (tag !== 'upload') return answers.push({ url: tag, ms, status, bytes });
      uploads.push(ms);
      // The page read after a refused batch would not follow new catches: counted as a failure.
      if (status !== 200) failures++;
    },
  );
  return { answers, uploads, seconds: (performance.now() - started) / 1000, failures: failures + result.failures };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));

interface Row {
  phase: string;
  variant: string;
  result: PhaseResult;
}

function table(rows: Row[]): void {
  const langs = LANGS as Locale[];
  console.log(
    `\n| phase | server | n | req/s | p50 | p95 | p99 | max | ${langs.map((l) => `p95 ${l}`).join(' | ')} | errors | server ≤ 25 ms |`,
  );
  console.log(`|---|---|---:|---:|---:|---:|---:|---:|${langs.map(() => '---:|').join('')}---:|---:|`);
  for (const { phase, variant, result } of rows) {
    const all = latencySummary(result.answers.map((a) => a.ms));
    const byLang = langs.map((l) =>
      ms(latencySummary(result.answers.filter((a) => a.url.lang === l).map((a) => a.ms)).p95),
    );
    const errors = result.answers.filter((a) => a.status !== 200).length + result.failures;
    console.log(
      `| ${phase} | ${variant} | ${all.n} | ${(all.n / result.seconds).toFixed(0)} | ${ms(all.p50)} | ${ms(all.p95)} | ` +
        `${ms(all.p99)} | ${ms(all.max)} | ${byLang.join(' | ')} | ${errors} | ${result.serverWithin25} |`,
    );
  }
}

/** What the page's HTML holds: the item's name rendered by the server, or the shell that the browser fills in. */
async function describeAnswer(base: string, url: PageUrl): Promise<string> {
  const res = await fetch(`${base}${encodeURI(url.path)}`, { headers: { accept: BROWSER_ACCEPT } });
  const html = await res.text();
  const kb = `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML`;
  if (!url.item) return `${url.path}: ${res.status}, ${kb}`;
  const name = itemName(url.item.item, url.lang);
  const rendered = html.includes(name) || html.includes(name.replace(/&/g, '&amp;'));
  return `${url.path}: ${res.status}, ${kb}, ${rendered ? `the item's name (${name}) in it: rendered by the server` : `no "${name}" in it: the SPA shell`}`;
}

async function bench(dialect: BenchDialect): Promise<boolean> {
  const world = await ensureBenchWorld(CATCHES, dialect);
  if (SEED_ONLY) return true;
  await cleanWorld(world);
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis';
  const variants: { name: string; env: Record<string, string> }[] = [
    ...(NO_CACHE ? [] : [{ name: 'as it runs', env: {} }]),
    ...(NO_CACHE || BASELINE ? [{ name: 'naive (SSR_CACHE_MS=0)', env: { SSR_CACHE_MS: '0' } }] : []),
  ];
  const rows: Row[] = [];
  const loadBefore = loadAverage();
  let uploadsLine = '';
  let ok = true;
  for (const [v, variant] of variants.entries()) {
    const server = await startPageServer(world, { port: PORT, logLevel: LOG_LEVEL, env: variant.env, redisUrl });
    try {
      const catalogue = await publishedCatalogue(server.base);
      let urls: PageUrl[];
      let what: string;
      if (PATHS.length > 0) {
        urls = PATHS.flatMap((p) => (LANGS as Locale[]).map((lang) => ({ path: localePath(lang, p), lang })));
        what = `${PATHS.length} paths × ${LANGS.join(', ')}`;
      } else {
        const { kind, note } = await chooseItemKind(server.base, catalogue, ITEMS);
        const items = spreadOver(itemsOf(catalogue, kind), IDS);
        urls = items.flatMap((item) =>
          (LANGS as Locale[]).map((lang) => ({ path: itemPageUrl(kind, item, lang), lang, item: { kind, item } })),
        );
        what = `${note}: ${items.length} ids × ${LANGS.join(', ')}`;
      }
      urls = createRng(1).shuffle(urls);
      if (v === 0) {
        console.log(`\n## ${label}, ${CATCHES.toLocaleString('en')} catches: ${what} = ${urls.length} URLs`);
        for (const lang of LANGS) {
          const sample = urls.find((u) => u.lang === lang);
          if (sample) console.log(`  ${await describeAnswer(server.base, sample)}`);
        }
      }
      const measured = async (phase: string, run: () => Promise<Omit<PhaseResult, 'serverWithin25' | 'kept'>>) => {
        const before = await scrapeMetrics(server.metricsUrl);
        const result = await run();
        rows.push({
          phase,
          variant: variant.name,
          result: { ...result, ...serverSide(before, await scrapeMetrics(server.metricsUrl)) },
        });
        return result;
      };
      if (PHASES.has('cold'))
        await measured('cold: first request of each URL after a start', () => coldPass(server.base, urls));
      if (PHASES.has('steady')) {
        if (WARMUP > 0) await steadyPass(server.base, urls, WARMUP, 1);
        await measured(
          `steady: ${RATE > 0 ? `${RATE}/s` : 'as fast as answered'} over ${CONNECTIONS} connections, ${SECONDS} s`,
          () => steadyPass(server.base, urls, SECONDS, 2),
        );
      }
      if (PHASES.has('after-catches')) {
        const result = await measured(
          `after new catches: each URL right after a batch of ${BATCH} ${PATHS.length > 0 ? 'catches' : 'of its item'}`,
          () => afterCatchesPass(server.base, urls, catalogue, `ssrbench${Date.now().toString(36)}v${v}`),
        );
        const up = latencySummary(result.uploads ?? []);
        uploadsLine += `\n  uploads (${variant.name}): ${up.n} batches of ${BATCH}, p50 ${ms(up.p50)} / p95 ${ms(up.p95)} / max ${ms(up.max)} ms`;
      }
    } finally {
      await server.stop();
      await cleanWorld(world).catch((error: unknown) => console.error('removing the uploads failed:', error));
    }
  }
  console.log(`\nload average before ${loadBefore}, after ${loadAverage()} (a quiet machine: below 1.5 before)`);
  table(rows);
  if (uploadsLine) console.log(uploadsLine);
  for (const row of rows)
    if (row.result.kept) console.log(`  kept answers, ${row.phase} (${row.variant}): ${row.result.kept}`);
  for (const row of rows) {
    const errors = row.result.answers.filter((a) => a.status !== 200);
    const statuses = new Map<string, number>();
    for (const a of errors)
      statuses.set(`${a.status} ${a.url.path}`, (statuses.get(`${a.status} ${a.url.path}`) ?? 0) + 1);
    if (errors.length > 0 || row.result.failures > 0) {
      ok = false;
      const sample = [...statuses].slice(0, 5).map(([key, n]) => `${key} ×${n}`);
      console.log(
        `  ${row.phase} (${row.variant}): ${errors.length} non-200 answers (${sample.join('; ')}), ${row.result.failures} socket errors, time-outs or refused uploads`,
      );
    }
  }
  const p95Of = (phase: string, variant: string) =>
    latencySummary(
      rows.find((r) => r.phase.startsWith(phase) && r.variant === variant)?.result.answers.map((a) => a.ms) ?? [],
    ).p95;
  const main = variants[0]!.name;
  console.log(
    `\n${label} (${main}): steady p95 ${ms(p95Of('steady', main))} ms, after new catches p95 ${ms(p95Of('after', main))} ms, ` +
      `cold p95 ${ms(p95Of('cold', main))} ms (budget p95 ≤ ${BUDGET_P95_MS} ms at 5 M catches)`,
  );
  return ok;
}

requireBuild('ssr-pages');
let ok = true;
if (ONLY !== 'postgres') ok = (await bench('sqlite')) && ok;
if (ONLY !== 'sqlite') {
  if (await reachable(pgUrl)) ok = (await bench('postgres')) && ok;
  else console.log(`PostgreSQL: skipped (${pgUrl} is not reachable)`);
}
if (!ok) process.exitCode = 1;
