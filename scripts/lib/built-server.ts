/**
 * The built server (`dist/server/server.js`) as a child process, for the scripts that start, kill and restart it
 * (`npm run test:crash`, `npm run test:cluster`, the mixed-load bench): started with an environment of the script's
 * own, ready once it answers the catalogue (it listens only after migrating, seeding and building what serving
 * needs), stopped with SIGKILL or SIGTERM. Its own process, as a player meets it: a bench's heap and event loop are
 * never counted as the server's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const SERVER_FILE = path.resolve('dist/server/server.js');

/** Exits with a message when the build is missing: these scripts run after `npm run build`. */
export function requireBuild(scriptName: string): void {
  if (existsSync(SERVER_FILE)) return;
  console.error(`${scriptName}: ${SERVER_FILE} is missing: run \`npm run build\` first`);
  process.exit(1);
}

/**
 * The caller's environment without what would point the server at the caller's database or Redis: a script gives
 * the server the ones it set up.
 */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, DATABASE_REPLICA_URL: _replica, REDIS_URL: _redis, ...inherited } = process.env;
  return inherited;
}

export interface BuiltServerOptions {
  /** Where its stdout (the request log, pino's JSON) goes, appended, as a service manager keeps it; else discarded. */
  logFile?: string;
  /** Node's own options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

export class BuiltServer {
  private child: ChildProcess | undefined;

  /** `env` must set PORT and HOST to match `url`. */
  constructor(
    readonly name: string,
    readonly url: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: BuiltServerOptions = {},
  ) {}

  /** The running process's id (for its CPU figures). */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    const child = this.child;
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /** How a process that stopped ended (`exit code 1`, `signal SIGKILL`); undefined while it runs or before it starts. */
  get ended(): string | undefined {
    const child = this.child;
    if (child?.signalCode) return `signal ${child.signalCode}`;
    return child?.exitCode != null ? `exit code ${child.exitCode}` : undefined;
  }

  /** Starts the process and resolves once it answers (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<void> {
    const log = this.options.logFile ? openSync(this.options.logFile, 'a') : 'ignore';
    const child = spawn(process.execPath, [...(this.options.nodeArgs ?? []), '--enable-source-maps', SERVER_FILE], {
      env: this.env,
      stdio: ['ignore', log, 'inherit'],
    });
    if (typeof log === 'number') closeSync(log);
    this.child = child;
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode} while starting`);
      try {
        const res = await fetch(`${this.url}/api/system/get_category_list?category_group=maps`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error(`${this.name} did not answer within ${timeoutMs / 1000} s`);
  }

  /** Sends `signal` and resolves when the process has exited (at once when it is not running). */
  async stop(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
