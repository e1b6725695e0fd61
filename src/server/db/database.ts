/**
 * Opens the one Kysely instance for the configured dialect. This folder is the only place that knows which
 * database is behind Kysely; everything else writes portable Kysely queries against `Database`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { Database } from './schema';
import { preparingClient, StatementNames } from './pg-auto-prepare';
import { FallbackReadPool, type ReplicaState } from './replica-pool';
import { type Checkpointer, startCheckpointer } from './sqlite-checkpointer';
import { BUSY_TIMEOUT_MS, DEFAULT_CACHE_MIB, openSqliteWriter, sqliteKysely } from './sqlite-writer';

export type Dialect = DatabaseTarget['dialect'];

/**
 * The read connection maps the database file into memory (up to this many bytes; address space, not memory). Every
 * commit of the catch-commit thread changes the WAL, after which the reader's next transaction starts with its page
 * cache emptied; without the map it then read each page again with a system call on the event loop (measured in the
 * mixed-load bench: 49–50 reads from the kernel per answered read while loggers upload 2,000 reports/s, 2.4 without
 * the uploads). Mapped, a page of the file is a memory access; only pages still in the WAL are read (9.4 per read).
 */
const READER_MMAP_BYTES = 16 * 1024 ** 3;

/** The dialect behind a Kysely instance, for code handed only the instance (demo seeding, tools). */
export function dialectOf(db: Kysely<Database>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

export interface Db {
  kysely: Kysely<Database>;
  /**
   * For the hot public reads (heat map, bait guide, logs), which may lag the last commit. SQLite: a second, read-only
   * connection, so a read never waits for the writer's connection to come back from a transaction, and in WAL mode it
   * sees the last commit. PostgreSQL: the streaming replica of DATABASE_REPLICA_URL, falling back to the primary when
   * it does not answer (db/replica-pool.ts, decision 0030); without one, the same pool as `kysely`. Anything that
   * must see its own writes or another request's just made uses `committedReads` or `kysely`.
   */
  reads: Kysely<Database>;
  /**
   * Reads that see every commit, off the writer's path where the dialect allows: SQLite's read-only connection,
   * PostgreSQL's primary (never the replica). For lookups right after another request's write (an upload token).
   */
  committedReads: Kysely<Database>;
  /**
   * PostgreSQL with DATABASE_REPLICA_URL: `state()` says whether reads go to the replica or, for now, to the primary;
   * `check()` asks the replica now.
   */
  replica?: { state(): ReplicaState; check(): Promise<ReplicaState> };
  dialect: Dialect;
  /** PostgreSQL: the schema the tables live in (the connection's current schema). */
  schema?: string;
  /**
   * SQLite files: what another writer connection needs to behave as `kysely`'s (the catch-commit thread): the file,
   * and how long the writer waits for another connection's lock (on a timer: db/sqlite-busy-wait.ts; a test
   * shortens it).
   */
  sqliteWriter?: { file: string; cacheMib: number; busyTimeoutMs(): number; setBusyTimeoutMs(ms: number): void };
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
  /** PostgreSQL with a replica: told when the replica goes down or answers again. */
  onReplicaState?: (state: ReplicaState, error?: unknown) => void;
}

/** PostgreSQL: a statement text is prepared on its fifth call in a process (`PG_PREPARE_AFTER`, decision 0042). */
export const DEFAULT_PREPARE_AFTER = 5;

/** How long a replica connection may take before a read goes to the primary instead, ms. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Db> {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
    // The server's event loop never waits inside SQLite for a lock: its statements wait on a timer instead.
    let busyTimeoutMs = BUSY_TIMEOUT_MS;
    const cacheMib = target.cacheMib ?? DEFAULT_CACHE_MIB;
    const sqlite = openSqliteWriter(target.file, 0, cacheMib);
    const kysely = sqliteKysely(sqlite, () => busyTimeoutMs);
    // An in-memory database is one connection's own: it reads through that one, and has no WAL.
    let reads = kysely;
    let checkpointer: Checkpointer | undefined;
    let reader: SQLite.Database | undefined;
    if (target.file !== ':memory:') {
      checkpointer = startCheckpointer(sqlite, target.file);
      reader = new SQLite(target.file, { readonly: true });
      reader.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      reader.pragma(`cache_size = ${-Math.round(cacheMib * 1024)}`);
      reader.pragma(`mmap_size = ${READER_MMAP_BYTES}`);
      reads = sqliteKysely(reader);
    }
    return {
      kysely,
      reads,
      committedReads: reads,
      dialect: 'sqlite',
      ...(target.file === ':memory:'
        ? {}
        : {
            sqliteWriter: {
              file: target.file,
              cacheMib,
              busyTimeoutMs: () => busyTimeoutMs,
              setBusyTimeoutMs: (ms: number) => {
                busyTimeoutMs = ms;
              },
            },
          }),
      ping: async () => {
        sqlite.prepare('select 1').get();
      },
      close: async () => {
        await checkpointer?.stop();
        if (reads !== kysely) await reads.destroy();
        // Kysely closes its connection only if it ever used it: a reader that served no read stayed open, and with
        // it SQLite's locks on the file, which `npm run restore` takes for a server still using the database. It
        // closes before the writer: the last connection to close checkpoints the WAL and removes it, which a
        // read-only one cannot do. A seed that closed its writer first left 2 GB of WAL, which the next start read
        // back with its event loop stopped for 2.3 s (docs/BENCHMARKS.md).
        if (reader?.open) reader.close();
        await kysely.destroy();
        if (sqlite.open) sqlite.close();
      },
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
  // Both pools' connections run the statements this process repeats as prepared ones (db/pg-auto-prepare.ts).
  const prepareAfter = target.prepareAfter ?? DEFAULT_PREPARE_AFTER;
  const connections = {
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    ...(prepareAfter > 0 ? { Client: preparingClient(new StatementNames(prepareAfter)) } : {}),
  };
  const pool = new pg.Pool({ connectionString: target.url, max: 10, ...connections });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const current = await pool.query<{ schema: string }>('select current_schema() as schema');
  let reads = kysely;
  let replica: FallbackReadPool | undefined;
  if (target.replicaUrl) {
    // The replica is not asked anything at start-up: a server starts, and serves from the primary, without it.
    const replicaPool = new pg.Pool({
      connectionString: target.replicaUrl,
      max: 10,
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
      ...connections,
    });
    replica = new FallbackReadPool(replicaPool, pool, { onStateChange: options.onReplicaState });
    reads = new Kysely<Database>({ dialect: new PostgresDialect({ pool: replica }) });
  }
  return {
    kysely,
    reads,
    committedReads: kysely,
    ...(replica && { replica: { state: () => replica.state, check: () => replica.check() } }),
    dialect: 'postgres',
    schema: current.rows[0]?.schema ?? 'public',
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      if (reads !== kysely) await reads.destroy();
      await kysely.destroy();
    },
  };
}
