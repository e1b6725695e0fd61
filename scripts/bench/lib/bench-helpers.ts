/**
 * What the benchmarks share: `--name value` options, whether a PostgreSQL server answers, and removing what the
 * logger simulator uploaded into a world that later runs reuse.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { DAY_MS } from '../../../src/server/catch-store/catch-reads';
import type { HeatRollups } from '../../../src/server/catch-store/catch-store';
import type { Db } from '../../../src/server/db/database';

const args = process.argv.slice(2);

/** The value after `--name`, or the fallback. */
export function option(name: string, fallback: string): string {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
}

export const numberOption = (name: string, fallback: number) => Number(option(name, String(fallback)));

export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes what the logger simulator uploaded (a run's and any earlier run's that was cut short), recounting their
 * days of the rollup, so every run meets the seeded world as it was. On PostgreSQL the tables are vacuumed after:
 * a deleted upload leaves a dead row behind, and this machine's server runs with autovacuum off (a production
 * server has it on), so without it each run would read through every earlier run's dead rows (measured: 922,400
 * dead catches beside 1 M live ones after a few mixed-load runs, the bird log list's count reading 7,000 pages).
 */
export async function removeUploads(db: Db, rollups: HeatRollups): Promise<void> {
  const simulated = db.kysely.selectFrom('logger_client').select('client_id').where('version', '=', 'simulator');
  const span = await db.kysely
    .selectFrom('catch')
    .select((eb) => [eb.fn.min('caught_at').as('first'), eb.fn.max('caught_at').as('last')])
    .where('client_id', 'in', simulated)
    .executeTakeFirstOrThrow();
  if (span.first !== null && span.last !== null) {
    await db.kysely.deleteFrom('catch').where('client_id', 'in', simulated).execute();
    // PostgreSQL keeps the duplicate rule's keys apart from the partitioned catches (decision 0029).
    if (db.dialect === 'postgres')
      await db.kysely.deleteFrom('catch_key').where('client_id', 'in', simulated).execute();
    await db.kysely.deleteFrom('sale').where('client_id', 'in', simulated).execute();
    await rollups.rebuild([Math.floor(Number(span.first) / DAY_MS), Math.floor(Number(span.last) / DAY_MS) + 1]);
  }
  if (db.dialect === 'postgres')
    await sql`vacuum (analyze) catch, catch_key, sale, heat_cell_day, heat_cell_window, heat_window_packed, heat_map_version, heat_window_built`.execute(
      db.kysely,
    );
}

const percentileOfSorted = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Count, p50, p95, p99 and max of a list of latencies (NaN for an empty list), as the load benches print them. */
export function latencySummary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentileOfSorted(sorted, 0.5),
    p95: percentileOfSorted(sorted, 0.95),
    p99: percentileOfSorted(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
}
