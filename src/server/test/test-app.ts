/**
 * Builds a real app on a real database for a test file: a fresh SQLite file in a temp DATA_DIR by default, or, when
 * TEST_DATABASE_URL points at PostgreSQL (`npm run test:pg`), a fresh schema of its own in that database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import type { Services } from '../services';
import { insertDemoCatalogue } from './demo-catalogue';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The app's services, for what a test sets up or inspects beside HTTP (issuing tokens, refreshing the catalogue). */
  services: Services;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment variables (as the server would read them). */
  env?: Record<string, string>;
  /** Fill the catalogue with the demo world's rows (`insertDemoCatalogue`: no version, no pictures). Default true. */
  seed?: boolean;
  /** Pino settings, e.g. `{ level: 'info', stream }` to read what the app logs. Default: no logging. */
  logger?: object;
  /**
   * PostgreSQL: an existing schema to open (a benchmark's seeded world), kept on close; by default a fresh one,
   * dropped on close.
   */
  pgSchema?: string;
  /** Called with every route as the app adds it (the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** The package loader and importer behind the admin catalogue routes, instead of the app's own. */
  catalogueImport?: AppOptions['catalogueImport'];
  /** The app's clock (`AppOptions.clock`): a test moves it to run past a checkout's deadline. */
  clock?: () => number;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  // Under `npm run test:pg` the rate-limit counters live in Redis too, each app under its own key prefix.
  const redisUrl = process.env.TEST_REDIS_URL;
  const pgSchema = pgUrl ? (options.pgSchema ?? `t_${randomBytes(6).toString('hex')}`) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    PUBLIC_BASE_URL: 'https://anglerdex.test',
    // No overload refusals unless a test asks for them: a loaded test machine must not have a test's requests shed.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_HEAP_MIB: '0',
    // Tests read right after they write: every kept answer is checked (the fresh window has tests of its own).
    KEPT_ANSWER_FRESH_MS: '0',
    // No probation and no rate limit per logger unless a test asks for them (decision 0039): most tests upload
    // catches of one minute from a logger registered a moment ago, and read them back at once.
    CATCH_RATE_PER_MINUTE: '0',
    CATCH_RATE_PER_HOUR: '0',
    LOGGER_PROBATION_HOURS: '0',
    // Test files register many loggers from one address (app.inject's) and account; the limits have tests of their own.
    LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '10000',
    LOGGER_BINDS_PER_ACCOUNT_PER_DAY: '10000',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:` } : {}),
    ...options.env,
  });
  const db = await openDatabase(config.database, { pgSchema });
  await migrateToLatest(db);
  if (options.seed !== false) await insertDemoCatalogue(db.kysely);
  const { app, services } = await buildApp({
    config,
    db,
    logger: options.logger ?? false,
    onRoute: options.onRoute,
    catalogueImport: options.catalogueImport,
    clock: options.clock,
  });
  await app.ready();

  return {
    app,
    db,
    config,
    services,
    async close() {
      await app.close();
      if (pgUrl && pgSchema && !options.pgSchema) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop schema if exists ${pgSchema} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
