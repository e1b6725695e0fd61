/**
 * A backup in the middle of 20,000 catch reports, and `npm run restore` of what it wrote (decision 0028). The reports
 * go over HTTP through the ingestion route to a real app on a SQLite file (its catch-commit thread and checkpointer
 * running). Once 6,000 are acknowledged the backup starts, through the code `npm run backup` runs, in steps of a few
 * pages so that uploads commit between its steps while the rest of the reports go on. The backup must pass
 * `PRAGMA integrity_check`, be a plain database file, and hold every report acknowledged before it started, whole
 * batches only and none sent after its snapshot. `npm run restore` must refuse while the app has the database open,
 * then put the backup in place and keep the replaced database aside; the app started again on the restored file
 * takes the reports the backup missed. The commands' bad input and a round trip through both: backup-restore-cli.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatchBatchResponse } from '#shared/contracts/catches';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { catchPlace, type CatchPlace, validCatch } from '../test/catch-fixtures';
import { runCli } from '../test/cli-sandbox';
import { insertDemoCatalogue } from '../test/demo-catalogue';
import { openDatabase } from './database';
import { migrateToLatest } from './migrator';
import { backupSqlite } from './sqlite-backup';

const REPORTS = 20_000;
const BATCH = 100;
const LOGGERS = 4;
const IN_FLIGHT = 8;
/** The backup starts once this many batches are acknowledged (6,000 reports). */
const BACKUP_AFTER = 60;
/** Pages the backup copies per step: a few, so that the copy of a database this small spans many uploads. */
const PAGES_PER_STEP = 4;

interface Batch {
  token: string;
  items: Record<string, unknown>[];
  /** `client_id/report_id` of each item, as the catch table stores them. */
  keys: string[];
}

let dataDir: string;
let config: Config;
let app: FastifyInstance | undefined;

