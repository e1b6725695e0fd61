/**
 * `npm run test:crash` (CI, after the build): the built server (`dist/server/server.js`, a fresh DATA_DIR with the
 * SQLite file, a small demo world) is killed with SIGKILL three times while the logger simulator sends 5,000
 * catch reports with retries; each time it is started again on the same file. Afterwards the SQLite file must hold
 * every acknowledged report exactly once and no other simulated report: acknowledging means committed, and retries
 * with the same report ids never store anything twice.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { BuiltServer, inheritedEnv, requireBuild } from './lib/built-server';
import { runLoggerSimulator } from '../src/server/demo/logger-simulator';
import { unusedPort } from '../src/server/test/unused-port';

const REPORTS = 5000;
const KILLS = 3;
const PREFIX = 'crash';

requireBuild('crash test');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-crash-'));
const port = await unusedPort();
const url = `http://127.0.0.1:${port}`;
// The server's own SQLite file in DATA_DIR and its in-memory counters, whatever the caller's environment says.
const server = new BuiltServer('the server', url, {
  ...inheritedEnv(),
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  DEMO_DATA: 'on',
  DEMO_CATCHES: '1000',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
  // The simulator's loggers fish at a human pace, so each batch is another logger's: a hundred registrations from
  // this one address (decision 0039).
  AUTH_IP_PER_MINUTE: '100000',
  LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '100000',
});

const ackFile = path.join(dataDir, 'acknowledged.tsv');
let kills = 0;
let failure: unknown;
const began = Date.now();
try {
  await server.start();
  const killer = (async () => {
    // Spread the kills over the run (about 20 s of sending at 250 reports/s), each while batches are in flight.
    for (let k = 0; k < KILLS; k++) {
      await sleep(3000 + Math.random() * 2000);
      await server.stop('SIGKILL');
      kills++;
      console.log(`crash test: SIGKILL ${kills} at ${((Date.now() - began) / 1000).toFixed(1)} s, restarting`);
      await server.start();
    }
  })();
  const stats = await runLoggerSimulator({
    url,
    clients: 4,
    rate: 250,
    duration: 0,
    total: REPORTS,
    batchSize: 50,
    timeoutMs: 5000,
    giveUpMs: 90_000,
    ackFile,
    idPrefix: PREFIX,
  });
  await killer;
  console.log(
    `crash test: simulator sent ${stats.sent}, retries ${stats.retries}, given up ${stats.failed}, invalid ${stats.invalid}`,
  );
} catch (error) {
  failure = error;
} finally {
  await server.stop('SIGKILL');
}

let ok = failure === undefined;
if (failure) console.error('crash test failed:', failure);
else {
  const acknowledged = readFileSync(ackFile, 'utf8').trim().split('\n').filter(Boolean);
  const db = new SQLite(path.join(dataDir, 'anglerdex.db'), { readonly: true });
  const stored = db.prepare(`select client_id, report_id from "catch" where report_id like ?`).all(`${PREFIX}-%`) as {
    client_id: string;
    report_id: string;
  }[];
  db.close();
  const storedCount = new Map<string, number>();
  for (const row of stored) {
    const key = `${row.client_id}\t${row.report_id}`;
    storedCount.set(key, (storedCount.get(key) ?? 0) + 1);
  }
  const ackSet = new Set(acknowledged);
  const missing = [...ackSet].filter((key) => !storedCount.has(key));
  const unexpected = [...storedCount.keys()].filter((key) => !ackSet.has(key));
  const twice = [...storedCount.values()].filter((n) => n > 1).length + (acknowledged.length - ackSet.size);
  console.log(
    `crash test: ${ackSet.size} acknowledged, ${stored.length} stored, ${missing.length} missing, ` +
      `${unexpected.length} unexpected, ${twice} stored or acknowledged twice, ${kills} kills, ` +
      `${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
  ok = ackSet.size === REPORTS && missing.length === 0 && unexpected.length === 0 && twice === 0 && kills === KILLS;
}
if (ok) rmSync(dataDir, { recursive: true, force: true });
else console.error(`crash test: FAILED; data kept in ${dataDir}`);
process.exit(ok ? 0 : 1);
