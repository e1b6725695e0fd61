/**
 * `npm run backup` and `npm run restore` run as an operator runs them: a backup restored through both commands brings
 * the database back as it was and keeps the replaced one; on bad input every refusal is one line naming the problem,
 * with a non-zero exit code and no stack trace, and a refused restore leaves the database's rows as they were and
 * nothing set aside. A backup of an older schema restores and says what the server will migrate. On PostgreSQL both
 * commands point to pg_dump (docs/operations.md). A backup taken while loggers upload, and the restore's refusal
 * while a server runs: sqlite-backup.test.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliPgUrl, cliTarget, pgAdmin, runCli } from '../test/cli-sandbox';
import { addLogger, catchRow, insertCatches } from '../test/log-test-data';
import { openDatabase } from './database';
import { migrateTo, migrateToLatest, MIGRATION_NAMES } from './migrator';
import { backupSqlite } from './sqlite-backup';

let dataDir: string;
let pgSchema: string;
const live = () => path.join(dataDir, 'anglerdex.db');

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-backup-cli-'));
  pgSchema = `t_bak_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
});
afterEach(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (cliPgUrl) await pgAdmin(`drop schema if exists ${pgSchema} cascade`);
});

const backup = (...args: string[]) => runCli('src/server/db/backup-cli.ts', args, { dataDir, pgSchema });
const restore = (...args: string[]) => runCli('src/server/db/restore-cli.ts', args, { dataDir, pgSchema });

/** A refusal as the operator sees it: the exit code, and one line on stderr without a stack trace. */
function expectRefused(run: { code: number; stdout: string; stderr: string }, code: number, message: RegExp) {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stderr.trim()).toMatch(message);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stdout).toBe('');
}

/** The live database at its latest schema with two catches, or empty after its first `migrations` migrations. */
async function createLive(migrations = MIGRATION_NAMES.length): Promise<void> {
  const db = await openDatabase(cliTarget(dataDir));
  try {
    if (migrations < MIGRATION_NAMES.length) return await migrateTo(db, MIGRATION_NAMES[migrations - 1]!);
    await migrateToLatest(db);
    const logger = await addLogger(db.kysely);
    await insertCatches(db.kysely, [catchRow(logger), catchRow(logger)]);
  } finally {
    await db.close();
  }
}

/** What a refused restore must leave as it was: the database's rows and migrations, and the backup's bytes. */
function state(backup: string): { rows: unknown[]; backup: string } {
  const sqlite = new SQLite(live(), { readonly: true });
  try {
    return {
      rows: [
        ...sqlite.prepare('select * from catch order by id').all(),
        ...sqlite.prepare('select name from kysely_migration order by name').all(),
      ],
      backup: createHash('sha256').update(readFileSync(backup)).digest('hex'),
    };
  } finally {
    sqlite.close();
  }
}

