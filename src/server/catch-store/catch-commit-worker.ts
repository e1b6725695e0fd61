/**
 * The catch-commit thread itself (catch-commit-thread.ts starts it): a writer connection of its own to the SQLite
 * file, running the same `insertCatchGroup` and heat-map rollup as the server's connection would, for each group the
 * server sends, one after another. Its statements run here, off the server's event loop, so it uses larger
 * statements than the server's connection (nothing here waits for the loop).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteWriter, sqliteKysely } from '../db/sqlite-writer';
import { type Bounds, gridOf } from './heat-grid';
import { HeatRollups } from './heat-rollups';
import { HeatWindows } from './heat-windows';
import { insertCatchGroup } from './catch-inserts';
import type { NewCatchRow } from './rows';

export interface CommitWorkerSettings {
  file: string;
  busyTimeoutMs: number;
}

/** A group to commit: its rows (each (logger, report_id) once), the maps' bounds for the rollup, the writer's clock. */
export interface CommitRequest {
  id: number;
  rows: NewCatchRow[];
  maps: [number, Bounds][];
  now: number;
}

/** A map's heat-map windows ending in day `endDay` to build (heat-windows.ts): a few hundred ms of SQLite per map. */
export interface WindowsRequest {
  id: number;
  windows: { mapId: number; bounds: Bounds; endDay: number; now: number };
}

export type CommitAnswer =
  | { ready: true }
  | { id: number; created: string[] }
  | { id: number; built: boolean }
  | { id: number; error: { message: string; code?: unknown } };

/** 500 rows × 21 columns: well under SQLite's 32,766 bind parameters (measured 3 % faster than 50-row statements). */
const ROWS_PER_STATEMENT_HERE = 500;

const port = parentPort!;
const settings = workerData as CommitWorkerSettings;
const sqlite = openSqliteWriter(settings.file, settings.busyTimeoutMs);
const db = sqliteKysely(sqlite);

function failure(id: number, error: unknown): CommitAnswer {
  const { message, code } = error as { message?: unknown; code?: unknown };
  return { id, error: { message: String(message ?? error), code } };
}

async function buildWindows({ id, windows }: WindowsRequest): Promise<CommitAnswer> {
  try {
    const { mapId, bounds, endDay, now } = windows;
    return { id, built: await new HeatWindows(db, 'sqlite').build(mapId, gridOf(bounds), endDay, now) };
  } catch (error) {
    return failure(id, error);
  }
}

async function commit(request: CommitRequest): Promise<CommitAnswer> {
  const maps = new Map(request.maps.map(([id, bounds]) => [id, { data: { bounds } }]));
  const rollups = new HeatRollups(db, 'sqlite', { view: async () => ({ maps }) }, () => request.now);
  try {
    const created = await db
      .transaction()
      .execute((trx) =>
        insertCatchGroup(trx, request.rows, (inTrx, rows) => rollups.add(inTrx, rows), ROWS_PER_STATEMENT_HERE),
      );
    return { id: request.id, created: [...created] };
  } catch (error) {
    return failure(request.id, error);
  }
}

// One group at a time, in the order sent: the server sends the next only after this one's answer anyway.
let queue = Promise.resolve();
port.on('message', (message: CommitRequest | WindowsRequest | 'stop') => {
  queue = queue.then(async () => {
    if (message === 'stop') {
      await db.destroy();
      port.close();
    } else port.postMessage(await ('windows' in message ? buildWindows(message) : commit(message)));
  });
});
port.postMessage({ ready: true } satisfies CommitAnswer);
