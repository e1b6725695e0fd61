/**
 * Heat map and bait guide latency on the paths players meet (issue 20; budgets in docs/design.md §6): at N catches
 * (default 1 M; the budget's size is 5 M), over HTTP with brotli, every view — each map × {all fish, each fish that
 * lives on it} × {all star types, each} × {1d, 3d, 7d, 30d}, and for the bait guide every fish × {all maps, each map
 * it lives on} × {guide, detail} — asked once each in a shuffled order:
 *
 * 1. **cold**: the first request of each view after a start (the app built afresh: nothing kept in memory);
 * 2. **kept**: the same views again (answers kept while they hold: the fast path, not the budget);
 * 3. **while ingesting**: after another start, each view once while the logger simulator uploads `--rate` reports/s
 *    (each batch changes most maps, so kept answers are dropped all the time);
 * 4. **naive**: `count(*) … group by cell` over the raw catches for the views a player opens first (each map × {all
 *    fish, its busiest fish} × each range; in-process, the first run of each, as the cold path's), beside the cold
 *    path's figures for the same views.
 *
 * Figures are the server's own time (Fastify's `elapsedTime`: request in to the last byte of the compressed answer
 * out) and the client's (fetch to the last byte, decompressed, in a worker thread of this process: a player's browser
 * is not in the server's heap, and with the client on the server's thread its garbage-collection pauses were counted
 * as the server's, up to 108 ms while ingesting where the server alone paused 19–30 ms). The database is the demo world
 * seeded to N catches: SQLite in `data/bench-heat-<N>/`, PostgreSQL in schema `bench_heat_<N>` (seeded on first use,
 * reused later). Each run first removes what earlier runs' simulators uploaded.
 *
 *   npx tsx scripts/bench/heatmap.ts [--catches 1000000] [--rate 1000] [--only sqlite|postgres]
 *     [--phases cold,kept,ingesting] [--seed-only yes]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrator';
import { seedDemoWorld } from '../../src/server/demo/seed-demo-world';
import { createRng } from '../../src/server/demo/prng';
import type { Services } from '../../src/server/services';
import { cellSql, DAY_MS, gridOf } from '../../src/server/catch-store/catch-reads';
import { option, reachable, removeUploads } from './lib/bench-helpers';

const CATCHES = Number(option('catches', '1000000'));
const RATE = Number(option('rate', '1000'));
const ONLY = option('only', '');
/** `--phases cold,kept,ingesting` (the default: all three; the naive baseline goes with `cold`). */
const PHASES = new Set(option('phases', 'cold,kept,ingesting').split(','));
/** `--seed-only yes`: seed (or check) the world and stop. */
const SEED_ONLY = option('seed-only', '') !== '';
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const label = `${CATCHES / 1_000_000}m`.replace('.', '_');
const root = path.resolve(import.meta.dirname, '../..');
const RANGES = ['1d', '3d', '7d', '30d'] as const;

interface View {
  route: 'heatmap' | 'bait-guide' | 'bait-guide/detail';
  query: Record<string, string | number>;
  /** The summary row it counts in. */
  group: string;
}

interface Timing {
  view: View;
  server: number;
  client: number;
}

/** The server's time of each request (Fastify's `elapsedTime`), by the `x-bench-seq` header the client sends. */
const serverMs = new Map<string, number>();

const urlOf = (base: string, view: View) =>
  `${base}/api/${view.route}?${new URLSearchParams(Object.entries(view.query).map(([k, v]): [string, string] => [k, String(v)]))}`;