describe.skipIf(cliPgUrl)('npm run backup and npm run restore on bad input (SQLite)', () => {
  it('backup, then restore: the database comes back as it was at the backup, the replaced one kept', async () => {
    await createLive();
    const file = path.join(dataDir, 'nightly.db');
    const backedUp = await backup(file);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stderr).toMatch(/^backup: snapshot of .*anglerdex\.db taken, copying to .*nightly\.db$/m);
    expect(backedUp.stdout).toMatch(
      new RegExp(`^backed up .*anglerdex\\.db to .*nightly\\.db: 2 catches, schema ${MIGRATION_NAMES.at(-1)}, `, 'm'),
    );

    const sqlite = new SQLite(live());
    sqlite.prepare('delete from catch where id = (select max(id) from catch)').run();
    sqlite.close();
    const restored = await restore(file);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain('2 catches');
    const aside = /^the replaced database is kept as (.+)$/m.exec(restored.stdout)![1]!;
    expect(path.dirname(aside)).toBe(dataDir);
    const count = (file: string) => {
      const db = new SQLite(file, { readonly: true });
      try {
        return db.prepare('select count(*) from catch').pluck().get();
      } finally {
        db.close();
      }
    };
    expect(count(live())).toBe(2);
    expect(count(aside)).toBe(1);
    expect(readdirSync(dataDir).filter((name) => /partial|restoring/.test(name))).toEqual([]);
  }, 120_000);

  it('backup: usage, an existing FILE, no database', async () => {
    expectRefused(await backup(), 2, /^backup: usage: npm run backup -- FILE/);
    expectRefused(await backup('a.db', 'b.db'), 2, /^backup: usage/);
    expectRefused(await backup(path.join(dataDir, 'none.db')), 2, /^backup: there is no database at .*anglerdex\.db/);

    await createLive();
    const existing = path.join(dataDir, 'existing.db');
    writeFileSync(existing, 'keep me');
    expectRefused(await backup(existing), 2, /^backup: .*existing\.db exists: a backup never overwrites a file/);
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    expectRefused(await backup(path.join(dataDir, 'no-folder', 'x.db')), 2, /^backup: the folder .*no-folder/);
    expect(readdirSync(dataDir).filter((name) => name.includes('partial'))).toEqual([]);
  }, 120_000);

  it('restore: refuses a missing, foreign, damaged or newer file and changes nothing', async () => {
    await createLive();
    const good = path.join(dataDir, 'good.db');
    await backupSqlite(live(), good);
    const before = state(good);

    expectRefused(await restore(), 2, /^restore: usage: npm run restore -- FILE/);
    expectRefused(await restore(path.join(dataDir, 'missing.db')), 1, /^restore: .*missing\.db does not exist$/);

    const text = path.join(dataDir, 'notes.txt');
    writeFileSync(text, 'these are not the pages of a database\n'.repeat(200));
    expectRefused(await restore(text), 1, /^restore: .*notes\.txt is not a SQLite database$/);
    const empty = path.join(dataDir, 'empty.db');
    writeFileSync(empty, '');
    expectRefused(await restore(empty), 1, /^restore: .*empty\.db is empty: not a SQLite database$/);

    // A SQLite database of something else.
    const foreign = path.join(dataDir, 'foreign.db');
    const other = new SQLite(foreign);
    other.exec('create table notes (body text)');
    other.close();
    expectRefused(await restore(foreign), 1, /^restore: .*foreign\.db is a SQLite database but not Anglerdex's/);

    // A backup from a newer version of the code: a migration this code does not know.
    const newer = path.join(dataDir, 'newer.db');
    copyFileSync(good, newer);
    const future = new SQLite(newer);
    future.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-the-future', 'now');
    future.close();
    expectRefused(
      await restore(newer),
      1,
      /^restore: .*newer\.db has a newer schema than this version of Anglerdex \(migrations it does not know: 9999-from-the-future\)/,
    );

    // Damaged pages: the catch table's root page overwritten.
    const damaged = path.join(dataDir, 'damaged.db');
    const bytes = readFileSync(good);
    const sqlite = new SQLite(good, { readonly: true });
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    const root = sqlite.prepare(`select rootpage from sqlite_schema where name = 'catch'`).pluck().get() as number;
    sqlite.close();
    bytes.fill(0x5a, (root - 1) * pageSize, root * pageSize);
    writeFileSync(damaged, bytes);
    expectRefused(await restore(damaged), 1, /^restore: .*damaged\.db (fails PRAGMA integrity_check|is damaged)/);

    // Every refusal left the database as it was (leaving WAL mode may have folded its log into the file), set
    // nothing aside and left no staged copy behind.
    expect(state(good)).toEqual(before);
    expect(readdirSync(dataDir).filter((name) => /before-restore|restoring/.test(name))).toEqual([]);
  }, 180_000);

  it('restore: a backup of an older schema is put in place of a deleted database; the server migrates it', async () => {
    const older = MIGRATION_NAMES.length - 2;
    await createLive(older);
    const file = path.join(dataDir, 'older.db');
    await backupSqlite(live(), file);
    // The database deleted, a `-wal` full of its last commits left behind: SQLite would replay it onto the restored
    // file, so the restore must move it away.
    await createLive();
    const wal = `${live()}-wal`;
    const writer = new SQLite(live());
    writer.pragma('wal_autocheckpoint = 0');
    writer.prepare('update catch set weight = weight + 1').run();
    const stale = readFileSync(wal);
    writer.close();
    rmSync(live());
    writeFileSync(wal, stale);
    expect(stale.length).toBeGreaterThan(0);

    const run = await restore(file);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`0 catches, schema ${MIGRATION_NAMES[older - 1]}`);
    expect(run.stdout).toContain(`2 newer migrations (${MIGRATION_NAMES.slice(older).join(', ')})`);
    expect(run.stdout).not.toContain('kept as');
    expect(existsSync(`${live()}-wal`)).toBe(false);
    const db = await openDatabase(cliTarget(dataDir));
    try {
      expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES.slice(older));
      expect(await db.kysely.selectFrom('catch').select('id').execute()).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe.skipIf(!cliPgUrl)('npm run backup and npm run restore on PostgreSQL', () => {
  it('point to pg_dump and pg_restore', async () => {
    expectRefused(await backup(path.join(dataDir, 'x.db')), 2, /^backup: DATABASE_URL is not a SQLite file: .*pg_dump/);
    expectRefused(
      await restore(path.join(dataDir, 'x.db')),
      2,
      /^restore: DATABASE_URL is not a SQLite file: .*pg_restore/,
    );
  }, 60_000);
});
