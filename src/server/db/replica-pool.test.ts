/**
 * The read replica's fallback (db/replica-pool.ts, decision 0030) on the real PostgreSQL of `npm run test:pg`: a
 * replica that refuses connections, one whose connections drop in the middle of the reads, and one that answers an
 * SQL error. The "replica" that answers is the primary reached through a TCP relay the test can cut, so what the
 * reads see is a real connection failure, not a mock's. `npm run test:cluster` checks a real streaming replica.
 */
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';
import { isReplicaUnavailable, type ReplicaState } from './replica-pool';
import { createTestApp, type TestContext } from '../test/test-app';
import { unusedPort } from '../test/unused-port';

const pgUrl = process.env.TEST_DATABASE_URL;

describe('isReplicaUnavailable', () => {
  it('takes socket errors, connection and shutdown codes for the replica, SQL errors for the statement', () => {
    expect(isReplicaUnavailable(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isReplicaUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaUnavailable(Object.assign(new Error('shutdown'), { code: '57P01' }))).toBe(true);
    expect(isReplicaUnavailable(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(true);
    expect(isReplicaUnavailable(Object.assign(new Error('lost'), { code: '08006' }))).toBe(true);
    expect(isReplicaUnavailable(Object.assign(new Error('no table'), { code: '42P01' }))).toBe(false);
    expect(isReplicaUnavailable(Object.assign(new Error('cancelled'), { code: '57014' }))).toBe(false);
  });
});

/** A TCP relay to the PostgreSQL server: `cut()` drops every connection through it and refuses new ones. */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const viaRelay = new URL(url);
  viaRelay.port = String(port);
  return {
    url: viaRelay.toString(),
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(pgUrl)('reads through a replica that fails (PostgreSQL)', () => {
  let db: Db | undefined;
  const states: ReplicaState[] = [];
  afterEach(async () => {
    await db?.close();
    db = undefined;
    states.length = 0;
  });

  const open = async (replicaUrl: string) => {
    db = await openDatabase(
      { dialect: 'postgres', url: pgUrl!, replicaUrl },
      { onReplicaState: (state) => states.push(state) },
    );
    return db;
  };
  /** Which server answered: the relay's client port differs from a direct connection's only in the backend pid. */
  const backendOf = async (kysely: Db['kysely']) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(kysely)).rows[0]!.pid;

  it('a replica on a closed port: every read answers from the primary, the replica is reported down', async () => {
    const closed = `postgres://postgres@127.0.0.1:${await unusedPort()}/test`;
    const { reads, replica } = await open(closed);
    for (let i = 0; i < 5; i++) {
      const { rows } = await sql<{ n: number }>`select ${i}::int as n`.execute(reads);
      expect(rows[0]!.n).toBe(i);
    }
    expect(replica!.state()).toBe('down');
    expect(await replica!.check()).toBe('down');
    // Told once, not once per read.
    expect(states).toEqual(['down']);
  });

  it('a replica whose connections drop between and during reads: the reads answer from the primary', async () => {
    const relay = await relayTo(pgUrl!);
    const { reads, replica } = await open(relay.url);
    expect(await replica!.check()).toBe('up');
    // Idle connections in the replica's pool, and reads in flight when the relay is cut.
    await Promise.all(Array.from({ length: 4 }, () => sql`select 1`.execute(reads)));
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      sql<{ n: number }>`select ${i}::int as n, pg_sleep(0.2)`.execute(reads),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await relay.cut();
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const after = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(reads)),
    );
    expect(after.map((a) => a.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(replica!.state()).toBe('down');
    expect(states).toEqual(['down']);
  });

  it('a live replica that answers an SQL error: the error is the statement’s, not retried, the replica stays up', async () => {
    const relay = await relayTo(pgUrl!);
    try {
      const { reads, replica, kysely } = await open(relay.url);
      await expect(sql`select * from no_such_table_here`.execute(reads)).rejects.toMatchObject({ code: '42P01' });
      expect(replica!.state()).toBe('up');
      // And a read there is the replica's connection, not the primary's pool.
      const primaryPid = await backendOf(kysely);
      expect(await backendOf(reads)).not.toBe(primaryPid);
      expect(states).toEqual([]);
    } finally {
      await relay.cut();
    }
  });
});

describe.runIf(pgUrl)('the app with a replica that does not answer (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${await unusedPort()}/test` },
    });
  });
  afterAll(() => ctx?.close());

  it('serves the public reads from the primary, and stays ready saying the replica is down', async () => {
    const view = await ctx.services.catalogue.view();
    const mapId = view.groups.maps[0]!.id;
    const fishId = view.groups.fish[0]!.id;
    for (const url of [
      `/api/heatmap?map_id=${mapId}&range=7d`,
      `/api/bait-guide?fish_id=${fishId}`,
      '/api/logs/bird',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const ready = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'postgres', replica: 'down' });
  });
});

describe.skipIf(pgUrl)('the app without a replica (SQLite)', () => {
  it('says nothing about a replica when ready', async () => {
    const ctx = await createTestApp({ seed: false });
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.json()).toEqual({ status: 'ready', database: 'sqlite' });
    } finally {
      await ctx.close();
    }
  });
});
