/**
 * The catch store's entry for writers (decision 0020; readers: catch-reads.ts). `createCatchWriter`: the catch writer
 * with the heat map's rollups wired into its transactions, the one way to build a writer, for the server
 * (services.ts), demo seeding and the benchmarks' loaders, so no path can store catches without counting them
 * (decision 0012). Given a catch-commit thread (SQLite files, decision 0016), the writer's groups are committed there,
 * with the same inserts and rollup.
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';
import type { Bounds, MapsCatalogue } from './heat-grid';
import { HeatRollups } from './heat-rollups';
import { HeatWindows } from './heat-windows';
import type { IngestionCatalogue } from './catalogue-rules';
import type { CatchCommitThread } from './catch-commit-thread';
import { CatchBulkLoad } from './catch-bulk-load';
import { CatchWriter, type CatchWriterOptions } from './catch-writer';
import { NO_TRUST_RULES, recountRates } from './catch-trust';
import { CatchModeration } from './catch-moderation';
import { RefusalLog } from './refusal-log';

export { CatchCommitThread } from './catch-commit-thread';
export type { CatchWriter, OwnedItem } from './catch-writer';
export { judgeCatches, judgeSales } from './catch-writer';
export type { NewSaleRow } from './rows';
export { BULK_LOAD_MARK, type CatchBulkLoad } from './catch-bulk-load';
export {
  ensureCatchPartitions,
  ensureCatchPartitionsAhead,
  MONTHS_AHEAD,
  monthStart,
  oldestAccepted,
} from './catch-partitions';
export { catalogueErrors, type IngestionCatalogue, type IngestionCatalogueView } from './catalogue-rules';
export type { HeatRollups } from './heat-rollups';
export { NO_TRUST_RULES, type Refusal, type TrustRules } from './catch-trust';
export { RATE_REASON } from './refusal-log';
export { CatchModeration, type CatchSelection, type LoggerReview, MAX_IDS } from './catch-moderation';

export type { GroupCommitObserver } from './group-commit';

export interface CreateCatchWriterOptions extends Pick<CatchWriterOptions, 'clock' | 'observeCommits' | 'trustRules'> {
  thread?: CatchCommitThread;
  /** Told when the refused catches could not be counted (refusal-log.ts); the upload is answered anyway. */
  warn?: (message: string, error: unknown) => void;
}

export function createCatchWriter(
  db: Kysely<Database>,
  catalogue: IngestionCatalogue & MapsCatalogue,
  options: CreateCatchWriterOptions = {},
): { writer: CatchWriter; rollups: HeatRollups } {
  const clock = options.clock ?? Date.now;
  const { thread } = options;
  const dialect = dialectOf(db);
  // A map's windows take a few hundred ms of SQLite to build, once a day, and a map's rebuild for new bounds a few
  // seconds: on the thread too, off the event loop. The server's connection is held meanwhile (see below).
  const rollups: HeatRollups = new HeatRollups(
    db,
    dialect,
    catalogue,
    clock,
    thread && {
      buildWindows: async (mapId, grid, endDay, now) => {
        if (!(await thread.available())) return new HeatWindows(db, dialect).build(mapId, grid, endDay, now);
        return db.connection().execute(() => thread.buildWindows(mapId, grid.bounds, endDay, now));
      },
      rebuildMap: async (mapId, grid, now): Promise<boolean> => {
        if (!(await thread.available())) return rollups.rebuildMap(mapId, grid, now);
        return db.connection().execute(() => thread.rebuildMap(mapId, grid.bounds, now));
      },
    },
  );
  const rules = options.trustRules ?? NO_TRUST_RULES;
  const writer = new CatchWriter(db, catalogue, {
    clock,
    trustRules: rules,
    refusals: new RefusalLog(db, clock, options.warn),
    ...(options.observeCommits && { observeCommits: options.observeCommits }),
    onCatchesCreated: (trx, rows) => rollups.add(trx, rows),
    ...(thread && {
      commitCatches: async (rows, onThisConnection) => {
        if (!(await thread.available())) return onThisConnection(rows);
        const view = await catalogue.view();
        const maps = [...view.maps].map(([id, map]): [number, Bounds] => [id, map.data.bounds]);
        // The server's connection is held while the thread commits, as a group committed on it would hold it: the
        // server's own writes wait for the group in the connection's queue, instead of on SQLite's lock, which
        // better-sqlite3 would wait for synchronously, stopping the event loop.
        return db.connection().execute(() => thread.commit(rows, maps, clock(), rules));
      },
    }),
  });
  return { writer, rollups };
}

/**
 * Recounts every table derived from the catches (the heat map's per-day rollup, by trust class; its window sums are
 * forgotten with it and built again by the server's `ensureWindows`; the loggers' catches per minute and hour) from
 * the stored catches, in one transaction each: after a bulk load, which stores catches without counting them. The
 * one call for all of them, so a derived table added here is rebuilt by every caller.
 */
export async function rebuildDerived(
  db: Kysely<Database>,
  catalogue: MapsCatalogue,
  options: Pick<CatchWriterOptions, 'clock'> = {},
): Promise<void> {
  await new HeatRollups(db, dialectOf(db), catalogue, options.clock ?? Date.now).rebuild();
  await recountRates(db);
}

/**
 * The operator's actions on loggers and catches (catch-moderation.ts, decision 0039), each hide or restore counted
 * into the heat map's rollups in its own transaction through `rollups` (the writer's, from `createCatchWriter`).
 */
export function createCatchModeration(
  db: Kysely<Database>,
  rollups: HeatRollups,
  options: Pick<CatchWriterOptions, 'clock'> = {},
): CatchModeration {
  return new CatchModeration(db, rollups, options.clock);
}

/**
 * A bulk load of catches (catch-bulk-load.ts, decision 0022): the catch table's secondary indexes dropped while it
 * loads, then created again and the derived tables rebuilt (`rebuildDerived`). `finish()` also completes a load that
 * was interrupted (the server calls it at start-up).
 */
export function createCatchBulkLoad(
  db: Kysely<Database>,
  catalogue: MapsCatalogue,
  options: Pick<CatchWriterOptions, 'clock'> = {},
): CatchBulkLoad {
  return new CatchBulkLoad(db, () => rebuildDerived(db, catalogue, options));
}