/**
 * The client: asks each URL in turn (brotli, the body read to its end) and answers each one's latency. It runs in a
 * worker thread, as a player's browser runs apart from the server: its own heap, so its garbage (answers, fetch's
 * streams) is not collected in the server's pauses, while it still shares the machine's two cores.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const times = [];
  for (let i = 0; i < workerData.urls.length; i++) {
    const started = performance.now();
    const res = await fetch(workerData.urls[i], { headers: { 'accept-encoding': 'br', 'x-bench-seq': String(i) } });
    const body = await res.arrayBuffer();
    if (res.status !== 200)
      throw new Error(workerData.urls[i] + ' answered ' + res.status + ' ' + Buffer.from(body).toString().slice(0, 200));
    times.push(performance.now() - started);
  }
  parentPort.postMessage(times);
})();
`;

async function askAll(base: string, views: readonly View[]): Promise<Timing[]> {
  serverMs.clear();
  const client = new Worker(CLIENT, { eval: true, workerData: { urls: views.map((view) => urlOf(base, view)) } });
  const times = await new Promise<number[]>((resolve, reject) => {
    client.once('message', resolve);
    client.once('error', reject);
  });
  await client.terminate();
  return views.map((view, i) => ({ view, server: serverMs.get(String(i))!, client: times[i]! }));
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = createRng(seed).next;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? NaN };
}

const ms = (n: number) => n.toFixed(1);

/** Every view of the heat map and the bait guide, from the catalogue. */
async function allViews(db: Db, services: Services): Promise<View[]> {
  const catalogue = await services.catalogue.view();
  const stars = await db.kysely.selectFrom('heat_cell_day').select('star_type').distinct().execute();
  const fish = [...catalogue.fish.values()];
  const views: View[] = [];
  for (const map_id of catalogue.maps.keys())
    for (const fish_id of [undefined, ...fish.filter((f) => f.data.maps.includes(map_id)).map((f) => f.id)])
      for (const star_type of [undefined, ...stars.map((s) => s.star_type)])
        for (const range of RANGES)
          views.push({
            route: 'heatmap',
            query: {
              map_id,
              range,
              ...(fish_id !== undefined && { fish_id }),
              ...(star_type !== undefined && { star_type }),
            },
            group: `heatmap ${fish_id === undefined ? 'all fish' : 'one fish'} ${range}`,
          });
  for (const f of fish)
    for (const map_id of [undefined, ...f.data.maps])
      for (const route of ['bait-guide', 'bait-guide/detail'] as const)
        views.push({
          route,
          query: { fish_id: f.id, ...(map_id !== undefined && { map_id }) },
          group: `${route} ${map_id === undefined ? 'all maps' : 'one map'}`,
        });
  return views;
}

function startLogger(base: string): ChildProcess {
  const cli = path.join(root, 'src/server/demo/logger-cli.ts');
  // 4 batches in flight of 100 items, every backlog ending up to an hour ago: each batch changes today's counts on most
  // maps. Each logger fishes at a human pace, so there are `RATE × 20` of them (decision 0039).
  // Long enough for the pass (about 70 s at 5 M): the simulator registers the loggers the whole run needs first.
  const args = ['--url', base, '--clients', '4', '--batch', '100', '--rate', String(RATE), '--duration', '180'];
  return spawn('npx', ['tsx', cli, ...args, '--late', '1', '--late-hours', '1'], { stdio: 'ignore', detached: true });
}

/** The app as the server starts it (server.ts): rollup complete, today's windows built; listening on a free port. */
async function start(env: Record<string, string>, pgSchema: string | undefined) {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    // The logger's registrations (one address, thousands of loggers), and its catches counted by the default views
    // at once, as established players' are: what the reads measured here count under uploads (decision 0039).
    AUTH_IP_PER_MINUTE: '1000000',
    LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '1000000',
    LOGGER_PROBATION_HOURS: '0',
    // PG_PREPARE_AFTER=0 in the bench's environment measures PostgreSQL without prepared statements (decision 0042).
    ...(process.env.PG_PREPARE_AFTER !== undefined && { PG_PREPARE_AFTER: process.env.PG_PREPARE_AFTER }),
    ...env,
  });
  const db = await openDatabase(config.database, { pgSchema });
  const { app, services } = await buildApp({ config, db, logger: false });
  app.addHook('onResponse', async (request, reply) => {
    const seq = request.headers['x-bench-seq'];
    if (typeof seq === 'string') serverMs.set(seq, reply.elapsedTime);
  });
  await services.catalogue.refresh();
  await services.heatRollups.ensureComplete();
  const windowsStarted = performance.now();
  const built = await services.heatRollups.ensureWindows();
  const windowsMs = performance.now() - windowsStarted;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, services, base, built, windowsMs };
}

/**
 * Each view once, in a shuffled order. Beside the timings, what held the server's event loop (the client runs in its
 * worker): the longest event-loop delay and the longest garbage-collection pause of the server's thread.
 */
async function pass(base: string, views: readonly View[], seed: number): Promise<Timing[]> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longestGc = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  delay.enable();
  const timings = await askAll(base, shuffled(views, seed));
  delay.disable();
  gc.disconnect();
  console.log(
    `\n(event loop delay during the pass: p99 ${ms(delay.percentile(99) / 1e6)} ms, max ${ms(delay.max / 1e6)} ms; longest GC pause ${ms(longestGc)} ms)`,
  );
  return timings;
}

