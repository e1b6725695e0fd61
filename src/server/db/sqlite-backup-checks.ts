/**
 * What `npm run backup` and `npm run restore` check of a SQLite file before they trust it (decision 0028): that it
 * is a SQLite database at all, that it passes `PRAGMA integrity_check`, and that it carries this application's
 * migrations and none that this code does not know. Refusals are `BackupRefusal`s, whose message is written for the
 * operator and printed as it is, never with a stack trace.
 */
import { closeSync, fsyncSync, openSync, readSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { MIGRATION_NAMES } from './migrator';

/** A refusal of a backup or restore: the message says what is wrong and what to do; `exitCode` is the command's. */
export class BackupRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Kysely's bookkeeping table: every migration the database ran, by name (db/migrator.ts). */
const MIGRATION_TABLE = 'kysely_migration';

/** Refuses `file` unless it begins with SQLite's header: better-sqlite3 would open anything and fail on first read. */
export function assertSqliteFile(file: string, label = file): void {
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 0) throw new BackupRefusal(`${label} is empty: not a SQLite database`);
  if (read < head.length || !head.equals(SQLITE_HEADER)) throw new BackupRefusal(`${label} is not a SQLite database`);
}

export interface DatabaseCheck {
  /** The migrations the database ran, in order. */
  applied: string[];
  /** This code's migrations it has not run yet: the server applies them when it starts (an older backup). */
  pending: string[];
  /** Rows of the catch table, for the operator's report. */
  catches: number;
}

/**
 * Opens `file` (a copy the caller owns: the check makes it a plain database, journal_mode DELETE, so it needs no
 * `-wal` beside it) and refuses it unless it passes the integrity check and carries this application's schema at a
 * version this code knows. `check`: `integrity_check` (every page, and every index against its table: 104 s for the
 * 5 M-catch world) before a restore; `quick_check` (every page, no index against its table: 7 s) after a backup,
 * which copied its pages from a database in service.
 */
export function checkSqliteDatabase(
  file: string,
  label = file,
  check: 'integrity_check' | 'quick_check' = 'integrity_check',
): DatabaseCheck {
  assertSqliteFile(file, label);
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(file, { fileMustExist: true });
    sqlite.pragma('journal_mode = DELETE');
    // Every problem, one per row; a single "ok" when there is none. The first few tell the operator enough.
    const lines = sqlite.prepare(`pragma ${check}(20)`).pluck().all() as string[];
    if (lines.length !== 1 || lines[0] !== 'ok')
      throw new BackupRefusal(`${label} fails PRAGMA ${check}: ${lines.slice(0, 5).join('; ')}`);
    return schemaOf(sqlite, label);
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    if (error instanceof SQLite.SqliteError)
      throw new BackupRefusal(`${label} is damaged or not a SQLite database (${error.message})`);
    throw error;
  } finally {
    sqlite?.close();
  }
}

const hasTable = (sqlite: SQLite.Database, name: string) =>
  sqlite.prepare(`select 1 from sqlite_schema where type = 'table' and name = ?`).get(name) !== undefined;

function schemaOf(sqlite: SQLite.Database, label: string): DatabaseCheck {
  const applied = hasTable(sqlite, MIGRATION_TABLE)
    ? (sqlite.prepare(`select name from ${MIGRATION_TABLE} order by name`).pluck().all() as string[])
    : [];
  if (!applied.includes(MIGRATION_NAMES[0]!))
    throw new BackupRefusal(`${label} is a SQLite database but not Anglerdex's: it carries none of its migrations`);
  const known = new Set(MIGRATION_NAMES);
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupRefusal(
      `${label} has a newer schema than this version of Anglerdex (migrations it does not know: ` +
        `${unknown.join(', ')}): restore it with the version that wrote it, or a later one`,
    );
  const ran = new Set(applied);
  // The first migrations came before the catch table.
  const catches = hasTable(sqlite, 'catch')
    ? (sqlite.prepare('select count(*) from catch').pluck().get() as number)
    : 0;
  return { applied, pending: MIGRATION_NAMES.filter((name) => !ran.has(name)), catches };
}

/** Flushes a file, or a folder's entries (a rename in it), to the disk. */
export function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
