/**
 * Mixed load (issue 22; budget: read p99 ≤ 50 ms and no error, on each target): for `--seconds` (60), visitors'
 * reads at a fixed `--rate` (200/s) while the logger simulator uploads `--reports` (2,000) catch reports/s, on the
 * demo world seeded to `--catches` (1 M; lib/bench-world.ts, a world of its own named `mixed`).
 *
 *   npx tsx scripts/bench/mixed-load.ts [--target sqlite|postgres|proxy|all] [--seconds 60] [--rate 200]
 *     [--reports 2000] [--loggers 50] [--batch 40] [--connections 200] [--catches 1000000] [--warmup 10]
 *     [--log-level info] [--cpu-prof DIR]
 *     [--seed-only yes]
 *   (part of `npm run bench`, every target; needs `npm run build` first, and nginx for `proxy`)
 *
 * - `sqlite`: one instance on the world's SQLite file, no Redis.
 * - `postgres`: one instance on the world's PostgreSQL schema, with Redis (a key prefix of its own).
 * - `proxy`: two instances on that schema and Redis behind nginx (scripts/lib/nginx-proxy.ts), TRUST_PROXY=1.
 *
 * The servers are the built `dist/server/server.js` (scripts/lib/built-server.ts), each in a process of its own, logging at
 * `info` to a file as in production: not in this process, whose load generator would otherwise share their event
 * loop and heap. The simulator (`npm run logger`, paced to the rate, `--loggers` loggers sending `--batch` catches
 * each) is a third process, as loggers are other machines. The reads are autocannon's, here: `--connections`
 * single-connection autocannon runs, each at rate/connections requests a second, started 1/connections of a second
 * apart. autocannon's own pacing sends a connection's quota for the second back to back when the second begins, and
 * all its connections' seconds begin together, so one run at 200/s would be a burst of 200 requests each second;
 * staggered runs spread them evenly, as visitors arrive. Latency is each answer's own (request written to last byte
 * read), not autocannon's "corrected" histogram, whose expected interval (1 / rate ms) is far below a real one.
 *
 * The reads are a visitor's walk, from the world's catalogue (weights in `WALK`): the home page (the base
 * configuration's category list, the map's fish, the heat map: the busiest maps most often, fish and star filters,
 * the four ranges), the bait guide (and its details) for many fish, the fish encyclopedia's top baits, the bait list
 * by letter, and both log lists (first pages mostly, some filters). Each with the Accept-Encoding a browser sends.
 * Errors are answers other than 2xx/304 and socket errors or time-outs; on the ingestion side, batches retried (5xx,
 * 429, 503) or given up. What the simulator uploaded is removed before and after each run, so runs meet the same world.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { CategoryList } from '#shared/contracts/catalogue';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { createRng, type Rng } from '../../src/server/demo/prng';
import { latencySummary, numberOption, option, reachable, removeUploads } from './lib/bench-helpers';
import { type BenchDialect, type BenchWorld, ensureBenchWorld } from './lib/bench-world';
import { unusedPort } from '../../src/server/test/unused-port';
import { BuiltServer, requireBuild } from '../lib/built-server';
import { ensureNginx, NginxProxy } from '../lib/nginx-proxy';
import { bucketOf, durationDelta, type Samples, scrapeMetrics } from './lib/server-metrics';
import { processCpuMs, startVmstat } from './lib/thread-usage';

const TARGETS = option('target', 'all');
const SECONDS = numberOption('seconds', 60);
const RATE = numberOption('rate', 200);
const REPORTS = numberOption('reports', 2000);
const LOGGERS = numberOption('loggers', 50);
const BATCH = numberOption('batch', 40);
const CONNECTIONS = numberOption('connections', 200);
const CATCHES = numberOption('catches', 1_000_000);
/** Seconds of the same load before the measured ones: a server that has run a while, its code compiled. */
const WARMUP = numberOption('warmup', 10);
const LOG_LEVEL = option('log-level', 'info');
/** `--cpu-prof DIR`: each server writes a V8 CPU profile there when it stops (where its event loop went). */
const CPU_PROF = option('cpu-prof', '');
/** `--seed-only yes`: seed (or check) the targets' worlds and stop. */
const SEED_ONLY = option('seed-only', '') !== '';
const P99_BUDGET_MS = 50;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const simulatorCli = path.resolve(import.meta.dirname, '../../src/server/demo/logger-cli.ts');
/** What Chrome sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

type Target = 'sqlite' | 'postgres' | 'proxy';

/** A visitor's walk: each read's share of the requests (they add up to 100). */
const WALK = {
  categoryList: 12, // every page's base configuration (all five groups)
  fishesByMap: 8, // the home page's fish filter for the map shown
  heatmap: 30, // the home page: a map, a range, sometimes a fish or a star type
  baitGuide: 10,
  baitGuideDetail: 4,
  baitGuideTop: 6, // the fish encyclopedia's top baits, on all maps or one
  baits: 8, // the bait list, by letter and page
  birdLogs: 12,
  officialLogs: 10,
} as const;
type Read = keyof typeof WALK;

