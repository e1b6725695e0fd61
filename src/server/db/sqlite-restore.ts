/**
 * `npm run restore`: puts a backup in place of the server's SQLite database (decision 0028). Nothing is replaced
 * until the backup has been copied beside the database and checked (a SQLite file that passes
 * `PRAGMA integrity_check` and carries this application's migrations, none newer than the code). Then:
 *
 * - **A server using the database is detected, not guessed**: the database is switched out of WAL mode, which SQLite
 *   allows only when no other connection has it open (every server connection, its reader, checkpointer and
 *   catch-commit thread included), and an exclusive lock is held until the swap is done. Busy: refused, nothing
 *   changed.
 * - **The WAL is handled**: leaving WAL mode folds the `-wal` (a crashed server's too) into the database file and
 *   removes it, so the replaced database is whole in one file, and no old `-wal` can be replayed onto the restored
 *   one. A `-wal` or `-shm` still there is moved aside with it.
 * - **The replaced database is kept**: it gets a second name, `<database>.before-restore-<time>`, then the checked
 *   copy is renamed over the database's name, so at every moment the name holds one whole database, old or new.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  assertSqliteFile,
  BackupRefusal,
  checkSqliteDatabase,
  type DatabaseCheck,
  fsyncPath,
} from './sqlite-backup-checks';

export interface RestoreResult extends DatabaseCheck {
  /** Where the replaced database was set aside; undefined when there was none. */
  replaced: string | undefined;
  /** Why the replaced database could not be locked, when it was damaged: the caller warns. */
  unlockable?: string;
}

/** Restores the backup `from` as the database `database`. */
export function restoreSqlite(from: string, database: string): RestoreResult {
  const source = path.resolve(from);
  const live = path.resolve(database);
  if (!existsSync(source)) throw new BackupRefusal(`${from} does not exist`);
  if (!statSync(source).isFile()) throw new BackupRefusal(`${from} is not a file`);
  if (source === live) throw new BackupRefusal(`${from} is the database itself: name a backup file`, 2);
  assertSqliteFile(source, from);
  // A backup is one file. A `-wal` beside FILE holds commits the file lacks: copying the file alone would lose them.
  const sourceWal = `${source}-wal`;
  if (existsSync(sourceWal) && statSync(sourceWal).size > 0)
    throw new BackupRefusal(
      `${from} has a write-ahead log beside it (${from}-wal): it is a live database, not a backup; ` +
        'take a backup of it with `npm run backup -- NEW_FILE` and restore that',
    );

  // Refused early too, before the copy and the check, which take minutes for a large backup. (A damaged database
  // is dealt with at the swap.)
  if (existsSync(live)) {
    try {
      lockOut(live).close();
    } catch (error) {
      if (!(error instanceof SQLite.SqliteError)) throw error;
    }
  }

  mkdirSync(path.dirname(live), { recursive: true });
  const staged = `${live}.restoring-${process.pid}`;
  copyFileSync(source, staged);
  try {
    const check = checkSqliteDatabase(staged, from);
    fsyncPath(staged);
    return { ...check, ...swapIn(staged, live) };
  } finally {
    rmSync(staged, { force: true });
    rmSync(`${staged}-journal`, { force: true });
  }
}

/**
 * A connection holding the exclusive lock of the database `live`, out of WAL mode, or a refusal when anyone else has
 * it open. A damaged database throws SQLite's own error.
 */
function lockOut(live: string): SQLite.Database {
  const holder = new SQLite(live, { fileMustExist: true });
  try {
    // Never wait: a lock held by anyone means the database is in use.
    holder.pragma('busy_timeout = 0');
    holder.pragma('journal_mode = DELETE');
    holder.exec('begin exclusive');
    return holder;
  } catch (error) {
    holder.close();
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
      throw new BackupRefusal(
        `${live} is in use (a running server or another command has it open): stop the server, then restore`,
        2,
      );
    throw error;
  }
}

function swapIn(staged: string, live: string): Pick<RestoreResult, 'replaced' | 'unlockable'> {
  const folder = path.dirname(live);
  const aside = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  if (!existsSync(live)) {
    // A `-wal` whose database was deleted would be replayed onto the restored one: SQLite cannot tell it is not its.
    for (const suffix of ['-wal', '-shm']) if (existsSync(live + suffix)) renameSync(live + suffix, aside + suffix);
    renameSync(staged, live);
    fsyncPath(folder);
    return { replaced: undefined };
  }
  let holder: SQLite.Database | undefined;
  let unlockable: string | undefined;
  try {
    holder = lockOut(live);
  } catch (error) {
    if (!(error instanceof SQLite.SqliteError)) throw error;
    // A damaged database cannot be locked through SQLite; it is set aside as it is.
    unlockable = error.message;
  }
  try {
    linkSync(live, aside);
    for (const suffix of ['-wal', '-shm']) if (existsSync(live + suffix)) renameSync(live + suffix, aside + suffix);
    renameSync(staged, live);
    fsyncPath(folder);
  } finally {
    // The lock was taken on the file now named `aside`; releasing it touches nothing of the restored database.
    if (holder?.inTransaction) holder.exec('rollback');
    holder?.close();
  }
  return { replaced: aside, ...(unlockable ? { unlockable } : {}) };
}
