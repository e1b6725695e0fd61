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
import { fileAndDatabase, reportingFailures } from './backup-cli-args';
import { backupSqlite } from './sqlite-backup';

await reportingFailures('backup', async () => {
  const { file, database } = fileAndDatabase(
    'backup',
    'npm run backup -- FILE (a new file: the SQLite database is copied into it)',
    'back PostgreSQL up with pg_dump (docs/operations.md, "Backups")',
  );
  const started = Date.now();
  const result = await backupSqlite(database, file, {
    onSnapshot: () => console.error(`backup: snapshot of ${database} taken, copying to ${file}`),
  });
  const mib = (result.bytes / 1024 / 1024).toFixed(1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `backed up ${database} to ${file}: ${result.catches} catches, schema ${result.applied.at(-1)}, ${mib} MiB in ${seconds} s`,
  );
});