function report(title: string, timings: readonly Timing[]): { p95: number; max: number } {
  console.log(`\n${title}\n`);
  console.log('| views | n | server p50 | server p95 | server max | client p50 | client p95 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const groups = new Map<string, Timing[]>();
  for (const t of timings) groups.set(t.view.group, [...(groups.get(t.view.group) ?? []), t]);
  const line = (name: string, list: readonly Timing[]) => {
    const server = stats(list.map((t) => t.server));
    const client = stats(list.map((t) => t.client));
    console.log(
      `| ${name} | ${server.n} | ${ms(server.p50)} | ${ms(server.p95)} | ${ms(server.max)} | ${ms(client.p50)} | ${ms(client.p95)} |`,
    );
    return server;
  };
  for (const [name, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) line(name, list);
  const heat = line(
    '**heat map, every view**',
    timings.filter((t) => t.view.route === 'heatmap'),
  );
  const guide = line(
    '**bait guide, every view**',
    timings.filter((t) => t.view.route !== 'heatmap'),
  );
  return { p95: Math.max(heat.p95, guide.p95), max: Math.max(heat.max, guide.max) };
}

/**
 * The naive heat map — every catch of the view grouped by cell, the first run of each (as the cold path's) — for the
 * views a player opens first: each map × {all fish, its busiest fish over 30 days} × each range, all star types.
 */
async function naive(db: Db, services: Services, cold: readonly Timing[]) {
  const catalogue = await services.catalogue.view();
  const grids = new Map([...catalogue.maps].map(([id, map]) => [id, gridOf(map.data.bounds)]));
  const perMap = await db.kysely
    .selectFrom('catch')
    .select(['map_id', 'fish_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('caught_at', '>=', Date.now() - 30 * DAY_MS)
    .groupBy(['map_id', 'fish_id'])
    .execute();
  const busiest = new Map<number, { fish_id: number; n: number }>();
  for (const row of perMap)
    if (Number(row.n) > (busiest.get(row.map_id)?.n ?? -1))
      busiest.set(row.map_id, { fish_id: row.fish_id, n: Number(row.n) });
  const sample: Record<string, number | string>[] = [];
  for (const map_id of catalogue.maps.keys())
    for (const fish_id of [undefined, busiest.get(map_id)?.fish_id])
      for (const range of RANGES) sample.push({ map_id, range, ...(fish_id !== undefined && { fish_id }) });
  const times: number[] = [];
  for (const query of shuffled(sample, 7)) {
    const { map_id, fish_id, range } = query;
    const to = Date.now();
    const from = to - Number.parseInt(String(range)) * DAY_MS;
    const conditions = [sql`map_id = ${map_id}`, sql`caught_at >= ${from}`, sql`caught_at < ${to}`];
    if (fish_id !== undefined) conditions.push(sql`fish_id = ${fish_id}`);
    const started = performance.now();
    await sql`select ${cellSql(db.dialect, grids.get(Number(map_id))!)} as cell, count(*) from catch
      where ${sql.join(conditions, sql` and `)} group by 1`.execute(db.kysely);
    times.push(performance.now() - started);
  }
  const key = (query: Record<string, number | string>) => JSON.stringify(Object.entries(query).sort());
  const inSample = new Set(sample.map(key));
  const same = cold.filter((t) => t.view.route === 'heatmap' && inSample.has(key(t.view.query)));
  const design = stats(same.map((t) => t.server));
  const base = stats(times);
  console.log(
    `\nnaive GROUP BY over the raw catches: ${sample.length} views (each map × all fish and its busiest fish × each range)\n`,
  );
  console.log('| path | n | p50 | p95 | max |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    `| naive query (in-process, first run) | ${base.n} | ${ms(base.p50)} | ${ms(base.p95)} | ${ms(base.max)} |`,
  );
  console.log(
    `| cold, same views (over HTTP) | ${design.n} | ${ms(design.p50)} | ${ms(design.p95)} | ${ms(design.max)} |`,
  );
  console.log(`\np95 ratio naive / cold: ${(base.p95 / design.p95).toFixed(1)}× (budget ≥ 10×)`);
  // What the ratio's tail is made of: the slowest of the same views on the cold path.
  const slowest = [...same].sort((a, b) => b.server - a.server).slice(0, 10);
  console.log(
    `slowest of them, cold: ${slowest.map((t) => `${ms(t.server)} ${JSON.stringify(t.view.query)}`).join('; ')}`,
  );
}

async function bench(name: string, env: Record<string, string>, pgSchema?: string): Promise<void> {
  const seedConfig = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DEMO_DATA: 'off', ...env });
  const seedDb = await openDatabase(seedConfig.database, { pgSchema });
  await migrateToLatest(seedDb);
  const seeded = Date.now();
  const result = await seedDemoWorld(seedDb.kysely, {
    mediaDir: path.join(seedConfig.dataDir, 'media'),
    catches: CATCHES,
    progress: (done, total) =>
      process.stdout.write(`\r${name}: seeding ${done.toLocaleString('en')} / ${total.toLocaleString('en')}   `),
  });
  if (result.activity) console.log(`\n${name}: seeded in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
  await seedDb.close();
  if (SEED_ONLY) return;

  // 1–2. Cold after a start, then kept.
  let server = await start(env, pgSchema);
  await removeUploads(server.db, server.services.heatRollups);
  // PostgreSQL's autovacuum keeps statistics and the visibility map current in production; the test server runs
  // with it off, so the bench does once what it would have done after the seeding.
  if (server.db.dialect === 'postgres')
    await sql`vacuum analyze catch, heat_cell_day, heat_map_version, heat_cell_window, heat_window_packed`.execute(
      server.db.kysely,
    );
  const views = await allViews(server.db, server.services);
  await server.app.close();
  server = await start(env, pgSchema);
  console.log(
    `\n## ${name}, ${CATCHES.toLocaleString('en')} catches: ${views.length.toLocaleString('en')} views` +
      ` (windows built at start: ${server.built} maps in ${ms(server.windowsMs)} ms)`,
  );
  let budget = { p95: NaN, max: NaN };
  if (PHASES.has('cold')) {
    const cold = await pass(server.base, views, 1);
    budget = report(`### ${name}: cold — the first request of each view after a start`, cold);
    await naive(server.db, server.services, cold);
  }
  if (PHASES.has('kept'))
    report(`### ${name}: kept — each view again, nothing uploading`, await pass(server.base, views, 2));
  await server.app.close();
  if (!PHASES.has('ingesting')) {
    console.log(`\n${name}: cold p95 ${ms(budget.p95)} / max ${ms(budget.max)} ms (budget p95 ≤ 20, max ≤ 50)`);
    return;
  }

  // 3. While ingesting, after another start.
  server = await start(env, pgSchema);
  const count = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('catch')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const logger = RATE > 0 ? startLogger(server.base) : null;
  // The pass starts once the uploads do (after the simulator's registrations), at most 60 s later.
  const initial = await count();
  for (let waited = 0; logger && waited < 60_000 && (await count()) === initial; waited += 500)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const before = await count();
  const started = Date.now();
  const busy = report(
    `### ${name}: while ingesting — after another start, each view once while the simulator uploads ~${RATE}/s`,
    await pass(server.base, views, 3),
  );
  const seconds = (Date.now() - started) / 1000;
  const added = (await count()) - before;
  if (logger) {
    process.kill(-logger.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log(
    `\nuploaded meanwhile: ${added.toLocaleString('en')} catches in ${seconds.toFixed(0)} s (${Math.round(added / seconds)}/s)`,
  );
  await removeUploads(server.db, server.services.heatRollups);
  await server.services.heatRollups.ensureWindows();
  await server.app.close();
  console.log(
    `\n${name}: cold p95 ${ms(budget.p95)} / max ${ms(budget.max)} ms; while ingesting p95 ${ms(busy.p95)} / max ${ms(busy.max)} ms (budget p95 ≤ 20, max ≤ 50)`,
  );
}

if (ONLY !== 'postgres') await bench('SQLite', { DATA_DIR: path.join(root, `data/bench-heat-${label}`) });
if (ONLY !== 'sqlite') {
  if (await reachable(pgUrl))
    await bench(
      'PostgreSQL',
      { DATA_DIR: path.join(root, `data/bench-heat-${label}-pg`), DATABASE_URL: pgUrl },
      `bench_heat_${label}`,
    );
  else console.log(`PostgreSQL: skipped (${pgUrl} is not reachable)`);
}
