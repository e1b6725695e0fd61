/**
 * Running a command-line tool (`npm run user:create`, `npm run records:import`) the way an operator does: a child
 * process under tsx, on a DATA_DIR of the test's own and, under `npm run test:pg`, on a PostgreSQL schema of its own
 * (through the connection's search_path), with none of the caller's database, secret or Redis settings.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { DatabaseTarget } from '../config';

const execFileAsync = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

/** The PostgreSQL server of `npm run test:pg`, or undefined on SQLite. */
export const cliPgUrl = process.env.TEST_DATABASE_URL;

/** The database a tool run with `runCli(…, { dataDir, pgSchema })` writes to. */
export function cliTarget(dataDir: string): DatabaseTarget {
  return cliPgUrl
    ? { dialect: 'postgres', url: cliPgUrl }
    : { dialect: 'sqlite', file: path.join(dataDir, 'anglerdex.db') };
}

/** One statement on the PostgreSQL server (create or drop a test's schema). */
export async function pgAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: cliPgUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

export async function runCli(
  cliFile: string,
  args: string[],
  { dataDir, pgSchema }: { dataDir: string; pgSchema: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  delete env.REDIS_URL;
  if (cliPgUrl) {
    const url = new URL(cliPgUrl);
    url.searchParams.set('options', `-c search_path=${pgSchema}`);
    env.DATABASE_URL = url.toString();
  }
  try {
    const { stdout, stderr } = await execFileAsync(tsx, [path.resolve(cliFile), ...args], {
      env,
      cwd: path.resolve('.'),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: Number(failed.code), stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
