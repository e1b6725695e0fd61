/**
 * `npm run backup`'s copy of a live SQLite database (decision 0028): SQLite's online backup API (better-sqlite3's
 * `backup()`), run inside one read transaction that the source connection opens first. In WAL mode that transaction
 * is a snapshot: the copy is the database as of one commit, so it holds every upload acknowledged before the snapshot
 * and no half of a batch, and the server's writers never wait for it. Without the transaction the backup API starts
 * over whenever another connection commits, which under steady uploads is always (measured in the decision).
 *
 * The copy is written beside FILE under a temporary name, made a plain database (journal_mode DELETE: one file, no
 * `-wal`), checked (`quick_check` and the schema; the restore runs the full `integrity_check`), flushed, and only
 * then linked as FILE: an interrupted backup never leaves a FILE that looks whole.
 */
import { existsSync, linkSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BackupRefusal, checkSqliteDatabase, type DatabaseCheck, fsyncPath } from './sqlite-backup-checks';
import { BUSY_TIMEOUT_MS } from './sqlite-writer';

/**
 * Pages copied per step (16 MiB of 4 KiB pages). Each step is one call into SQLite; between steps the process's
 * event loop runs. The snapshot holds across steps, so their size changes nothing but how often that happens.
 */
const PAGES_PER_STEP = 4096;

export interface BackupOptions {
  /** Called once the snapshot is taken: what committed before is in the copy, what commits after is not. */
  onSnapshot?: () => void;
  /** Pages per step (tests: a few, so that uploads commit between the steps of a small database's copy). */
  pagesPerStep?: number;
}

export interface BackupResult extends DatabaseCheck {
  /** The size of the backup file, bytes. */
  bytes: number;
}

export async function backupSqlite(
  source: string,
  destination: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const target = path.resolve(destination);
  if (existsSync(target))
    throw new BackupRefusal(`${destination} exists: a backup never overwrites a file, name a new one`, 2);
  if (!existsSync(path.dirname(target)))
    throw new BackupRefusal(`the folder ${path.dirname(target)} does not exist`, 2);
  if (!existsSync(source)) throw new BackupRefusal(`there is no database at ${source}: nothing to back up`, 2);

  const partial = `${target}.partial-${process.pid}`;
  const live = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    live.exec('begin');
    // A deferred transaction takes its snapshot at its first read.
    live.prepare('select count(*) from sqlite_schema').get();
    options.onSnapshot?.();
    const pages = options.pagesPerStep ?? PAGES_PER_STEP;
    await live.backup(partial, { progress: () => pages });
    live.exec('commit');
    live.close();
    const check = checkSqliteDatabase(partial, destination, 'quick_check');
    fsyncPath(partial);
    const bytes = statSync(partial).size;
    // A link, unlike a rename, never replaces a FILE that appeared meanwhile; the temporary name goes below.
    try {
      linkSync(partial, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new BackupRefusal(`${destination} was created while the backup ran: the backup is not written`, 2);
    }
    fsyncPath(path.dirname(target));
    return { ...check, bytes };
  } finally {
    if (live.open) live.close();
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
}
