/**
 * `npm run catches:prune -- --older-than 400d [--dry-run]`: removes the raw catches older than the cutoff from the
 * configured database (`DATA_DIR` / `DATABASE_URL`), keeping the heat map's rollups (catch-prune.ts, decision 0029):
 * whole months dropped on PostgreSQL, chunks of 10,000 deleted on SQLite while the server runs. `--dry-run` prints
 * what would go. Prints the cutoff and the counts; exits 2 on a bad or too small `--older-than`.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { MIN_PRUNE_DAYS, parseDays, pruneCatches, PruneRefusal } from './catch-prune';

const USAGE = `usage: npm run catches:prune -- --older-than DAYSd [--dry-run] (at least ${MIN_PRUNE_DAYS}d)`;

function fail(message: string): never {
  console.error(`catches:prune: ${message}`);
  process.exit(2);
}

let options: { 'older-than'?: string; 'dry-run'?: boolean };
try {
  ({ values: options } = parseArgs({
    options: { 'older-than': { type: 'string' }, 'dry-run': { type: 'boolean' } },
  }));
} catch (error) {
  fail(`${(error as Error).message}; ${USAGE}`);
}
const olderThan = options['older-than'];
if (olderThan === undefined) fail(USAGE);
const days = parseDays(olderThan);
if (days === undefined) fail(`--older-than ${olderThan}: not a number of days such as 400d; ${USAGE}`);
const dryRun = options['dry-run'] === true;

const config = loadConfig();
const db = await openDatabase(config.database);
try {
  await migrateToLatest(db);
  const result = await pruneCatches(db.kysely, { olderThanDays: days, dryRun });
  const cutoff = new Date(result.cutoff).toISOString();
  const months = result.months.length > 0 ? ` in ${result.months.length} months (${result.months.join(', ')})` : '';
  console.log(
    `${dryRun ? 'would remove' : 'removed'} ${result.catches} catches caught before ${cutoff}${months}; the heat map's rollups are kept`,
  );
} catch (error) {
  if (error instanceof PruneRefusal) fail(error.message);
  throw error;
} finally {
  await db.close();
}
