/**
 * The benchmarks' large demo worlds (issue 20): `ensureBenchWorld(5_000_000, 'sqlite')` answers the configuration of
 * a demo world seeded to that many catches, seeding it on first use through `npm run seed`'s path (the bulk load for
 * a large world: decision 0022) and reusing it afterwards. SQLite in `data/bench-world-<N>m/`, PostgreSQL in schema
 * `bench_world_<N>m` of BENCH_DATABASE_URL / TEST_DATABASE_URL / the local test database. A world is reused when its
 * progress mark says the catches are all there and no bulk load is unfinished; otherwise seeding continues where
 * it stopped. A bench that adds catches to a world removes them again (heatmap.ts `removeUploads`) or works on a copy.
 */
import path from 'node:path';
import { type Config, loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrator';
import { demoActivityMissing } from '../../../src/server/demo/demo-state';
import { seedDemoWorld } from '../../../src/server/demo/seed-demo-world';

export type BenchDialect = 'sqlite' | 'postgres';

export interface BenchWorld {
  /** What a server or tool needs in its environment to open this world (DATA_DIR; DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** `loadConfig` over `env` (development, no demo seeding of its own, silent). */
  config: Config;
  /** PostgreSQL: the world's schema, for `openDatabase(config.database, { pgSchema })`. */
  pgSchema?: string;
  /** Whether this call seeded (some of) it, and how long that took. */
  seededMs?: number;
}

export interface BenchWorldOptions {
  /** Folder that holds `data/` (default: the repository). */
  root?: string;
  pgUrl?: string;
  /** Progress of a first seed (default: a line on stderr). */
  progress?: (done: number, total: number) => void;
  /**
   * A world of its own, named `bench-world-<name>_<N>m` / `bench_world_<name>_<N>m` (a branch whose migrations the
   * shared world must not get yet). Default: the shared one.
   */
  name?: string;
}

const defaultPgUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** `5m` for 5,000,000 catches, `0_3m` for 300,000 (the heat map bench's labels). */
export const worldLabel = (catches: number) => `${catches / 1_000_000}m`.replace('.', '_');

export async function ensureBenchWorld(
  catches: number,
  dialect: BenchDialect,
  options: BenchWorldOptions = {},
): Promise<BenchWorld> {
  const label = options.name ? `${options.name}_${worldLabel(catches)}` : worldLabel(catches);
  const root = options.root ?? path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.join(root, `data/bench-world-${label}${dialect === 'postgres' ? '-pg' : ''}`);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let pgSchema: string | undefined;
  if (dialect === 'postgres') {
    pgSchema = `bench_world_${label}`;
    // The schema travels in the URL too, so a server started with `env` lands in it.
    const url = new URL(options.pgUrl ?? defaultPgUrl());
    url.searchParams.set('options', `-c search_path=${pgSchema}`);
    env.DATABASE_URL = url.toString();
  }
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DEMO_DATA: 'off', ...env });
  const db = await openDatabase(config.database, { pgSchema });
  try {
    await migrateToLatest(db);
    const empty = (await db.kysely.selectFrom('category').select('id').limit(1).execute()).length === 0;
    if (!empty && !(await demoActivityMissing(db.kysely, catches))) return { env, config, pgSchema };
    const started = Date.now();
    const progress =
      options.progress ??
      ((done: number, total: number) =>
        process.stderr.write(
          `\rbench world ${label} (${dialect}): ${done.toLocaleString('en')} / ${total.toLocaleString('en')}   `,
        ));
    await seedDemoWorld(db.kysely, { mediaDir: path.join(dataDir, 'media'), catches, progress });
    if (!options.progress) process.stderr.write('\n');
    return { env, config, pgSchema, seededMs: Date.now() - started };
  } finally {
    await db.close();
  }
}
