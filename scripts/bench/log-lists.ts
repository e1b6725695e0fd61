/**
 * Log lists at scale (decision 0011): `GET /logs/bird` answers (one page of 20 and its capped `total`) for every
 * combination of the seven filters — map, fish, bait, star type, rod type, a 7-day time range and one logger
 * (`mine`) — on a large catch table, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 *
 *   npx tsx scripts/bench/log-lists.ts [--catches 5000000] [--samples 5]    (part of `npm run bench`)
 *
 * Each combination is timed with values taken from one stored catch (a combination that matches) and with values
 * drawn independently (mostly one that matches nothing: the worst case for an index walk). The catches are
 * synthetic but shaped like the demo world's (160 fish on 2–3 of 16 maps, favourite baits, 90 % without a star, 300
 * loggers, 90 days); they are generated once into `data/bench/` (PostgreSQL: schema `bench_logs`) and reused.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Insertable, sql } from 'kysely';
import { parseDatabaseUrl } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrator';
import type { CatchTable } from '../../src/server/db/schema';
import { createRng } from '../../src/server/demo/prng';
import { type CatchFilters, LogsRepository } from '../../src/server/features/logs/logs.repository';
import { ROD_TYPES, WEATHER_KINDS } from '../../src/shared/game/catch-attributes';
import { numberOption } from './lib/bench-helpers';

const CATCHES = numberOption('catches', 5_000_000);
const SAMPLES = numberOption('samples', 5);

const DAY = 86_400_000;
const MAPS = 16;
const FISH = 160;
const BAITS = 232;
const LOGGERS = 300;
const STARS = [446, 447, 448, 449, 450, 451, 452];
const STAR_WEIGHTS = [40, 25, 15, 10, 6, 3, 1];
const CHUNK = 1000;

const FILTERS = ['map', 'fish', 'bait', 'star', 'rod', 'range', 'mine'] as const;
type Filter = (typeof FILTERS)[number];

const fishMaps = (fish: number) => [fish % MAPS, (fish * 7 + 3) % MAPS, (fish * 11 + 5) % MAPS].map((m) => m + 1);
const favouriteBaits = (fish: number) => [0, 1, 2, 3, 4].map((i) => ((fish * 37 + i * 53) % BAITS) + 1);

async function catchCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('catch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Appends synthetic catches, oldest first (as loggers send them), up to `target`. */
async function load(db: Db, target: number): Promise<void> {
  const have = await catchCount(db);
  if (have >= target) return;
  const loggers = Array.from({ length: LOGGERS }, (_, i) => `bird_bench${String(i).padStart(17, '0')}`);
  await db.kysely
    .insertInto('logger_client')
    .values(loggers.map((client_id) => ({ client_id, token_hash: client_id, player_name: client_id, created_at: '' })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rng = createRng(have + 1);
  const end = Date.now();
  const start = end - 90 * DAY;
  const started = Date.now();
  for (let done = have; done < target;) {
    const rows: Omit<Insertable<CatchTable>, 'id'>[] = [];
    for (let i = 0; i < CHUNK && done < target; i++, done++) {
      // Popular fish are caught far more often (a rough Zipf curve).
      const fish = Math.min(FISH, Math.floor(FISH ** rng.next()));
      const star = rng.chance(0.9) ? 0 : weighted(rng.next(), STARS, STAR_WEIGHTS);
      rows.push({
        client_id: loggers[Math.floor(rng.next() ** 2 * LOGGERS)]!,
        report_id: `r${done}`,
        caught_at: Math.floor(start + ((end - start) * done) / target),
        map_id: rng.pick(fishMaps(fish)),
        fish_id: 1000 + fish,
        bait_id: rng.chance(0.7) ? rng.pick(favouriteBaits(fish)) : rng.int(1, BAITS),
        bait2_id: null,
        rod_type: rng.pick(ROD_TYPES),
        star_type: star,
        weight: rng.int(100, 20_000),
        depth: rng.range(0, 30),
        direction: rng.chance(0.5) ? 'front' : 'back',
        angle: rng.int(0, 359),
        game_hour: rng.int(1, 24),
        temperature: rng.range(0, 30),
        weather: rng.pick(WEATHER_KINDS),
        night: rng.chance(0.3),
        x: rng.range(0, 1000),
        y: rng.range(0, 1000),
        time_spent: rng.int(10, 900),
        created_at: end,
      });
    }
    await db.kysely.insertInto('catch').values(rows).execute();
    if (done % 250_000 < CHUNK) {
      const rate = Math.round((done - have) / ((Date.now() - started) / 1000));
      process.stdout.write(`\r  loading ${done.toLocaleString('en')} / ${target.toLocaleString('en')} (${rate}/s)  `);
    }
  }
  process.stdout.write('\n');
  // What autovacuum does to a table that has settled: statistics, and the visibility map index-only scans need.
  if (db.dialect === 'postgres') await sql`vacuum analyze catch`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
}

function weighted(r: number, values: number[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = r * total;
  for (let i = 0; i < values.length; i++) {
    at -= weights[i]!;
    if (at < 0) return values[i]!;
  }
  return values[values.length - 1]!;
}

type Sample = Pick<CatchTable, 'client_id' | 'caught_at' | 'map_id' | 'fish_id' | 'bait_id' | 'star_type' | 'rod_type'>;

async function randomCatch(db: Db, rng: ReturnType<typeof createRng>, maxId: number): Promise<Sample> {
  const row = await db.kysely
    .selectFrom('catch')
    .select(['client_id', 'caught_at', 'map_id', 'fish_id', 'bait_id', 'star_type', 'rod_type'])
    .where('id', '>=', rng.int(1, maxId))
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row;
}

function filtersOf(set: readonly Filter[], from: Sample): CatchFilters {
  const f: CatchFilters = {};
  if (set.includes('map')) f.map_id = from.map_id;
  if (set.includes('fish')) f.fish_id = from.fish_id;
  if (set.includes('bait')) f.bait_id = from.bait_id;
  if (set.includes('star')) f.star_type = from.star_type;
  if (set.includes('rod')) f.rod_type = from.rod_type as CatchFilters['rod_type'];
  if (set.includes('range')) {
    f.from = from.caught_at - 6 * DAY;
    f.to = from.caught_at + DAY;
  }
  if (set.includes('mine')) f.client_id = from.client_id;
  return f;
}

/** Values drawn one by one: a logger, a fish and a bait that are rarely found together. */
async function independent(db: Db, rng: ReturnType<typeof createRng>, maxId: number): Promise<Sample> {
  const picks = await Promise.all(FILTERS.map(() => randomCatch(db, rng, maxId)));
  return {
    map_id: picks[0]!.map_id,
    fish_id: picks[1]!.fish_id,
    bait_id: picks[2]!.bait_id,
    // A trophy class: the rare values are where an index walk over the common ones would hurt.
    star_type: rng.pick(STARS),
    rod_type: picks[4]!.rod_type,
    caught_at: picks[5]!.caught_at,
    client_id: picks[6]!.client_id,
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function bench(label: string, db: Db): Promise<void> {
  await migrateToLatest(db);
  await load(db, CATCHES);
  const total = await catchCount(db);
  const maxRow = await db.kysely
    .selectFrom('catch')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const maxId = Number(maxRow.id);
  const repository = new LogsRepository(db.kysely, db.dialect);
  const rng = createRng(42);
  const all: number[] = [];
  const worst: { set: string; kind: string; ms: number; total: number; filters: CatchFilters }[] = [];

  /** Timed twice, the faster kept: the machine is shared, and other work only ever adds time. */
  const time = async (filters: CatchFilters, page = 1) => {
    let best = Infinity;
    let total = 0;
    for (let run = 0; run < 2; run++) {
      const t = process.hrtime.bigint();
      total = (await repository.listCatches(filters, { page, page_size: 20 })).total;
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
    }
    return { ms: best, total };
  };
  // Warm the caches the way a running server has them.
  for (let i = 0; i < 20; i++) await time(filtersOf(FILTERS, await randomCatch(db, rng, maxId)));

  for (let mask = 0; mask < 1 << FILTERS.length; mask++) {
    const set = FILTERS.filter((_, i) => mask & (1 << i));
    for (const kind of ['matching', 'independent'] as const) {
      if (kind === 'independent' && set.length < 2) continue;
      for (let s = 0; s < SAMPLES; s++) {
        const sample = kind === 'matching' ? await randomCatch(db, rng, maxId) : await independent(db, rng, maxId);
        const filters = filtersOf(set, sample);
        const { ms, total: matched } = await time(filters);
        all.push(ms);
        worst.push({ set: set.join('+') || '(none)', kind, ms, total: matched, filters });
      }
    }
  }
  const deep = await time({}, 10_000 / 20);

  worst.sort((a, b) => b.ms - a.ms);
  console.log(`\n${label}: ${total.toLocaleString('en')} catches, ${all.length} list queries (page 1 of 20 + total)`);
  console.log(
    `  p50 ${percentile(all, 50).toFixed(1)} ms · p95 ${percentile(all, 95).toFixed(1)} ms · ` +
      `p99 ${percentile(all, 99).toFixed(1)} ms · max ${percentile(all, 100).toFixed(1)} ms`,
  );
  console.log(`  deepest page (offset 9,980, no filter): ${deep.ms.toFixed(1)} ms`);
  console.log('  slowest:');
  for (const w of worst.slice(0, 8))
    console.log(
      `    ${w.ms.toFixed(1).padStart(7)} ms  ${w.set} (${w.kind}, total ${w.total}) ${JSON.stringify(w.filters)}`,
    );
}

async function main(): Promise<void> {
  const dir = path.resolve('data/bench');
  mkdirSync(dir, { recursive: true });
  const sqlite = await openDatabase(parseDatabaseUrl(`sqlite:${path.join(dir, 'log-lists.db')}`, dir));
  try {
    await bench('SQLite', sqlite);
  } finally {
    await sqlite.close();
  }
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const pg = await openDatabase(parseDatabaseUrl(pgUrl, dir), { pgSchema: 'bench_logs' });
    try {
      await bench('PostgreSQL', pg);
    } finally {
      await pg.close();
    }
  }
}

await main();
