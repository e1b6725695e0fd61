/**
 * nginx as the reverse proxy in front of several app instances, for benches and cluster scripts: a config of its own
 * in a temporary folder (pid, logs and temp paths there too, so it touches nothing of a system nginx), a free port on
 * loopback, round-robin over the upstreams with kept-alive upstream connections, and the `X-Forwarded-*` headers the
 * app believes with TRUST_PROXY=1. nginx comes from the distribution (`apt-get install -y nginx` on Debian); only its
 * binary is used.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './built-server';

export interface ReverseProxyOptions {
  /** The instances, `host:port` each. */
  upstreams: string[];
  /** Idle upstream connections each nginx worker keeps open (nginx's `keepalive`); 0: a new one per request. */
  keepalive?: number;
  /** nginx worker processes (default 1: on a small machine the app instances need the cores). */
  workers?: number;
  /** The largest request body passed on (nginx's `client_max_body_size`; uploads of catch batches, catalogues). */
  maxBodySize?: string;
  /** Write nginx's access log (`access.log` in the folder); off by default, as its disk writes are not the app's. */
  accessLog?: boolean;
  /** The nginx binary (default: `nginx` on the PATH, then /usr/sbin/nginx). */
  binary?: string;
}

export interface ReverseProxy {
  port: number;
  url: string;
  /** The folder of its config, pid file, logs and temp files (removed by `stop`). */
  dir: string;
  child: ChildProcess;
  /** Graceful stop (SIGQUIT: workers finish their requests), SIGKILL after 5 s; removes the folder. */
  stop(): Promise<void>;
}

/** The nginx binary, or an error that says how to install it. */
export function findNginx(binary?: string): string {
  for (const candidate of binary ? [binary] : ['nginx', '/usr/sbin/nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // Not this one.
    }
  }
  throw new Error('nginx is not installed: `apt-get install -y nginx` (Debian) installs it; only its binary is used');
}

export function nginxConfig(options: ReverseProxyOptions & { port: number; dir: string }): string {
  const temp = (name: string) => path.join(options.dir, name);
  // Run as root, nginx's workers would switch to `nobody`, which cannot write the temp folders made for this run.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon off;
worker_processes ${options.workers ?? 1};
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log ${options.accessLog ? temp('access.log') : 'off'};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size ${options.maxBodySize ?? '110m'};
  keepalive_requests 100000;
  upstream app {
${options.upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
${options.keepalive === 0 ? '' : `    keepalive ${options.keepalive ?? 64};\n    keepalive_requests 100000;`}
  }
  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://app;
      # HTTP/1.1 without "Connection: close", so upstream connections are kept alive.
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # Uploads go to the app as they arrive; answers (compressed by the app) are buffered as nginx does by default.
      proxy_request_buffering off;
    }
  }
}
`;
}

/** Resolves once something accepts connections on the port. */
async function listening(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} while starting`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`nginx did not listen on ${port} within ${timeoutMs} ms`);
}

export async function startReverseProxy(options: ReverseProxyOptions): Promise<ReverseProxy> {
  const nginx = findNginx(options.binary);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-nginx-'));
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, name));
  const port = await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, nginxConfig({ ...options, port, dir }));
  // -p: the prefix, so nothing relative resolves into /etc/nginx or /var/log/nginx; -e: errors before the config's.
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', configFile];
  execFileSync(nginx, [...args, '-t', '-q'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const child = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(port, child, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, url: `http://127.0.0.1:${port}`, dir, child, stop };
}