interface Walk {
  next(rng: Rng): { read: Read; path: string };
}

/** The walk's URLs from the catalogue the server publishes and the world's busiest maps. */
async function visitorWalk(base: string, busiestMaps: number[]): Promise<Walk> {
  const groups = ['fish', 'maps', 'baits', 'star_type'].map((g) => `category_group=${g}`).join('&');
  const res = await fetch(`${base}/api/system/get_category_list?${groups}`);
  const list = ((await res.json()) as { category_list: CategoryList }).category_list;
  const maps = (list.maps ?? []).map((m) => m.id);
  const fish = list.fish ?? [];
  const stars = (list.star_type ?? []).map((s) => s.id);
  const fishOn = (map: number) => fish.filter((f) => f.data.maps.includes(map)).map((f) => f.id);
  /** A fish of the map, when the coin says so and the map has any. */
  const someFish = (rng: Rng, map: number, share: number) => {
    const ids = fishOn(map);
    return ids.length > 0 && rng.chance(share) ? rng.pick(ids) : undefined;
  };
  // Visitors open the busy maps most: 70 % of the map choices among the four busiest.
  const pickMap = (rng: Rng) => (rng.chance(0.7) ? rng.pick(busiestMaps.slice(0, 4)) : rng.pick(maps));
  const ranges = ['1d', '3d', '7d', '7d', '7d', '30d'];
  const q = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  const since = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const build: Record<Read, (rng: Rng) => string> = {
    categoryList: () =>
      `/api/system/get_category_list?${['fish', 'maps', 'baits', 'star_type', 'fish_way'].map((g) => `category_group=${g}`).join('&')}`,
    fishesByMap: (rng) => `/api/system/get_fishes_by_map_id?map_id=${pickMap(rng)}`,
    heatmap: (rng) => {
      const map = pickMap(rng);
      return `/api/heatmap?${q({
        map_id: map,
        range: rng.pick(ranges),
        fish_id: someFish(rng, map, 0.4),
        star_type: rng.chance(0.15) ? rng.pick(stars) : undefined,
      })}`;
    },
    baitGuide: (rng) => {
      const f = rng.pick(fish);
      return `/api/bait-guide?${q({ fish_id: f.id, map_id: rng.chance(0.3) ? rng.pick(f.data.maps) : undefined })}`;
    },
    baitGuideDetail: (rng) => {
      const f = rng.pick(fish);
      return `/api/bait-guide/detail?${q({ fish_id: f.id, map_id: rng.chance(0.3) ? rng.pick(f.data.maps) : undefined })}`;
    },
    baitGuideTop: (rng) => `/api/bait-guide/top?${q({ map_id: rng.chance(0.5) ? pickMap(rng) : undefined })}`,
    baits: (rng) =>
      `/api/system/get_categories?${q({
        group_type: 'baits',
        page: rng.chance(0.8) ? 1 : rng.int(2, 4),
        page_size: 24,
        like_start: 'true',
        letter: rng.chance(0.5) ? String.fromCharCode(65 + rng.int(0, 25)) : undefined,
        lang: rng.pick(['en', 'zh', 'ja']),
      })}`,
    birdLogs: (rng) => {
      const filtered = rng.chance(0.35);
      const map = filtered ? pickMap(rng) : undefined;
      return `/api/logs/bird?${q({
        map_id: map,
        fish_id: map !== undefined ? someFish(rng, map, 0.5) : undefined,
        from: filtered && rng.chance(0.5) ? since(7) : undefined,
        page: rng.chance(0.8) ? 1 : rng.int(2, 5),
        page_size: 20,
      })}`;
    },
    officialLogs: (rng) =>
      `/api/logs/official?${q({
        map_id: rng.chance(0.3) ? pickMap(rng) : undefined,
        page: rng.chance(0.8) ? 1 : rng.int(2, 5),
        page_size: 20,
      })}`,
  };
  const entries = Object.entries(WALK) as [Read, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return {
    next(rng) {
      let r = rng.next() * total;
      for (const [read, weight] of entries) {
        r -= weight;
        if (r < 0) return { read, path: build[read](rng) };
      }
      return { read: 'heatmap', path: build.heatmap(rng) };
    },
  };
}

interface ReadOutcome {
  latencies: number[];
  byRead: Map<Read, number[]>;
  statusErrors: Map<string, number>;
  socketErrors: number;
  timeouts: number;
  /** The load generator's own event-loop delay p99 and max (ms): what it may have added to the latencies. */
  clientLoopP99: number;
  clientLoopMax: number;
}

/** The reads: `CONNECTIONS` single-connection autocannon runs, staggered over one second (see the header). */
/** `seed` picks the walk's URLs: the warm-up's differ from the measured ones, so it cannot prepare their answers. */
async function runReads(base: string, walk: Walk, seconds: number, seed: number): Promise<ReadOutcome> {
  const outcome: ReadOutcome = {
    latencies: [],
    byRead: new Map(),
    statusErrors: new Map(),
    socketErrors: 0,
    timeouts: 0,
    clientLoopP99: 0,
    clientLoopMax: 0,
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const perConnection = RATE / CONNECTIONS;
  const runs: Promise<void>[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const rng = createRng(seed * 1000 + i);
    // One connection, no pipelining: an answer belongs to the last request this run built.
    let current: Read = 'heatmap';
    let finished!: (error: unknown) => void;
    runs.push(new Promise<void>((resolve, reject) => (finished = (error) => (error ? reject(error) : resolve()))));
    // The callback form returns the instance (an event emitter); without it, only a promise of the totals.
    const instance = autocannon(
      {
        url: base,
        connections: 1,
        pipelining: 1,
        duration: seconds,
        connectionRate: perConnection,
        ignoreCoordinatedOmission: true,
        timeout: 10,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, accept: 'application/json' },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const next = walk.next(rng);
              current = next.read;
              return { ...request, path: next.path };
            },
          },
        ],
      },
      (error) => finished(error),
    );
    instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
      outcome.latencies.push(responseTime);
      const list = outcome.byRead.get(current) ?? [];
      list.push(responseTime);
      outcome.byRead.set(current, list);
      if (!((statusCode >= 200 && statusCode < 300) || statusCode === 304)) {
        const key = `${current} ${statusCode}`;
        outcome.statusErrors.set(key, (outcome.statusErrors.get(key) ?? 0) + 1);
      }
    });
    instance.on('reqError', (error: Error) => {
      if (/timed out/.test(error.message)) outcome.timeouts++;
      else outcome.socketErrors++;
    });
    await sleep(1000 / CONNECTIONS);
  }
  await Promise.all(runs);
  loop.disable();
  outcome.clientLoopP99 = loop.percentile(99) / 1e6;
  outcome.clientLoopMax = loop.max / 1e6;
  return outcome;
}

