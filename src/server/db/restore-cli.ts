/**
 * `npm run restore -- FILE`: puts the backup FILE (made by `npm run backup`) in place of the configured SQLite
 * database (`DATA_DIR` / `DATABASE_URL`), keeping the replaced database beside it as
 * `<database>.before-restore-<time>` (db/sqlite-restore.ts, decision 0028). Stop the server first: a database in use
 * is detected and refused. The media folder (`DATA_DIR/media`) is not part of the database: see docs/operations.md.
 *
 * Exit 1: FILE is refused (missing, not a SQLite database, damaged, not Anglerdex's, or a newer schema than this
 * code); exit 2: wrong arguments, a PostgreSQL configuration, or the database is in use. Nothing is replaced on
 * either. Every failure is one line, never a stack trace: the operator reads it.
 */
import { fileAndDatabase, reportingFailures } from './backup-cli-args';
import { restoreSqlite } from './sqlite-restore';

await reportingFailures('restore', () => {
  const { file, database } = fileAndDatabase(
    'restore',
    'npm run restore -- FILE (a backup made by npm run backup)',
    'restore PostgreSQL with pg_restore (docs/operations.md, "Backups")',
  );
  const result = restoreSqlite(file, database);
  if (result.unlockable)
    console.error(
      `restore: the replaced database could not be opened (${result.unlockable}); it was set aside as it was`,
    );
  console.log(`restored ${file} to ${database}: ${result.catches} catches, schema ${result.applied.at(-1)}`);
  if (result.replaced) console.log(`the replaced database is kept as ${result.replaced}`);
  if (result.pending.length > 0)
    console.log(
      `${result.pending.length} newer migrations (${result.pending.join(', ')}) are applied when the server starts ` +
        '(or by npm run db:migrate)',
    );
});
