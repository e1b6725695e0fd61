/**
 * The built server (`dist/server/server.js`, what `npm run serve` runs) in a process of its own, as a player meets it:
 * a bench or a cluster script starts one or more with the environment it chooses, on a free port of loopback, and
 * waits until it answers. Its log (stdout, pino's JSON at LOG_LEVEL) goes to a file, as a service manager would keep
 * it; its stderr is passed through. Requires `npm run build` (or `node scripts/build-server.mjs`) first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const builtServerFile = path.resolve(import.meta.dirname, '../../../dist/server/server.js');

/** A free TCP port on loopback (the kernel's choice; free when asked, so start the listener soon after). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface BuiltServer {
  port: number;
  url: string;
  child: ChildProcess;
  /** SIGTERM (the server closes gracefully), then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface BuiltServerOptions {
  /** The server's environment besides PORT and HOST (DATA_DIR, DATABASE_URL, REDIS_URL, LOG_LEVEL…). */
  env: Record<string, string>;
  /** Where its stdout (the request log) goes; default: discarded. */
  logFile?: string;
  /** A path that answers 200 once the server serves (default: the catalogue's maps). */
  readyPath?: string;
  /** Node's own options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** How long a start may take, ms (migrations and the heat map's windows run before it listens). */
  startTimeoutMs?: number;
}

export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  if (!existsSync(builtServerFile)) throw new Error(`${builtServerFile} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', builtServerFile], {
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, 'inherit'],
  });
  if (typeof log === 'number') closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(killer);
  };
  const readyPath = options.readyPath ?? '/api/system/get_category_list?category_group=maps';
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      const res = await fetch(url + readyPath);
      if (res.ok) return { port, url, child, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await stop(0);
  throw new Error(`the server on ${url} did not answer within ${options.startTimeoutMs ?? 120_000} ms`);
}
