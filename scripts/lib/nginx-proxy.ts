/**
 * Debian's nginx as the reverse proxy in front of several built servers (`npm run test:cluster`, the mixed-load
 * bench): installed with apt-get when missing, configured in a folder of the script's own (config, pid, logs, temp
 * files), on its own port, in the foreground as the script's child. docs/operations.md "Two or more instances" shows
 * the same settings for a real site.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const NGINX = '/usr/sbin/nginx';

/** Installs Debian's nginx when it is not there (CI runs as root); its packaged service is left alone. */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  console.log('installing nginx (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
}

/**
 * The site's proxy settings: every upstream tried in turn on a refused connection or a 502/503 (a server shutting
 * down stops listening and serves what still reaches it, with `Connection: close`), for reads as nginx does by
 * default, and for catch uploads too,
 * which are idempotent by (logger, report id) so sending one again stores nothing twice. `X-Upstream` names the
 * instance that answered (for the script's figures; a real site leaves it out).
 */
export interface NginxOptions {
  /** Write the access log (`access.log`, the upstream of each request); a bench leaves it off (its disk writes). */
  accessLog?: boolean;
}

export function nginxConfig(dir: string, port: number, upstreams: string[], options: NginxOptions = {}): string {
  const retry = 'proxy_next_upstream error timeout http_502 http_503';
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstream '$remote_addr "$request" $status $upstream_addr';
  access_log ${options.accessLog === false ? 'off' : `${dir}/access.log upstream`};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream anglerdex {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
    keepalive_requests 100000;
    keepalive_timeout 2s;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_read_timeout 30s;
    add_header X-Upstream $upstream_addr always;
    location / {
      proxy_pass http://anglerdex;
      ${retry};
    }
    location = /api/c_report/catches {
      proxy_pass http://anglerdex;
      ${retry} non_idempotent;
    }
  }
}
`;
}

export class NginxProxy {
  private child: ChildProcess | undefined;
  readonly url: string;
  readonly accessLog: string;

  constructor(
    private readonly dir: string,
    private readonly port: number,
    private readonly upstreams: string[],
    private readonly options: NginxOptions = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.accessLog = path.join(dir, 'access.log');
  }

  async start(): Promise<void> {
    // The workers run as nobody: they must reach the temp folders nginx makes here.
    chmodSync(this.dir, 0o755);
    const file = path.join(this.dir, 'nginx.conf');
    writeFileSync(file, nginxConfig(this.dir, this.port, this.upstreams, this.options));
    execFileSync(NGINX, ['-t', '-q', '-c', file, '-p', this.dir], { stdio: 'inherit' });
    const child = spawn(NGINX, ['-c', file, '-p', this.dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    this.child = child;
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
      try {
        await fetch(`${this.url}/health`);
        return;
      } catch {
        await sleep(50);
      }
    }
    throw new Error('nginx did not answer within 5 s');
  }

  /** SIGQUIT: nginx's graceful stop. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
  }
}
