/**
 * Ingestion throughput (issue 9, budget ≥ 20,000 catch reports/s through HTTP on SQLite): the real app on a fresh
 * database listens on a free port, and the logger simulator (`npm run logger`, a separate process, so it takes the
 * other core as real loggers would be other machines) sends a fixed number of reports in 500-item batches from 32
 * concurrent loggers. Each simulated logger waits for its answer before it sends again, so the loggers' count is the
 * number of batches in flight; real loggers send when they have catches, and at 20,000 reports/s (40 batches a
 * second) answered in 0.5–0.8 s that is 20–32 batches at once (Little's law), hence 32. Prints reports/s and batch
 * p50/p99 on SQLite, then on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL, or the local test database)
 * is reachable.
 *
 * The catches' times matter as much as their number: a catch reported seconds after it was caught lands near the end
 * of every time-ordered index, one caught hours earlier in the middle of it (a page of each index dirtied per catch).
 * The simulator's default is a logger watching the game, with 5 % of catches uploaded late (up to 24 h, from a
 * logger that was offline); `--late 1 --late-hours 1` sends every catch up to an hour late, the worst case.
 *
 *   npx tsx scripts/bench/ingestion.ts [--reports 200000] [--clients 32] [--late 0.05] [--late-hours 24]
 *   (part of `npm run bench`)
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp } from '../../src/server/test/test-app';
import { numberOption, reachable } from './lib/bench-helpers';

const REPORTS = numberOption('reports', 200_000);
const CLIENTS = numberOption('clients', 32);
// The logger simulator's default: 5 % of catches uploaded up to 24 hours late, the rest seconds after the catch.
const LATE = numberOption('late', 0.05);
const LATE_HOURS = numberOption('late-hours', 24);
const cli = path.resolve(import.meta.dirname, '../../src/server/demo/logger-cli.ts');
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Outcome {
  acknowledged: number;
  created: number;
  invalid: number;
  retries: number;
  failed: number;
  elapsedMs: number;
  p50: number;
  p99: number;
}

async function bench(label: string, databaseUrl: string | undefined): Promise<boolean> {
  // createTestApp reads TEST_DATABASE_URL: unset for SQLite, the benchmark's database for PostgreSQL.
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  delete process.env.TEST_REDIS_URL;
  const ctx = await createTestApp();
  try {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const run = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        '--url',
        address,
        '--clients',
        String(CLIENTS),
        '--rate',
        '0',
        '--duration',
        '0',
        '--total',
        String(REPORTS),
        '--batch',
        '500',
        '--late',
        String(LATE),
        '--late-hours',
        String(LATE_HOURS),
        '--json',
      ],
      { maxBuffer: 1 << 20 },
    );
    const outcome = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Outcome;
    const perSecond = Math.round(outcome.created / (outcome.elapsedMs / 1000));
    console.log(
      `${label}: ${outcome.created.toLocaleString('en')} reports in ${(outcome.elapsedMs / 1000).toFixed(1)} s = ` +
        `${perSecond.toLocaleString('en')} reports/s; batch (500) p50 ${outcome.p50} ms, p99 ${outcome.p99} ms; ` +
        `${CLIENTS} loggers, ${LATE * 100} % late by up to ${LATE_HOURS} h, retries ${outcome.retries}, ` +
        `invalid ${outcome.invalid}`,
    );
    return outcome.created === REPORTS && outcome.invalid === 0 && outcome.failed === 0;
  } finally {
    await ctx.close();
  }
}

let ok = await bench('SQLite', undefined);
if (await reachable(pgUrl)) ok = (await bench('PostgreSQL', pgUrl)) && ok;
else console.log(`PostgreSQL: skipped (${pgUrl} is not reachable)`);
if (!ok) process.exitCode = 1;
