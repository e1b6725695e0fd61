/**
 * Opens the one Kysely instance for the configured dialect. This folder is the only place that knows which
 * database is behind Kysely; everything else writes portable Kysely queries against `Database`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { Database } from './schema';
import { SqliteBooleansPlugin } from './sqlite-booleans';

export type Dialect = DatabaseTarget['dialect'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema the tables live in (the connection's current schema). */
  schema?: string;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (count(*), sum) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface OpenOptions {
  /** PostgreSQL schema to use (tests isolate each file in its own schema); created when missing. */
  pgSchema?: string;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Db> {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
    const sqlite = new SQLite(target.file);
    // WAL: readers never block the writer; synchronous=NORMAL is durable across process crashes in WAL mode.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new SqliteBooleansPlugin()],
    });
    return {
      kysely,
      dialect: 'sqlite',
      ping: async () => {
        sqlite.prepare('select 1').get();
      },
      close: () => kysely.destroy(),
    };
  }

  const schema = options.pgSchema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`create schema if not exists ${schema}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const current = await pool.query<{ schema: string }>('select current_schema() as schema');
  return {
    kysely,
    dialect: 'postgres',
    schema: current.rows[0]?.schema ?? 'public',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => kysely.destroy(),
  };
}
