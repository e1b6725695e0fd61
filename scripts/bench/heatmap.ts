/**
 * Heat map and bait guide latency at scale (issue 10; budget: p95 ≤ 20 ms at 5 M catches on SQLite and PostgreSQL,
 * for every filter combination, while ingestion runs). The database is the demo world seeded through the catch writer
 * (so the rollup is there, as in production): SQLite in `data/bench-heat-<N>/`, PostgreSQL in schema `bench_heat_<N>`
 * of BENCH_DATABASE_URL / TEST_DATABASE_URL / the local test database. A first run seeds it (minutes at 5 M); later
 * runs reuse it. The built app listens on a free port, the logger simulator uploads meanwhile, and every combination
 * is asked over HTTP; p50/p95 per combination, beside the same answers counted every time (no kept answers: the path
 * right after a batch changed the map) and the naive GROUP BY over the raw catches (the baseline).
 *
 *   npx tsx scripts/bench/heatmap.ts [--catches 1000000] [--samples 15] [--rate 1000] [--loggers 4] [--batch 100]
 *     [--only sqlite|postgres]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrator';
import { seedDemoWorld } from '../../src/server/demo/seed-demo-world';
import { BaitGuideRepository } from '../../src/server/features/bait-guide/bait-guide.repository';
import { BaitGuideService } from '../../src/server/features/bait-guide/bait-guide.service';
import { cellSql, DAY_MS, gridOf } from '../../src/server/catch-store/catch-reads';
import type { HeatRollups } from '../../src/server/catch-store/catch-store';
import { HeatmapRepository } from '../../src/server/features/heatmap/heatmap.repository';
import { HeatmapService } from '../../src/server/features/heatmap/heatmap.service';
import { option, reachable } from './lib/bench-helpers';

const CATCHES = Number(option('catches', '1000000'));
const SAMPLES = Number(option('samples', '15'));
const RATE = Number(option('rate', '1000'));
/** Uploads as many loggers send them: small batches, often (each one changes the maps it counts into). */
const BATCH = option('batch', '100');
const LOGGERS = option('loggers', '4');
const ONLY = option('only', '');
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const label = `${CATCHES / 1_000_000}m`.replace('.', '_');
const root = path.resolve(import.meta.dirname, '../..');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** The server's own time for the last read (Fastify's `elapsedTime`: request in to answer sent), set by a hook. */
let lastServerMs = 0;

/** One request: the server's time, and the client's (which adds fetch, decompression and this process's load). */
async function timed(url: string): Promise<{ server: number; client: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { server: lastServerMs, client: performance.now() - started };
}

async function sample(url: string, samples = SAMPLES): Promise<{ p50: number; p95: number; client: number }> {
  await timed(url); // warm the statement and page caches
  const server: number[] = [];
  const client: number[] = [];
  for (let i = 0; i < samples; i++) {
    const time = await timed(url);
    server.push(time.server);
    client.push(time.client);
  }
  server.sort((a, b) => a - b);
  client.sort((a, b) => a - b);
  return { p50: percentile(server, 0.5), p95: percentile(server, 0.95), client: percentile(client, 0.5) };
}