/** An app on DATA_DIR's SQLite file, as the server runs it (catch-commit thread, checkpointer), listening on loopback. */
async function startApp(): Promise<{ app: FastifyInstance; url: string; place: CatchPlace }> {
  const db = await openDatabase(config.database);
  await migrateToLatest(db);
  const built = await buildApp({ config, db, logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { app: built.app, url: `http://127.0.0.1:${port}`, place: catchPlace(await built.services.catalogue.view()) };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-backup-'));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    AUTH_IP_PER_MINUTE: '100000',
    // Batches of one minute from each logger: what is tested is the backup, not game reality (decision 0039).
    CATCH_RATE_PER_MINUTE: '0',
    CATCH_RATE_PER_HOUR: '0',
  });
  const db = await openDatabase(config.database);
  await migrateToLatest(db);
  await insertDemoCatalogue(db.kysely);
  await db.close();
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function post(url: string, token: string, items: unknown[]): Promise<CatchBatchResponse> {
  const res = await fetch(`${url}/api/c_report/catches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return CatchBatchResponse.parse(JSON.parse(text));
}

const catchKeys = (sqlite: SQLite.Database) =>
  new Set(sqlite.prepare(`select client_id || '/' || report_id from catch`).pluck().all() as string[]);

function openChecked(file: string): SQLite.Database {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  return sqlite;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('backup while loggers upload, then restore', () => {
  it('backs up every acknowledged report mid-upload, and restores it in place of the database', async () => {
    const started = await startApp();
    app = started.app;
    const { url, place } = started;
    const tokens: { client_id: string; client_token: string }[] = [];
    for (let i = 0; i < LOGGERS; i++) {
      const res = await fetch(`${url}/api/c_report/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ player_name: `Backup ${i}` }),
      });
      expect(res.status).toBe(201);
      tokens.push((await res.json()) as { client_id: string; client_token: string });
    }
    const batches: Batch[] = Array.from({ length: REPORTS / BATCH }, (_, i) => {
      const logger = tokens[i % LOGGERS]!;
      const items = Array.from({ length: BATCH }, () => validCatch(place));
      return { token: logger.client_token, items, keys: items.map((item) => `${logger.client_id}/${item.report_id}`) };
    });

    const live = config.database.dialect === 'sqlite' ? config.database.file : '';
    const backupFile = path.join(dataDir, 'backups', 'anglerdex-backup.db');
    mkdirSync(path.dirname(backupFile));
    const acknowledged = new Set<number>();
    let ackedBeforeBackup: Set<number> | undefined;
    const sentAfterSnapshot = new Set<number>();
    let snapshotTaken = false;
    let copying = false;
    let ackedWhileCopying = 0;
    let backup: Promise<Awaited<ReturnType<typeof backupSqlite>>> | undefined;
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < batches.length; i = next++) {
        if (snapshotTaken) sentAfterSnapshot.add(i);
        const answer = await post(url, batches[i]!.token, batches[i]!.items);
        expect(answer.created).toBe(BATCH);
        acknowledged.add(i);
        if (copying) ackedWhileCopying += 1;
        if (acknowledged.size === BACKUP_AFTER) {
          ackedBeforeBackup = new Set(acknowledged);
          // Up to its snapshot the backup runs before this returns: the batches sent from here on come after it.
          backup = backupSqlite(live, backupFile, {
            pagesPerStep: PAGES_PER_STEP,
            onSnapshot: () => {
              snapshotTaken = true;
              copying = true;
            },
          }).finally(() => (copying = false));
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    const backedUp = await backup!;
    expect(acknowledged.size).toBe(batches.length);
    // In the middle: uploads went on, and were acknowledged, while the backup copied.
    expect(sentAfterSnapshot.size).toBeGreaterThan(0);
    expect(ackedWhileCopying).toBeGreaterThan(0);

    // A plain database: no WAL flag in its header (bytes 18 and 19 are 1 in rollback-journal mode), nothing beside it.
    expect([...readFileSync(backupFile).subarray(18, 20)]).toEqual([1, 1]);
    expect(existsSync(`${backupFile}-wal`)).toBe(false);
    const copy = openChecked(backupFile);
    const inBackup = catchKeys(copy);
    const rolledUp = copy.prepare('select sum(count) from heat_cell_day').pluck().get();
    copy.close();
    const whole = batches.filter((batch) => batch.keys.every((key) => inBackup.has(key)));
    for (const batch of batches) {
      // One commit's snapshot: each batch is there whole or not at all, and nothing else is.
      if (!whole.includes(batch)) expect(batch.keys.filter((key) => inBackup.has(key))).toEqual([]);
    }
    expect(inBackup.size).toBe(whole.length * BATCH);
    for (const i of ackedBeforeBackup!) expect(whole).toContain(batches[i]);
    for (const i of sentAfterSnapshot) expect(whole).not.toContain(batches[i]);
    expect(backedUp.catches).toBe(inBackup.size);
    // The heat map's rollup is written in each batch's transaction: the snapshot has it for exactly these catches.
    expect(rolledUp).toBe(inBackup.size);

    // Restore refuses while the app has the database open, and changes nothing.
    const refused = await runCli('src/server/db/restore-cli.ts', [backupFile], { dataDir, pgSchema: '' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is in use');
    expect(refused.stderr).not.toMatch(/^\s+at /m);
    const uploadedLive = new SQLite(live, { readonly: true });
    expect(uploadedLive.prepare('select count(*) from catch').pluck().get()).toBe(REPORTS);
    uploadedLive.close();

    await app.close();
    app = undefined;
    const restored = await runCli('src/server/db/restore-cli.ts', [backupFile], { dataDir, pgSchema: '' });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`${inBackup.size} catches`);
    const aside = /the replaced database is kept as (.+)$/m.exec(restored.stdout)?.[1];
    expect(aside).toBeDefined();
    expect(existsSync(`${live}-wal`)).toBe(false);
    const replaced = openChecked(aside!);
    expect(catchKeys(replaced).size).toBe(REPORTS);
    replaced.close();
    const back = openChecked(live);
    expect(catchKeys(back)).toEqual(inBackup);
    back.close();

    // The server starts on the restored file and takes the reports the backup missed; the others are duplicates.
    const again = await startApp();
    app = again.app;
    const missed = batches.filter((batch) => !whole.includes(batch));
    for (const batch of missed) expect((await post(again.url, batch.token, batch.items)).created).toBe(BATCH);
    expect((await post(again.url, whole[0]!.token, whole[0]!.items)).duplicates).toBe(BATCH);
  }, 180_000);
});
