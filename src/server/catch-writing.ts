/**
 * The catch writer with the heat map's rollups wired into its transactions: the one way to build a writer, for the
 * server (services.ts), demo seeding and the benchmarks' loaders, so no path can store catches without counting
 * them (decision 0012).
 */
import type { Kysely } from 'kysely';
import { dialectOf } from './db/database';
import type { Database } from './db/schema';
import { CatchWriter, type CatchWriterOptions } from './features/ingestion/catch-writer';
import type { IngestionCatalogue } from './features/ingestion/catalogue-rules';
import type { MapsCatalogue } from './features/heatmap/heat-grid';
import { HeatRollups } from './features/heatmap/heat-rollups';

export function createCatchWriter(
  db: Kysely<Database>,
  catalogue: IngestionCatalogue & MapsCatalogue,
  options: Omit<CatchWriterOptions, 'onCatchesCreated'> = {},
): { writer: CatchWriter; rollups: HeatRollups } {
  const rollups = new HeatRollups(db, dialectOf(db), catalogue, options.clock);
  const writer = new CatchWriter(db, catalogue, {
    ...options,
    onCatchesCreated: (trx, rows) => rollups.add(trx, rows),
  });
  return { writer, rollups };
}
