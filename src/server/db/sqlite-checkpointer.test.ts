import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './sqlite-checkpointer';
import { FALLBACK_AUTOCHECKPOINT } from './sqlite-writer';

let dir: string;
let file: string;
let writer: SQLite.Database;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'checkpointer-'));
  file = path.join(dir, 'db.sqlite');
  writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('create table t (payload blob)');
});
afterEach(() => {
  if (writer.open) writer.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until(done: () => boolean, ms = 5000): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms;) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return done();
}

describe('the SQLite checkpoint worker', () => {
  it('takes the checkpoints off the writer: the database file grows only through the worker', async () => {
    const checkpointer = startCheckpointer(writer, file);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(file).size;
    // 4 MB of new pages: they reach the database file only when a checkpoint copies them out of the WAL.
    const insert = writer.prepare('insert into t values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 64; i++) insert.run(Buffer.alloc(65_536, i));
    })();
    expect(await until(() => statSync(file).size >= before + 4_000_000)).toBe(true);
    await checkpointer.stop();
    expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: 64 });
  });

  it('without the worker, the writer alone never copies the WAL back (what the worker is for)', async () => {
    writer.pragma('wal_autocheckpoint = 0');
    const before = statSync(file).size;
    const insert = writer.prepare('insert into t values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 64; i++) insert.run(Buffer.alloc(65_536, i));
    })();
    expect(await until(() => statSync(file).size > before, 800)).toBe(false);
  });

  it('gives the checkpoints back to the writer when the worker fails', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      // A path the worker cannot open: its connection throws, the worker fails.
      const checkpointer = startCheckpointer(writer, path.join(dir, 'missing', 'db.sqlite'));
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      expect(await until(() => writer.pragma('wal_autocheckpoint', { simple: true }) === FALLBACK_AUTOCHECKPOINT)).toBe(
        true,
      );
      await checkpointer.stop();
      expect(warnings.some((message) => message.includes('checkpoint worker failed'))).toBe(true);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('stops cleanly, twice, and the writer then closes', async () => {
    const checkpointer = startCheckpointer(writer, file);
    await checkpointer.stop();
    await checkpointer.stop();
    writer.close();
    expect(writer.open).toBe(false);
  });
});
