/**
 * What `npm run backup` and `npm run restore` share (backup-cli.ts, restore-cli.ts): one FILE argument, a configured
 * SQLite database file, and failures told in one line with an exit code — never a stack trace: the operator reads it.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupRefusal } from './sqlite-backup-checks';

/** `<command>: message` on stderr, then the exit code. */
export function fail(command: string, message: string, code: number): never {
  console.error(`${command}: ${message}`);
  process.exit(code);
}

/**
 * The command's FILE and the database it works on; exit 2 with `usage` unless there is exactly one argument, and with
 * `postgresAdvice` when the configured database is not a SQLite file.
 */
export function fileAndDatabase(command: string, usage: string, postgresAdvice: string) {
  let file: string | undefined;
  try {
    const { positionals } = parseArgs({ allowPositionals: true });
    if (positionals.length === 1) file = positionals[0];
  } catch {
    // An option nobody takes: the usage below.
  }
  if (file === undefined) fail(command, `usage: ${usage}`, 2);
  const config = loadConfig();
  if (config.database.dialect !== 'sqlite' || config.database.file === ':memory:')
    fail(command, `DATABASE_URL is not a SQLite file: ${postgresAdvice}`, 2);
  return { file, database: config.database.file };
}

/** Runs the command; a refusal exits with its own code, anything else with 1. */
export async function reportingFailures(command: string, work: () => Promise<void> | void): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof BackupRefusal) fail(command, error.message, error.exitCode);
    fail(command, error instanceof Error ? error.message : String(error), 1);
  }
}
