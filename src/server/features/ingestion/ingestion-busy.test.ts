/**
 * A busy database answers an upload 503 DATABASE_BUSY with Retry-After, never a 500, stores nothing of the batch,
 * and the same batch re-sent later is stored once. The locks are real: another connection holds SQLite's write lock,
 * or an exclusive lock on PostgreSQL's catch table while the app's connections have a short lock_timeout.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatchBatchResponse } from '#shared/contracts/catches';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Db, openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { insertDemoCatalogue } from '../../test/demo-catalogue';
import { DATABASE_BUSY_RETRY_AFTER } from '../../plugins/errors';
import type { Services } from '../../services';
import { catchPlace, validCatch } from '../../test/catch-fixtures';

const pgUrl = process.env.TEST_DATABASE_URL;
const pgSchema = `t_${randomBytes(6).toString('hex')}`;

let dataDir: string;
let db: Db;
let app: FastifyInstance;
let services: Services;
/** Holds the lock, beside the app. */
let lock: { take(): Promise<void>; release(): Promise<void>; close(): Promise<void> };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-busy-upload-'));
  // PostgreSQL waits for a lock as long as it takes unless told otherwise: the app's connections give up after
  // 100 ms (55P03). The URL's `options` replace the schema option openDatabase sets, so they name the schema too.
  const url = pgUrl
    ? `${pgUrl}?options=${encodeURIComponent(`-c search_path=${pgSchema} -c lock_timeout=100`)}`
    : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  db = await openDatabase(config.database, url ? { pgSchema } : {});
  await migrateToLatest(db);
  await insertDemoCatalogue(db.kysely);
  ({ app, services } = await buildApp({ config, db, logger: false }));
  await app.ready();

  if (config.database.dialect === 'sqlite') {
    // The server waits 5 s for SQLite's lock; the test need not.
    db.sqliteWriter!.setBusyTimeoutMs(20);
    const other = new SQLite(config.database.file);
    lock = {
      take: async () => void other.prepare('begin immediate').run(),
      release: async () => void other.prepare('rollback').run(),
      close: async () => void other.close(),
    };
  } else {
    const other = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${pgSchema}` });
    await other.connect();
    lock = {
      take: async () => {
        await other.query('begin');
        await other.query('lock table catch in access exclusive mode');
      },
      release: async () => void (await other.query('rollback')),
      close: () => other.end(),
    };
  }
});

afterAll(async () => {
  await lock?.close();
  await app?.close();
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${pgSchema} cascade`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an upload while the database is locked', () => {
  it('answers 503 DATABASE_BUSY with Retry-After, stores nothing, and the retried batch is stored once', async () => {
    const logger = (await app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json();
    const place = catchPlace(await services.catalogue.view());
    const items = [validCatch(place), validCatch(place)];
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/c_report/catches',
        headers: { authorization: `Bearer ${logger.client_token}` },
        payload: { items },
      });
    const stored = async () =>
      (await db.kysely.selectFrom('catch').select('id').where('client_id', '=', logger.client_id).execute()).length;

    await lock.take();
    try {
      const busy = await send();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ detail: 'DATABASE_BUSY' });
      expect(busy.headers['retry-after']).toBe(String(DATABASE_BUSY_RETRY_AFTER));
    } finally {
      await lock.release();
    }
    expect(await stored()).toBe(0);

    const retried = await send();
    expect(retried.statusCode).toBe(200);
    expect(CatchBatchResponse.parse(retried.json()).created).toBe(2);
    expect((await send()).json().duplicates).toBe(2);
    expect(await stored()).toBe(2);
  });
});
