/**
 * Ingestion throughput (issue 9, budget ≥ 20,000 catch reports/s through HTTP on SQLite): the real app on a fresh
 * database listens on a free port, and the logger simulator (`npm run logger`, a separate process, so it takes the
 * other core as real loggers would be other machines) sends a fixed number of reports in 500-item batches, 32 in
 * flight (`--clients`). Each sender waits for its answer before it sends again; real loggers send when they have
 * catches, and at 20,000 reports/s (40 batches a second) answered in 0.5–0.8 s that is 20–32 batches at once
 * (Little's law), hence 32. Under the server's own rules (issue 24, decision 0039): each logger fishes at a human
 * pace (a catch every 20 s of `caught_at`), so a batch of 500 is one logger's last three hours and every batch comes
 * from another logger (registered before the sending starts), each checked against and counted into its minute and
 * hour, and in probation. Prints reports/s and batch
 * p50/p99 on SQLite, then on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL, or the local test database)
 * is reachable.
 *
 * The catches' times matter as much as their number: a catch reported seconds after it was caught lands near the end
 * of every time-ordered index, one caught hours earlier in the middle of it (a page of each index dirtied per catch).
 * The simulator's default is a logger's backlog ending seconds before the upload (its newest catch just landed, its
 * oldest three hours before), with 5 % of the batches ending later (up to 24 h, from a logger that was offline);
 * `--late 1 --late-hours 1` ends every backlog up to an hour before, the worst case.
 *
 * The table's size matters too (issue 20): `--world DIR` runs SQLite into a copy of DIR's `anglerdex.db` (with its
 * `-wal` and `-shm`; e.g. a data dir seeded by `npm run seed -- --catches 5000000`), made afresh in a temporary
 * folder for every run, so runs start from the same table and the seeded world is never written. Without it the
 * table starts empty, as before. Each run also says where the time went (lib/thread-usage.ts): CPU and read calls of
 * the server's threads, disk bytes, the WAL's largest size, vmstat's means, the load average.
 *
 *   npx tsx scripts/bench/ingestion.ts [--reports 200000] [--clients 32] [--late 0.05] [--late-hours 24]
 *     [--world DIR] [--copy-to DIR] [--pg-world SCHEMA] [--databases sqlite,postgres]
 *   (part of `npm run bench`)
 */
import { execFile } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { createTestApp } from '../../src/server/test/test-app';
import { numberOption, option, reachable, removeUploads } from './lib/bench-helpers';
import { recordUsage, startVmstat, threadsBetween } from './lib/thread-usage';

const REPORTS = numberOption('reports', 200_000);
const CLIENTS = numberOption('clients', 32);
// The logger simulator's default: 5 % of catches uploaded up to 24 hours late, the rest seconds after the catch.
const LATE = numberOption('late', 0.05);
const LATE_HOURS = numberOption('late-hours', 24);
// A seeded data dir to copy for SQLite (none: an empty catch table), and where the copies go.
const WORLD = option('world', '');
/**
 * PostgreSQL: a schema holding a seeded world (e.g. `bench_heat_5m`, which `heatmap.ts --catches 5000000` seeds) to
 * run into instead of a fresh schema; what the run uploaded is removed afterwards, so the world stays as seeded.
 */
const PG_WORLD = option('pg-world', '');
const COPY_TO = option('copy-to', os.tmpdir());
const DATABASES = option('databases', 'sqlite,postgres').split(',');
const DB_FILE = 'anglerdex.db';
const cli = path.resolve(import.meta.dirname, '../../src/server/demo/logger-cli.ts');
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Outcome {
  acknowledged: number;
  loggers?: number;
  created: number;
  invalid: number;
  retries: number;
  failed: number;
  elapsedMs: number;
  p50: number;
  p99: number;
}

/**
 * A fresh copy of the world's database files in a folder of its own (the data dir of one run), flushed to the disk
 * before the run: otherwise the kernel writes the copy's gigabytes back during the run, and the server's own writes
 * may be throttled behind them.
 */