interface SimulatorOutcome {
  acknowledged: number;
  created: number;
  invalid: number;
  retries: number;
  failed: number;
  elapsedMs: number;
  p50: number;
  p99: number;
}

/** The logger simulator in a process of its own, paced to REPORTS/s for `seconds`. */
function startSimulator(url: string, seconds: number): { child: ChildProcess; done: Promise<SimulatorOutcome> } {
  const args = [
    '--import',
    'tsx',
    simulatorCli,
    ...['--url', url, '--clients', String(LOGGERS), '--rate', String(REPORTS), '--duration', String(seconds)],
    ...['--batch', String(BATCH), '--json'],
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const done = new Promise<SimulatorOutcome>((resolve, reject) =>
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1);
      if (!last) return reject(new Error(`the logger simulator exited with ${code} and printed nothing`));
      resolve(JSON.parse(last) as SimulatorOutcome);
    }),
  );
  return { child, done };
}

const ms = (n: number) => n.toFixed(1);
/** CPU ms of every PostgreSQL process now (its backends and background workers: the database's share of a run). */
function postgresCpuMs(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += processCpuMs(Number(pid)) ?? 0;
    } catch {
      // Gone meanwhile.
    }
  }
  return sum;
}

/**
 * Read system calls of a process's main thread (its event loop) so far: SQLite reads a page it does not hold in its
 * page cache with one `pread`, so on SQLite they count the reader connection's cache misses.
 */
