/**
 * `npm run backup -- FILE`: a consistent copy of the configured SQLite database (`DATA_DIR` / `DATABASE_URL`) in the
 * new file FILE, taken while the server runs and ingests (db/sqlite-backup.ts, decision 0028). FILE is a plain SQLite
 * database: one file, no `-wal`, checked with `PRAGMA integrity_check` before it gets its name. `npm run restore --
 * FILE` puts it back. PostgreSQL is backed up with its own tools (docs/operations.md, "Backups").
 *
 * Prints when the snapshot is taken (stderr) and what was written (stdout). Exit 1: the copy failed its check or
 * could not be written; exit 2: wrong arguments, FILE exists, or nothing to back up. Every failure is one line, never
 * a stack trace: the operator reads it.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupRefusal } from './sqlite-backup-checks';
import { backupSqlite } from './sqlite-backup';

function fail(message: string, code: number): never {
  console.error(`backup: ${message}`);
  process.exit(code);
}

let file: string | undefined;
try {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new Error('one FILE');
  file = positionals[0];
} catch {
  fail('usage: npm run backup -- FILE (a new file: the SQLite database is copied into it)', 2);
}

try {
  const config = loadConfig();
  if (config.database.dialect !== 'sqlite' || config.database.file === ':memory:')
    fail('DATABASE_URL is not a SQLite file: back PostgreSQL up with pg_dump (docs/operations.md, "Backups")', 2);
  const source = config.database.file;
  const started = Date.now();
  const result = await backupSqlite(source, file!, {
    onSnapshot: () => console.error(`backup: snapshot of ${source} taken, copying to ${file}`),
  });
  const mib = (result.bytes / 1024 / 1024).toFixed(1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `backed up ${source} to ${file}: ${result.catches} catches, schema ${result.applied.at(-1)}, ${mib} MiB in ${seconds} s`,
  );
} catch (error) {
  if (error instanceof BackupRefusal) fail(error.message, error.exitCode);
  fail(error instanceof Error ? error.message : String(error), 1);
}
