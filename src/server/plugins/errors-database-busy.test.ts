/**
 * A busy database is a 503 DATABASE_BUSY with Retry-After, never a 500, and the transaction that met it leaves
 * nothing behind. The locks, conflicts and refused connections here are real; only the codes no test can provoke
 * cheaply (deadlock, too many connections) are thrown by hand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { isDatabaseBusy } from '../db/errors';
import errors, { DATABASE_BUSY_RETRY_AFTER } from './errors';

const BUSY = { statusCode: 503, detail: 'DATABASE_BUSY', retryAfter: String(DATABASE_BUSY_RETRY_AFTER) };

async function answer(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'POST', url });
  return { statusCode: res.statusCode, detail: res.json().detail, retryAfter: res.headers['retry-after'] };
}

/** An app with the real error plugin and one route per way of meeting a busy database. */
async function appWith(routes: Record<string, () => Promise<unknown>>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errors);
  for (const [url, run] of Object.entries(routes)) app.post(url, async () => ({ result: await run() }));
  await app.ready();
  return app;
}

const countRows = async (db: Db) =>
  Number((await sql<{ n: number }>`select count(*) as n from busy_probe`.execute(db.kysely)).rows[0]!.n);

describe('SQLite: another connection holds the write lock', () => {
  let dir: string;
  let db: Db;
  let other: SQLite.Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-busy-'));
    const file = path.join(dir, 'busy.db');
    db = await openDatabase({ dialect: 'sqlite', file });
    await sql`create table busy_probe (id integer primary key, note text not null)`.execute(db.kysely);
    // The server waits 5 s for a lock; the test need not.
    db.sqliteWriter!.setBusyTimeoutMs(20);
    other = new SQLite(file);
    app = await appWith({
      '/write': () =>
        db.kysely.transaction().execute(async (trx) => {
          await sql`insert into busy_probe (note) values ('first')`.execute(trx);
          await sql`insert into busy_probe (note) values ('second')`.execute(trx);
        }),
    });
  });
  afterAll(async () => {
    await app.close();
    other.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 DATABASE_BUSY with Retry-After while locked, stores nothing, and works once released', async () => {
    other.prepare('begin immediate').run();
    try {
      expect(await answer(app, '/write')).toEqual(BUSY);
    } finally {
      other.prepare('rollback').run();
    }
    expect(await countRows(db)).toBe(0);
    expect((await answer(app, '/write')).statusCode).toBe(200);
    expect(await countRows(db)).toBe(2);
  });
});

describe('PostgreSQL, unreachable', () => {
  let silent: net.Server;
  let silentPort: number;
  const sockets = new Set<net.Socket>();
  let app: FastifyInstance;

  beforeAll(async () => {
    // Accepts connections and never answers: a server too loaded to speak.
    silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as net.AddressInfo).port;
    const refusedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const query = async (pool: pg.Pool) => {
      try {
        return await pool.query('select 1');
      } finally {
        await pool.end();
      }
    };
    app = await appWith({
      '/refused': () => query(new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${refusedPort}/test` })),
      '/silent': () =>
        query(
          new pg.Pool({
            connectionString: `postgres://postgres@127.0.0.1:${silentPort}/test`,
            connectionTimeoutMillis: 50,
          }),
        ),
    });
  });
  afterAll(async () => {
    await app.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers a refused connection with 503', async () => {
    expect(await answer(app, '/refused')).toEqual(BUSY);
  });

  it('answers a connection time-out with 503', async () => {
    expect(await answer(app, '/silent')).toEqual(BUSY);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: conflicts and locks', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let db: Db;
  let other: pg.Client;
  let app: FastifyInstance;
  let fullPool: pg.Pool;

  beforeAll(async () => {
    db = await openDatabase({ dialect: 'postgres', url }, { pgSchema: schema });
    await sql`create table busy_probe (id integer primary key, n integer not null)`.execute(db.kysely);
    await sql`insert into busy_probe (id, n) values (1, 0)`.execute(db.kysely);
    other = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await other.connect();
    // One connection, already taken: the next request waits for the pool and gives up.
    fullPool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 50 });
    app = await appWith({
      // A concurrent update commits between this transaction's read and its write: serialization failure.
      '/conflict': () =>
        db.kysely
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            await sql`select n from busy_probe where id = 1`.execute(trx);
            await other.query('update busy_probe set n = n + 1 where id = 1');
            await sql`update busy_probe set n = n + 10 where id = 1`.execute(trx);
          }),
      '/locked': () =>
        db.kysely.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '50ms'`.execute(trx);
          await sql`update busy_probe set n = n + 100 where id = 1`.execute(trx);
        }),
      '/pool-full': async () => {
        const held = await fullPool.connect();
        try {
          return await fullPool.query('select 1');
        } finally {
          held.release();
        }
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fullPool.end();
    await other.end();
    await db.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  const n = async () => (await sql<{ n: number }>`select n from busy_probe where id = 1`.execute(db.kysely)).rows[0]!.n;

  it('answers a serialization failure (40001) with 503 and keeps only the other writer’s change', async () => {
    const before = await n();
    expect(await answer(app, '/conflict')).toEqual(BUSY);
    expect(await n()).toBe(before + 1);
  });

  it('answers a lock time-out (55P03) with 503 while another transaction holds the table', async () => {
    await other.query('begin');
    try {
      await other.query('lock table busy_probe in access exclusive mode');
      expect(await answer(app, '/locked')).toEqual(BUSY);
    } finally {
      await other.query('rollback');
    }
    const before = await n();
    expect((await answer(app, '/locked')).statusCode).toBe(200);
    expect(await n()).toBe(before + 100);
  });

  it('answers a pool with no free connection in time with 503', async () => {
    expect(await answer(app, '/pool-full')).toEqual(BUSY);
  });
});

describe('codes no test provokes cheaply', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each(['40P01', '53300', '57P03', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT'])('%s is busy', async (code) => {
    const app = await appWith({
      '/thrown': async () => {
        throw withCode(code);
      },
    });
    expect(await answer(app, '/thrown')).toEqual(BUSY);
    await app.close();
  });

  it('does not call other database errors busy: they stay a bare 500', async () => {
    for (const error of [withCode('23505'), withCode('42601'), withCode('SQLITE_CONSTRAINT_UNIQUE'), new Error('x')])
      expect(isDatabaseBusy(error)).toBe(false);
    const app = await appWith({
      '/syntax': async () => {
        throw withCode('42601', 'syntax error at or near "selec"');
      },
    });
    const res = await answer(app, '/syntax');
    expect(res).toEqual({ statusCode: 500, detail: 'Internal Server Error', retryAfter: undefined });
    await app.close();
  });

  it('looks through one wrapping cause', () => {
    expect(isDatabaseBusy(new Error('query failed', { cause: withCode('ECONNREFUSED') }))).toBe(true);
  });
});