/** In-process p50/p95 of a call (the first discarded): a service's counted path, or a bare query. */
async function timeInProcess(run: () => Promise<unknown>, samples = SAMPLES): Promise<{ p50: number; p95: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** Catches per (map, fish) over the last 30 days, from the rollup and the raw table: the busy and the rare. */
async function pickSubjects(db: Db) {
  const since = Date.now() - 30 * DAY_MS;
  const maps = await db.kysely
    .selectFrom('heat_cell_day')
    .select(['map_id', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('day', '>=', Math.floor(since / DAY_MS))
    .groupBy('map_id')
    .orderBy('n', 'desc')
    .execute();
  const busyMap = maps[0]!.map_id;
  const quietMap = maps[Math.floor(maps.length / 2)]!.map_id;
  const fish = await db.kysely
    .selectFrom('catch')
    .select(['fish_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('map_id', '=', busyMap)
    .where('caught_at', '>=', Date.now() - 3 * DAY_MS)
    .groupBy('fish_id')
    .orderBy('n', 'desc')
    .execute();
  return { busyMap, quietMap, busyFish: fish[0]!.fish_id, rareFish: fish[fish.length - 1]!.fish_id };
}

function startLogger(base: string): ChildProcess {
  const cli = path.join(root, 'src/server/demo/logger-cli.ts');
  // Every catch up to an hour late, the load the recorded figures were measured with (docs/BENCHMARKS.md): each
  // batch then changes today's counts on most maps, so kept answers are dropped all the time.
  const late = ['--late', '1', '--late-hours', '1'];
  const args = [
    '--url',
    base,
    '--clients',
    LOGGERS,
    '--batch',
    BATCH,
    '--rate',
    String(RATE),
    '--duration',
    '3600',
    ...late,
  ];
  return spawn('npx', ['tsx', cli, ...args], {
    stdio: 'ignore',
    detached: true,
  });
}

/**
 * Removes what the logger simulator uploaded (this run's, and any earlier run's that was cut short), so every run
 * measures the same database: the seeded N catches over 90 days. Their days of the rollup are recounted.
 */
async function removeUploads(db: Db, rollups: HeatRollups): Promise<void> {
  const simulated = db.kysely.selectFrom('logger_client').select('client_id').where('version', '=', 'simulator');
  const span = await db.kysely
    .selectFrom('catch')
    .select((eb) => [eb.fn.min('caught_at').as('first'), eb.fn.max('caught_at').as('last')])
    .where('client_id', 'in', simulated)
    .executeTakeFirstOrThrow();
  if (span.first === null || span.last === null) return;
  await db.kysely.deleteFrom('catch').where('client_id', 'in', simulated).execute();
  await db.kysely.deleteFrom('sale').where('client_id', 'in', simulated).execute();
  await rollups.rebuild([Math.floor(Number(span.first) / DAY_MS), Math.floor(Number(span.last) / DAY_MS) + 1]);
}

async function bench(name: string, env: Record<string, string>, pgSchema?: string): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DEMO_DATA: 'off', ...env });
  const db = await openDatabase(config.database, { pgSchema });
  await migrateToLatest(db);
  const started = Date.now();
  const seeded = await seedDemoWorld(db.kysely, {
    mediaDir: path.join(config.dataDir, 'media'),
    images: false,
    catches: CATCHES,
    progress: (done, total) =>
      process.stdout.write(`\r${name}: seeding ${done.toLocaleString('en')} / ${total.toLocaleString('en')}   `),
  });
  if (seeded.activity) console.log(`\n${name}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const { app, services } = await buildApp({ config, db, logger: false });
  app.addHook('onResponse', async (request, reply) => {
    if (/^\/api\/(heatmap|bait-guide)/.test(request.url)) lastServerMs = reply.elapsedTime;
  });
  await services.catalogue.refresh();
  await services.heatRollups.ensureComplete();
  await removeUploads(db, services.heatRollups);
  // PostgreSQL's autovacuum keeps the statistics and the visibility map (index-only scans) current in production; the
  // test server here runs with autovacuum off, so the bench does once what it would have done after the seeding.
  if (db.dialect === 'postgres') await sql`vacuum analyze catch, heat_cell_day, heat_map_version`.execute(db.kysely);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const subjects = await pickSubjects(db);
  // --rate 0: no uploads meanwhile (the reads alone).
  const logger = RATE > 0 ? startLogger(base) : null;
  if (logger) await new Promise((resolve) => setTimeout(resolve, 3000));

  console.log(
    `\n${name}, ${CATCHES.toLocaleString('en')} catches, ${RATE > 0 ? `logger uploading ~${RATE}/s meanwhile` : 'no uploads meanwhile'}`,
  );
  // The same answers counted every time (no kept answers; the whole-day sums warm, as in the app): what a request
  // costs right after a batch changed its map, measured in-process.
  const counted = {
    heatmap: new HeatmapService(new HeatmapRepository(db.reads, db.dialect), services.catalogue, Date.now, false),
    baitGuide: new BaitGuideService(new BaitGuideRepository(db.reads, db.dialect), Date.now, false),
  };
  let worstCounted = 0;
  console.log(
    '| map | fish | star | range | server p50 ms | server p95 ms | client p50 ms | counted p50 ms | counted p95 ms | naive GROUP BY p50 ms |',
  );
  console.log('|---|---|---|---|---:|---:|---:|---:|---:|---:|');
  const view = await services.catalogue.view();
  let worst = 0;
  // What the uploads really added while the reads ran (the budget holds "while ingestion keeps running").
  const countCatches = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('catch')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const readsStarted = Date.now();
  const catchesBefore = await countCatches();
  for (const [mapName, mapId] of [
    ['busiest', subjects.busyMap],
    ['median', subjects.quietMap],
  ] as const) {
    const grid = gridOf(view.maps.get(mapId)!.data.bounds);
    for (const [fishName, fishId] of [
      ['all', undefined],
      ['busiest', subjects.busyFish],
      ['rarest', subjects.rareFish],
    ] as const) {
      if (fishId !== undefined && mapName !== 'busiest') continue;
      for (const star of [undefined, 0, 452] as const) {
        for (const range of ['1d', '3d', '7d', '30d'] as const) {
          let url = `${base}/api/heatmap?map_id=${mapId}&range=${range}`;
          if (fishId !== undefined) url += `&fish_id=${fishId}`;
          if (star !== undefined) url += `&star_type=${star}`;
          const { p50, p95, client } = await sample(url);
          worst = Math.max(worst, p95);
          const query = { map_id: mapId, fish_id: fishId, star_type: star, range };
          const count = await timeInProcess(() => counted.heatmap.heatmap(query));
          worstCounted = Math.max(worstCounted, count.p95);
          let naive = '';
          if (fishId === undefined && star === undefined) {
            const to = Date.now();
            const from = to - Number.parseInt(range) * DAY_MS;
            const { p50: ms } = await timeInProcess(
              () =>
                sql`select ${cellSql(db.dialect, grid)} as cell, count(*) from catch where map_id = ${mapId} and caught_at >= ${from} and caught_at < ${to} group by 1`.execute(
                  db.kysely,
                ),
              3,
            );
            naive = ms.toFixed(1);
          }
          console.log(
            `| ${mapName} | ${fishName} | ${star ?? 'all'} | ${range} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${client.toFixed(1)} | ${count.p50.toFixed(1)} | ${count.p95.toFixed(1)} | ${naive} |`,
          );
        }
      }
    }
  }
  console.log(
    `\n| bait guide | fish | map | server p50 ms | server p95 ms | client p50 ms | counted p50 ms | counted p95 ms |`,
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|');
  for (const route of ['bait-guide', 'bait-guide/detail'] as const) {
    for (const [fishName, fishId] of [
      ['busiest', subjects.busyFish],
      ['rarest', subjects.rareFish],
    ] as const) {
      for (const map of [undefined, subjects.busyMap]) {
        const url = `${base}/api/${route}?fish_id=${fishId}${map === undefined ? '' : `&map_id=${map}`}`;
        const { p50, p95, client } = await sample(url);
        worst = Math.max(worst, p95);
        const query = { fish_id: fishId, map_id: map };
        const count = await timeInProcess(() =>
          route === 'bait-guide' ? counted.baitGuide.guide(query) : counted.baitGuide.detail(query),
        );
        worstCounted = Math.max(worstCounted, count.p95);
        console.log(
          `| ${route} | ${fishName} | ${map === undefined ? 'all' : 'busiest'} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${client.toFixed(1)} | ${count.p50.toFixed(1)} | ${count.p95.toFixed(1)} |`,
        );
      }
    }
  }
  const seconds = (Date.now() - readsStarted) / 1000;
  const added = (await countCatches()) - catchesBefore;
  console.log(
    `\n${name}: worst server p95 ${worst.toFixed(1)} ms (budget 20 ms), worst counted p95 ${worstCounted.toFixed(1)} ms; uploads meanwhile: ${added.toLocaleString('en')} catches in ${seconds.toFixed(0)} s (${Math.round(added / seconds)}/s)`,
  );
  if (logger) {
    process.kill(-logger.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await removeUploads(db, services.heatRollups);
  await app.close();
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
