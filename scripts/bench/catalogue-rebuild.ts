/**
 * A catalogue change that moves a map's bounds, on a running server (issue 21, decision 0025): at N catches (default
 * 5 M, the budget's size) the busiest map's bounds are changed in the catalogue and `HeatRollups.ensureBounds()`
 * rebuilds its heat-map rollup and window sums (on the catch-commit thread for SQLite files) while a client asks the
 * server over HTTP, in a loop, for that map's heat map (1, 3, 7 and 30 days, all star types and each) and for the
 * category list. Reported: the rebuild's time, and the requests' latency (max, p99) and the event loop's longest
 * delay during it, beside the same loop before it. The budget: no read held more than 100 ms. Then the bounds are
 * put back (a second rebuild, also reported), so the world is left as it was.
 *
 * The worlds are `ensureBenchWorld`'s (scripts/bench/lib/bench-world.ts); `--name X` uses worlds of their own.
 *
 *   npx tsx scripts/bench/catalogue-rebuild.ts [--catches 5000000] [--only sqlite|postgres] [--name X]
 *     [--seed-only yes]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrator';
import { option, reachable } from './lib/bench-helpers';
import { type BenchDialect, ensureBenchWorld } from './lib/bench-world';

const CATCHES = Number(option('catches', '5000000'));
const ONLY = option('only', '');
const NAME = option('name', '');
const SEED_ONLY = option('seed-only', '') !== '';
const BUDGET_MS = 100;
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ms = (value: number) => value.toFixed(1);

interface Sample {
  /** When the request was sent (performance.now()). */
  at: number;
  ms: number;
}

/** Asks `paths` in turn until `until` resolves: each request's start and latency. */
async function askWhile(base: string, paths: readonly string[], until: Promise<unknown>): Promise<Sample[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const samples: Sample[] = [];
  for (let i = 0; !done; i++) {
    const at = performance.now();
    const res = await fetch(`${base}${paths[i % paths.length]}`, { headers: { 'accept-encoding': 'br' } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${res.status}`);
    samples.push({ at, ms: performance.now() - at });
  }
  return samples;
}

/** `| phase | requests | p99 | max | event loop max |` for the samples sent in `[from, to)`. */
function tableRow(phase: string, samples: readonly Sample[], [from, to]: [number, number], loopMaxMs: number): string {
  const times = samples
    .filter((sample) => sample.at >= from && sample.at < to)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0;
  return `| ${phase} | ${times.length} | ${ms(p99)} | ${ms(times.at(-1) ?? 0)} | ${ms(loopMaxMs)} |`;
}

const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

async function run(dialect: BenchDialect): Promise<void> {
  const world = await ensureBenchWorld(CATCHES, dialect, NAME ? { name: NAME } : {});
  if (world.seededMs) console.log(`seeded ${CATCHES.toLocaleString('en')} catches in ${ms(world.seededMs / 1000)} s`);
  if (SEED_ONLY) return;
  const db = await openDatabase(world.config.database, { pgSchema: world.pgSchema });
  await migrateToLatest(db);
  const { app, services } = await buildApp({ config: world.config, db, logger: false });
  try {
    // As server.ts starts: catalogue, rollup complete, today's windows, bounds as the catalogue has them.
    await services.catalogue.refresh();
    await services.heatRollups.ensureComplete();
    await services.heatRollups.ensureWindows();
    await services.heatRollups.ensureBounds();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    const busiest = await db.kysely
      .selectFrom('heat_cell_day')
      .select(['map_id', (eb) => eb.fn.sum<number>('count').as('n')])
      .groupBy('map_id')
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const mapId = busiest.map_id;
    const paths = [
      '/api/system/get_category_list?category_group=maps&category_group=fish&category_group=baits',
      ...['1d', '3d', '7d', '30d'].flatMap((range) =>
        ['', '&star_type=0', '&star_type=446'].map((star) => `/api/heatmap?map_id=${mapId}&range=${range}${star}`),
      ),
    ];
    const row = await db.kysely.selectFrom('category').select('data').where('id', '=', mapId).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    const original = { ...data.bounds };
    const width = original.x_max - original.x_min;
    console.log(
      `\n${dialect}, ${CATCHES.toLocaleString('en')} catches: map ${mapId}, ${Number(busiest.n).toLocaleString('en')} catches`,
    );

    const writeBounds = async (bounds: typeof original) => {
      await db.kysely
        .updateTable('category')
        .set({ data: JSON.stringify({ ...data, bounds }) })
        .where('id', '=', mapId)
        .execute();
      await services.catalogue.refresh();
    };
    /**
     * What the watcher does on a new version (catalogue-watcher.ts): reload, then ensureBounds; the client's loop
     * runs before (steady state: answers kept), from the change to the rebuild's commit, and for a second after it
     * (every view counted again: the commit drops the answers kept over the old cells).
     */
    const rebuild = async (label: string, bounds: typeof original) => {
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const steadyFrom = performance.now();
      await askWhile(base, paths, sleep(1_000));
      const before = await askWhile(base, paths, sleep(3_000));
      const loopBefore = loop.max / 1e6;
      let changed = 0;
      let committed = 0;
      let loopDuring = 0;
      let loopAfter = 0;
      const rebuilding = (async () => {
        await sleep(200);
        loop.reset();
        changed = performance.now();
        await writeBounds(bounds);
        const maps = await services.heatRollups.ensureBounds();
        committed = performance.now();
        loopDuring = loop.max / 1e6;
        loop.reset();
        if (maps.join() !== String(mapId)) throw new Error(`rebuilt maps ${maps.join()} instead of ${mapId}`);
        await sleep(1_000);
        loopAfter = loop.max / 1e6;
      })();
      const during = await askWhile(base, paths, rebuilding);
      await rebuilding;
      loop.disable();
      console.log(`\n${label}: reload and rebuild ${ms(committed - changed)} ms`);
      console.log('| phase | requests | p99 ms | max ms | event loop max ms |');
      console.log('|---|---:|---:|---:|---:|');
      console.log(tableRow('before (3 s, answers kept)', before, [steadyFrom, Infinity], loopBefore));
      console.log(tableRow('change → commit', during, [changed, committed], loopDuring));
      console.log(tableRow('1 s after the commit', during, [committed, Infinity], loopAfter));
      const slow = during.filter((sample) => sample.at >= changed && sample.at < committed && sample.ms > BUDGET_MS);
      if (slow.length > 0) console.log(`${slow.length} reads over ${BUDGET_MS} ms between the change and the commit`);
    };
    try {
      await rebuild('bounds moved (x_max − 5 %)', { ...original, x_max: original.x_max - 0.05 * width });
    } finally {
      await rebuild('bounds put back', original);
    }
    const load = await import('node:os').then((os) =>
      os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' '),
    );
    console.log(`\nload average ${load}`);
  } finally {
    await app.close();
  }
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  if (ONLY && ONLY !== dialect) continue;
  if (dialect === 'postgres' && !(await reachable(pgUrl))) {
    console.log('\nPostgreSQL not reachable: skipped');
    continue;
  }
  await run(dialect);
}
