/**
 * WAL checkpoints on a thread of their own. better-sqlite3 runs everything on the thread that calls it, and SQLite's
 * automatic checkpoint runs inside the commit that crosses the threshold: copying tens of megabytes of WAL frames back
 * into the database file held the event loop for up to 200 ms (measured at 5 M catches while loggers uploaded), and
 * every request waited. The writer's connection therefore checkpoints never (`wal_autocheckpoint = 0`), and this
 * worker, with its own connection to the same file, runs a PASSIVE checkpoint every `CHECKPOINT_EVERY_MS`: PASSIVE
 * never waits for, nor blocks, the writer or the readers, so the copying overlaps the event loop instead of stopping
 * it. Should the worker fail, the writer's connection checkpoints by itself again.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { BUSY_TIMEOUT_MS, FALLBACK_AUTOCHECKPOINT } from './sqlite-writer';

const CHECKPOINT_EVERY_MS = 500;

// A script rather than a module file: the server runs from TypeScript sources (tsx) and from the bundle (dist), and
// an evaluated script needs no path of its own. It is handed better-sqlite3's resolved path.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker (its connection closes; the writer's close does the last checkpoint). */
  stop(): Promise<void>;
}

export function startCheckpointer(writer: SQLite.Database, file: string): Checkpointer {
  writer.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER_SCRIPT, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: CHECKPOINT_EVERY_MS,
      busyTimeoutMs: BUSY_TIMEOUT_MS,
    },
  });
  // Never what keeps the process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => {
    process.emitWarning(`SQLite checkpoint worker failed, the writer checkpoints again: ${error.message}`);
    if (writer.open) writer.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT}`);
  });
  return {
    async stop() {
      // Held again while it closes, so that a process awaiting this does not end with the promise unsettled.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