function eventLoopReadCalls(pid: number): number {
  try {
    return Number(/^syscr: (\d+)$/m.exec(readFileSync(`/proc/${pid}/task/${pid}/io`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** What the servers measured themselves: reads and uploads by the histogram's buckets, their event-loop lag. */
function serverSide(before: Samples[], after: Samples[]): void {
  const pairs = before.map((b, i) => ({ before: b, after: after[i]! }));
  const reads = durationDelta(pairs, /method="GET"/);
  const uploads = durationDelta(pairs, /route="\/api\/c_report\/catches"/);
  const share = (d: typeof reads, bound: number) =>
    d.count === 0 ? '?' : `${((100 * (d.within.get(bound) ?? 0)) / d.count).toFixed(1)} %`;
  const lag = after.map(
    (s) =>
      `p99 ${((s.get('nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000).toFixed(1)} / max ` +
      `${((s.get('nodejs_eventloop_lag_max_seconds') ?? NaN) * 1000).toFixed(1)} ms`,
  );
  const routes = new Set(
    [...after[0]!.keys()]
      .filter((key) => key.startsWith('anglerdex_http_request_duration_seconds_count{method="GET"'))
      .map((key) => /route="([^"]+)"/.exec(key)![1]!),
  );
  const byRoute = [...routes].map((route) => {
    const d = durationDelta(pairs, new RegExp(`method="GET",route="${route.replace(/[/\\-]/g, '\\$&')}"`));
    return `${route} ${d.count} (p50 ${bucketOf(d, 0.5)}, p99 ${bucketOf(d, 0.99)})`;
  });
  console.log(
    `  servers' own time: reads ${reads.count} (p50 ${bucketOf(reads, 0.5)}, p99 ${bucketOf(reads, 0.99)} ms; ` +
      `${share(reads, 10)} ≤ 10 ms, ${share(reads, 50)} ≤ 50 ms); uploads ${uploads.count} (p50 ` +
      `${bucketOf(uploads, 0.5)}, p99 ${bucketOf(uploads, 0.99)} ms); event-loop lag ${lag.join('; ')}`,
  );
  console.log(`    by route, ms: ${byRoute.filter((line) => !line.includes(' 0 (')).join('; ')}`);
}

/** Removes the simulator's uploads from the world (before a run: a cut-short run's too). */
async function cleanWorld(world: BenchWorld): Promise<void> {
  const db = await openDatabase(world.config.database, { pgSchema: world.pgSchema });
  const { app, services } = await buildApp({ config: world.config, db, logger: false });
  try {
    await removeUploads(db, services.heatRollups);
  } finally {
    await app.close();
  }
}

/** The maps with the most catches, busiest first. */
async function busiestMaps(world: BenchWorld): Promise<number[]> {
  const db = await openDatabase(world.config.database, { pgSchema: world.pgSchema });
  try {
    const { rows } = await sql<{ map_id: number }>`
      select map_id from heat_cell_day group by map_id order by sum(count) desc`.execute(db.kysely);
    return rows.map((row) => Number(row.map_id));
  } finally {
    await db.close();
  }
}

async function bench(target: Target): Promise<boolean> {
  const dialect: BenchDialect = target === 'sqlite' ? 'sqlite' : 'postgres';
  const world = await ensureBenchWorld(CATCHES, dialect, { name: 'mixed' });
  await cleanWorld(world);
  const maps = await busiestMaps(world);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-mixed-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    JWT_SECRET: 'mixed-load-bench-secret-0123456789abcdef0123',
    LOG_LEVEL,
    // A demo site: the local payment provider, which production refuses unless told.
    PAYMENT_LOCAL_IN_PRODUCTION: 'true',
    LOCAL_PAYMENT_SECRET: 'mixed-load-bench-payments-0123456789abcdef',
    DEMO_DATA: 'off',
    // The simulator registers its loggers from one address, faster than a player's 20 a minute, and, each fishing at
    // a human pace, as many as the rate needs (decision 0039): thousands, far beyond an address's 10 a day.
    AUTH_IP_PER_MINUTE: '1000000',
    LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '1000000',
    ...world.env,
    ...(target !== 'sqlite' && { REDIS_URL: redisUrl, REDIS_PREFIX: `anglerdex-mixed-${process.pid}:` }),
    // PG_PREPARE_AFTER=0 in the bench's environment: PostgreSQL without prepared statements (decision 0042).
    ...(process.env.PG_PREPARE_AFTER !== undefined && { PG_PREPARE_AFTER: process.env.PG_PREPARE_AFTER }),
    ...(target === 'proxy' && { TRUST_PROXY: '1' }),
  };
  const servers: BuiltServer[] = [];
  let proxy: NginxProxy | undefined;
  const proxyDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-nginx-'));
  let simulator: ReturnType<typeof startSimulator> | undefined;
  try {
    const instances = target === 'proxy' ? 2 : 1;
    const metricsUrls: string[] = [];
    for (let i = 0; i < instances; i++) {
      // Each instance's metrics on a port of its own: the server's own latency and event-loop lag.
      const metricsPort = await unusedPort();
      metricsUrls.push(`http://127.0.0.1:${metricsPort}/metrics`);
      const port = await unusedPort();
      const server = new BuiltServer(
        `instance ${i + 1}`,
        `http://127.0.0.1:${port}`,
        { ...env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort) },
        {
          nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [],
          logFile: path.join(logDir, `server-${i + 1}.log`),
        },
      );
      await server.start(120_000);
      servers.push(server);
    }
    if (target === 'proxy') {
      const upstreams = servers.map((s) => new URL(s.url).host);
      proxy = new NginxProxy(proxyDir, await unusedPort(), upstreams, { accessLog: false });
      await proxy.start();
    }
    const base = proxy?.url ?? servers[0]!.url;
    const walk = await visitorWalk(base, maps);
    const before = loadAverage();
    // The loggers register first (a second or two), then send for the reads' whole run.
    // `--reports 0`: reads alone, to tell what the uploads add.
    if (REPORTS > 0) simulator = startSimulator(base, WARMUP + SECONDS + 8);
    await sleep(3000);
    if (WARMUP > 0) await runReads(base, walk, WARMUP, 1);
    const scrapedBefore = await Promise.all(metricsUrls.map(scrapeMetrics));
    const pids = { servers: servers.map((s) => s.pid!), simulator: simulator?.child.pid ?? 0 };
    const cpuBefore = { servers: pids.servers.map(processCpuMs), simulator: processCpuMs(pids.simulator) };
    const selfBefore = process.cpuUsage();
    const postgresBefore = postgresCpuMs();
    const readCallsBefore = pids.servers.map(eventLoopReadCalls);
    const vmstat = startVmstat();
    const started = Date.now();
    const reads = await runReads(base, walk, SECONDS, 2);
    const readSeconds = (Date.now() - started) / 1000;
    const self = process.cpuUsage(selfBefore);
    const postgresUsed = postgresCpuMs() - postgresBefore;
    const readCalls = pids.servers.map((pid, i) => eventLoopReadCalls(pid) - readCallsBefore[i]!);
    const cpuAfter = { servers: pids.servers.map(processCpuMs), simulator: processCpuMs(pids.simulator) };
    const scrapedAfter = await Promise.all(metricsUrls.map(scrapeMetrics));
    const vm = vmstat.stop(started);
    const ingest: SimulatorOutcome = simulator
      ? await simulator.done
      : { acknowledged: 0, created: 0, invalid: 0, retries: 0, failed: 0, elapsedMs: 1, p50: 0, p99: 0 };
    const after = loadAverage();

    const all = latencySummary(reads.latencies);
    const statusErrors = [...reads.statusErrors.values()].reduce((a, b) => a + b, 0);
    const errors = statusErrors + reads.socketErrors + reads.timeouts;
    const perSecond = ingest.created / (ingest.elapsedMs / 1000);
    const size =
      dialect === 'sqlite'
        ? ` (${(statSync(path.join(world.env.DATA_DIR!, 'anglerdex.db')).size / 2 ** 30).toFixed(2)} GiB file)`
        : ` (schema ${world.pgSchema})`;
    const label = {
      sqlite: 'SQLite, one instance',
      postgres: 'PostgreSQL + Redis, one instance',
      proxy: 'PostgreSQL + Redis, two instances behind nginx',
    }[target];
    console.log(
      `\n${label}: ${CATCHES.toLocaleString('en')} catches${size}; load average before ${before}, after ${after}`,
    );
    console.log(
      `  reads: ${all.n.toLocaleString('en')} in ${SECONDS} s = ${(all.n / SECONDS).toFixed(0)}/s (the last answered ` +
        `after ${readSeconds.toFixed(1)} s); ` +
        `p50 ${ms(all.p50)} / p95 ${ms(all.p95)} / p99 ${ms(all.p99)} / max ${ms(all.max)} ms; errors ${errors} ` +
        `(status ${statusErrors}, socket ${reads.socketErrors}, time-outs ${reads.timeouts})`,
    );
    for (const [key, count] of reads.statusErrors) console.log(`    ${key}: ${count}`);
    for (const read of Object.keys(WALK) as Read[]) {
      const s = latencySummary(reads.byRead.get(read) ?? []);
      console.log(
        `    ${read.padEnd(16)} n ${String(s.n).padStart(6)}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)} ms`,
      );
    }
    console.log(`  load generator's event loop: p99 ${ms(reads.clientLoopP99)} ms, max ${ms(reads.clientLoopMax)} ms`);
    serverSide(scrapedBefore, scrapedAfter);
    const wall = readSeconds * 1000;
    const pct = (a: number | null, b: number | null) =>
      a === null || b === null ? '?' : `${((100 * (b - a)) / wall).toFixed(0)} %`;
    console.log(
      `  CPU over the reads (of one core): servers ${cpuBefore.servers.map((c, i) => pct(c, cpuAfter.servers[i]!)).join(', ')}; ` +
        `simulator ${pct(cpuBefore.simulator, cpuAfter.simulator)}; PostgreSQL ${pct(0, postgresUsed)}; load generator ${((100 * (self.user + self.system)) / 1000 / wall).toFixed(0)} %` +
        (vm
          ? `; vmstat means: us ${vm.mean.us?.toFixed(0)} sy ${vm.mean.sy?.toFixed(0)} id ${vm.mean.id?.toFixed(0)} wa ${vm.mean.wa?.toFixed(0)}`
          : ''),
    );
    console.log(
      `  ingestion: ${ingest.created.toLocaleString('en')} reports in ${(ingest.elapsedMs / 1000).toFixed(1)} s = ` +
        `${perSecond.toFixed(0)} reports/s (asked ${REPORTS}); batch (${BATCH}) p50 ${ingest.p50} ms, p99 ${ingest.p99} ms; ` +
        `${LOGGERS} loggers; retries ${ingest.retries}, given up ${ingest.failed}, invalid ${ingest.invalid}`,
    );
    console.log(
      `  read calls of the servers' event loops: ${readCalls.map((n) => n.toLocaleString('en')).join(', ')} ` +
        `(${readCalls.map((n) => (n / all.n).toFixed(1)).join(', ')} per read answered)`,
    );
    const overloaded = servers.map((_, i) => {
      const log = readFileSync(path.join(logDir, `server-${i + 1}.log`), 'utf8');
      return (log.match(/SERVER_OVERLOADED/g) ?? []).length;
    });
    if (overloaded.some((n) => n > 0)) console.log(`  SERVER_OVERLOADED in the logs: ${overloaded.join(', ')}`);
    const ok = all.p99 <= P99_BUDGET_MS && errors === 0 && ingest.failed === 0 && ingest.invalid === 0;
    console.log(`  budget (read p99 ≤ ${P99_BUDGET_MS} ms, no error): ${ok ? 'met' : 'NOT met'}`);
    // The ingestion must keep up: a failure; the read budget is reported, not failed on (a busy machine adds to it).
    return ingest.failed === 0 && ingest.invalid === 0;
  } finally {
    simulator?.child.kill('SIGTERM');
    await proxy?.stop();
    rmSync(proxyDir, { recursive: true, force: true });
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await cleanWorld(world).catch((error: unknown) => console.error('removing the uploads failed:', error));
    rmSync(logDir, { recursive: true, force: true });
  }
}

const targets: Target[] = TARGETS === 'all' ? ['sqlite', 'postgres', 'proxy'] : (TARGETS.split(',') as Target[]);
let ok = true;
requireBuild('mixed load');
for (const target of targets) {
  if (target !== 'sqlite' && !(await reachable(pgUrl))) {
    console.log(`${target}: skipped (${pgUrl} is not reachable)`);
    continue;
  }
  if (target === 'proxy') ensureNginx();
  if (SEED_ONLY) await ensureBenchWorld(CATCHES, target === 'sqlite' ? 'sqlite' : 'postgres', { name: 'mixed' });
  else ok = (await bench(target)) && ok;
}
if (!ok) process.exitCode = 1;
