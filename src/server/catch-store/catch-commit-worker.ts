/**
 * The catch-commit thread itself (catch-commit-thread.ts starts it): a writer connection of its own to the SQLite
 * file, running the same `insertCatchGroup` and heat-map rollup as the server's connection would, for each group the
 * server sends, one after another. Its statements run here, off the server's event loop, so it inserts row by row
 * where the server's connection uses multi-row statements (nothing here waits for the loop; decision 0024).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { sqliteRowInserter } from '../db/sqlite-row-inserts';
import { openSqliteWriter, sqliteKysely } from '../db/sqlite-writer';
import { type Bounds, gridOf } from './heat-grid';
import { HeatRollups } from './heat-rollups';
import { HeatWindows } from './heat-windows';
import { type CatchRowsInsert, insertCatchGroup, ownedKey } from './catch-inserts';
import type { Refusal, TrustRules } from './catch-trust';
import type { NewCatchRow } from './rows';

export interface CommitWorkerSettings {
  file: string;
  busyTimeoutMs: number;
  /** The connection's page cache (`SQLITE_CACHE_MIB`); absent: sqlite-writer.ts's default. */
  cacheMib?: number;
}

/** A group to commit: its rows (each (logger, report_id) once), the maps' bounds for the rollup, the writer's clock. */
export interface CommitRequest {
  id: number;
  rows: NewCatchRow[];
  maps: [number, Bounds][];
  now: number;
  /** The writer's limits and probation (catch-trust.ts). */
  rules: TrustRules;
}

/** A map's heat-map windows ending in day `endDay` to build (heat-windows.ts): a few hundred ms of SQLite per map. */
export interface WindowsRequest {
  id: number;
  windows: { mapId: number; bounds: Bounds; endDay: number; now: number };
}

/**
 * A map whose catalogue bounds changed, to recount (HeatRollups.rebuildMap): its rollup and window sums, a few
 * seconds of SQLite for a busy map at 5 M catches (docs/BENCHMARKS.md), off the server's event loop.
 */
export interface RebuildRequest {
  id: number;
  rebuild: { mapId: number; bounds: Bounds; now: number };
}

export type CommitAnswer =
  | { ready: true }
  | { id: number; created: string[]; refused: [string, Refusal][] }
  | { id: number; built: boolean }
  | { id: number; error: { message: string; code?: unknown } };

const port = parentPort!;
const settings = workerData as CommitWorkerSettings;
const sqlite = openSqliteWriter(settings.file, settings.busyTimeoutMs, settings.cacheMib);
const db = sqliteKysely(sqlite);
// Row by row on this connection (db/sqlite-row-inserts.ts: no statement journal; nothing here waits for the loop).
const insertRows = sqliteRowInserter<NewCatchRow>(sqlite, 'catch', ['client_id', 'report_id']);
const insertRowByRow: CatchRowsInsert = async (_trx, rows) =>
  new Set(insertRows(rows).map((row) => ownedKey(row.client_id, row.report_id)));

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

async function rebuildMap({ id, rebuild }: RebuildRequest): Promise<CommitAnswer> {
  try {
    const { mapId, bounds, now } = rebuild;
    const grid = gridOf(bounds);
    // The map's bounds are all the rebuild reads of the catalogue.
    const rollups = new HeatRollups(db, 'sqlite', { view: async () => ({ maps: new Map() }) }, () => now);
    return { id, built: await rollups.rebuildMap(mapId, grid, now) };
  } catch (error) {
    return failure(id, error);
  }
}

async function commit(request: CommitRequest): Promise<CommitAnswer> {
  const maps = new Map(request.maps.map(([id, bounds]) => [id, { data: { bounds } }]));
  const rollups = new HeatRollups(db, 'sqlite', { view: async () => ({ maps }) }, () => request.now);
  try {
    const { created, refused } = await db
      .transaction()
      .execute((trx) =>
        insertCatchGroup(trx, request.rows, (inTrx, rows) => rollups.add(inTrx, rows), insertRowByRow, request.rules),
      );
    return { id: request.id, created: [...created], refused: [...refused] };
  } catch (error) {
    return failure(request.id, error);
  }
}

// One group at a time, in the order sent: the server sends the next only after this one's answer anyway.
let queue = Promise.resolve();
port.on('message', (message: CommitRequest | WindowsRequest | RebuildRequest | 'stop') => {
  queue = queue.then(async () => {
    if (message === 'stop') {
      await db.destroy();
      port.close();
    } else if ('windows' in message) port.postMessage(await buildWindows(message));
    else if ('rebuild' in message) port.postMessage(await rebuildMap(message));
    else port.postMessage(await commit(message));
  });
});
port.postMessage({ ready: true } satisfies CommitAnswer);