function copyWorld(world: string): string {
  const dir = mkdtempSync(path.join(COPY_TO, 'anglerdex-ingestion-'));
  for (const suffix of ['', '-wal', '-shm']) {
    const from = path.join(world, DB_FILE + suffix);
    if (!existsSync(from)) continue;
    const to = path.join(dir, DB_FILE + suffix);
    copyFileSync(from, to);
    const fd = openSync(to, 'r+');
    fsyncSync(fd);
    closeSync(fd);
  }
  return dir;
}

/** PostgreSQL's WAL position, full-page images written and checkpoints so far (pg_stat_wal: PostgreSQL 14+). */
async function postgresWal(db: Kysely<Database>): Promise<{ bytes: number; fpi: number; checkpoints: number }> {
  const { rows } = await sql<{ bytes: string; fpi: string; checkpoints: string }>`
    select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as bytes, (select wal_fpi from pg_stat_wal) as fpi,
      (select checkpoints_timed + checkpoints_req from pg_stat_bgwriter) as checkpoints`.execute(db);
  return { bytes: Number(rows[0]!.bytes), fpi: Number(rows[0]!.fpi), checkpoints: Number(rows[0]!.checkpoints) };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function bench(label: string, databaseUrl: string | undefined): Promise<boolean> {
  // createTestApp reads TEST_DATABASE_URL: unset for SQLite, the benchmark's database for PostgreSQL.
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  delete process.env.TEST_REDIS_URL;
  const worldCopy = !databaseUrl && WORLD ? copyWorld(WORLD) : undefined;
  // A world brings its catalogue: the app opens the copy as the server would open its data dir. The loggers'
  // registrations count against the per-address limit of the auth routes; raised so the 32 of them do not wait a
  // minute for it before the sending starts.
  // SQLITE_CACHE_MIB from the bench's environment, as the server takes it (a grown table's indexes outgrow 64 MiB).
  const cache = process.env.SQLITE_CACHE_MIB;
  // PG_PREPARE_AFTER=0 from the bench's environment: PostgreSQL without prepared statements (decision 0042).
  const prepareAfter = process.env.PG_PREPARE_AFTER;
  // The server's own rules (decision 0039), which the test app turns off: each logger's rate checked and counted,
  // new loggers in probation. The simulator's loggers fish at a human pace, so each batch is another logger's: they
  // register before the sending starts, far beyond an address's 20 a minute and 10 a day.
  const env = {
    AUTH_IP_PER_MINUTE: '1000000',
    LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '1000000',
    CATCH_RATE_PER_MINUTE: '6',
    CATCH_RATE_PER_HOUR: '200',
    LOGGER_PROBATION_HOURS: '24',
    ...(cache !== undefined && { SQLITE_CACHE_MIB: cache }),
    ...(prepareAfter !== undefined && { PG_PREPARE_AFTER: prepareAfter }),
  };
  const pgWorld = databaseUrl && PG_WORLD ? PG_WORLD : undefined;
  const ctx = await createTestApp(
    worldCopy
      ? { env: { ...env, DATA_DIR: worldCopy }, seed: false }
      : pgWorld
        ? { env, seed: false, pgSchema: pgWorld }
        : { env },
  );
  if (pgWorld) {
    await removeUploads(ctx.db, ctx.services.heatRollups);
    await sql`vacuum analyze catch, heat_cell_day`.execute(ctx.db.kysely);
  }
  const wal = worldCopy ? path.join(worldCopy, `${DB_FILE}-wal`) : undefined;
  let walMax = 0;
  // Stopped in `finally` too, should the run fail: the sampler's timer and vmstat would keep the process alive.
  let usage: ReturnType<typeof recordUsage> | undefined;
  let vmstat: ReturnType<typeof startVmstat> | undefined;
  const walTimer = wal && setInterval(() => (walMax = Math.max(walMax, existsSync(wal) ? statSync(wal).size : 0)), 100);
  try {
    const { count } = (await sql<{ count: number }>`select count(*) as count from catch`.execute(ctx.db.kysely))
      .rows[0]!;
    const size = worldCopy ? `, ${mib(statSync(path.join(worldCopy, DB_FILE)).size)} file` : '';
    console.log(`${label}: ${Number(count).toLocaleString('en')} catches stored before the run${size}`);
    // As the server starts (server.ts): today's heat map windows built, so late catches are added to them as in
    // production (decision 0021).
    await ctx.services.heatRollups.ensureWindows();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const walBefore = databaseUrl ? await postgresWal(ctx.db.kysely) : undefined;
    usage = recordUsage();
    vmstat = startVmstat();
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
    const end = usage.stop();
    const outcome = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Outcome;
    // The sending only (the simulator's clock): its loggers' registrations come first and may wait a minute.
    const start = usage.at(end.at - outcome.elapsedMs);
    const wallMs = end.at - start.at;
    const threads = threadsBetween(start.threads, end.threads, wallMs);
    const vm = vmstat.stop(start.at);
    const perSecond = Math.round(outcome.created / (outcome.elapsedMs / 1000));
    console.log(
      `${label}: ${outcome.created.toLocaleString('en')} reports in ${(outcome.elapsedMs / 1000).toFixed(1)} s = ` +
        `${perSecond.toLocaleString('en')} reports/s; batch (500) p50 ${outcome.p50} ms, p99 ${outcome.p99} ms; ` +
        `${CLIENTS} in flight from ${outcome.loggers ?? '?'} loggers at a human pace, ${LATE * 100} % late by up to ` +
        `${LATE_HOURS} h, retries ${outcome.retries}, ` +
        `invalid ${outcome.invalid}`,
    );
    const busy = threads
      .slice(0, 5)
      .map(
        (t) =>
          `${t.name}#${t.tid} ${((100 * t.cpuMs) / wallMs).toFixed(0)} % (${t.readCalls.toLocaleString('en')} reads, ` +
          `${t.writeCalls.toLocaleString('en')} writes)`,
      );
    console.log(`  server threads, CPU of ${(wallMs / 1000).toFixed(1)} s: ${busy.join('; ')}`);
    const vmLine = vm
      ? `; vmstat means: us ${vm.mean.us?.toFixed(0)} sy ${vm.mean.sy?.toFixed(0)} id ${vm.mean.id?.toFixed(0)} ` +
        `wa ${vm.mean.wa?.toFixed(0)}, bi ${vm.mean.bi?.toFixed(0)} bo ${vm.mean.bo?.toFixed(0)} blocks/s`
      : '';
    console.log(
      `  disk: read ${mib(end.disk.read - start.disk.read)}, written ${mib(end.disk.written - start.disk.written)}` +
        (wal ? `; WAL at most ${mib(walMax)}` : '') +
        vmLine +
        `; load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    if (walBefore) {
      // What PostgreSQL wrote for the run (the whole server's WAL: run it alone): full-page images are the first
      // change of a page after each checkpoint, so they grow with the number of distinct pages the inserts touch.
      const after = await postgresWal(ctx.db.kysely);
      const per = (n: number) => (n / outcome.created).toFixed(2);
      console.log(
        `  PostgreSQL WAL: ${mib(after.bytes - walBefore.bytes)} (${per(after.bytes - walBefore.bytes)} bytes per ` +
          `report), ${per(after.fpi - walBefore.fpi)} full-page images per report, ` +
          `${after.checkpoints - walBefore.checkpoints} checkpoints`,
      );
    }
    return outcome.created === REPORTS && outcome.invalid === 0 && outcome.failed === 0;
  } finally {
    usage?.stop();
    vmstat?.stop(0);
    if (walTimer) clearInterval(walTimer);
    if (pgWorld) await removeUploads(ctx.db, ctx.services.heatRollups);
    await ctx.close();
    if (worldCopy) rmSync(worldCopy, { recursive: true, force: true });
  }
}

let ok = true;
if (DATABASES.includes('sqlite')) ok = await bench(WORLD ? `SQLite (world ${WORLD})` : 'SQLite', undefined);
if (!DATABASES.includes('postgres')) {
  // Asked for SQLite only.
} else if (await reachable(pgUrl))
  ok = (await bench(PG_WORLD ? `PostgreSQL (world ${PG_WORLD})` : 'PostgreSQL', pgUrl)) && ok;
else console.log(`PostgreSQL: skipped (${pgUrl} is not reachable)`);
if (!ok) process.exitCode = 1;
