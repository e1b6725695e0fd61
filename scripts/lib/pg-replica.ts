/**
 * A streaming replica of the local PostgreSQL 15 (Debian's packages), for `npm run test:cluster`: a base backup of
 * the primary (`pg_basebackup -R`, which also writes the standby's connection settings) in a temporary folder,
 * started with Debian's binaries on a port of its own, stopped and removed at the end. The primary must accept
 * replication connections from 127.0.0.1: `allowReplication()` adds that pg_hba.conf line when it is missing and
 * reloads (docs/operations.md "Read replica").
 */
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';
const HBA_LINE = 'host replication all 127.0.0.1/32 trust';

/** One query on a connection of its own (the replica's setup and the scripts' checks; no pool to close). */
export async function pgQuery<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Makes the primary at `url` accept a base backup and a standby from 127.0.0.1 (idempotent): the pg_hba.conf line,
 * then a reload. `wal_level` and `max_wal_senders` need a restart to change, so they are only checked. Answers what
 * was changed, for the script to say.
 */
export async function allowReplication(url: string): Promise<string[]> {
  const [settings] = await pgQuery<{ hba_file: string; wal_level: string; max_wal_senders: string }>(
    url,
    `select current_setting('hba_file') as hba_file, current_setting('wal_level') as wal_level,
            current_setting('max_wal_senders') as max_wal_senders`,
  );
  if (!settings) throw new Error('the primary did not answer its settings');
  if (!['replica', 'logical'].includes(settings.wal_level) || Number(settings.max_wal_senders) < 2)
    throw new Error(
      `the primary has wal_level=${settings.wal_level}, max_wal_senders=${settings.max_wal_senders}: a replica ` +
        "needs wal_level=replica (Debian's default) and max_wal_senders ≥ 2; set them and restart PostgreSQL",
    );
  const hba = readFileSync(settings.hba_file, 'utf8');
  const allowed = hba
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim().split(/\s+/))
    .some(
      ([type, database, , address, method]) =>
        type === 'host' && database === 'replication' && address === '127.0.0.1/32' && method === 'trust',
    );
  if (allowed) return [];
  appendFileSync(settings.hba_file, `\n# Streaming replicas on this machine (npm run test:cluster)\n${HBA_LINE}\n`);
  await pgQuery(url, 'select pg_reload_conf()');
  return [`added "${HBA_LINE}" to ${settings.hba_file} and reloaded`];
}

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], { stdio: 'pipe' });

export class PgReplica {
  readonly dir: string;
  readonly url: string;

  constructor(
    private readonly primaryUrl: string,
    readonly port: number,
  ) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-replica-'));
    const url = new URL(primaryUrl);
    url.port = String(port);
    this.url = url.toString();
  }

  /** Base backup, then the standby started on `port`; resolves once it accepts connections. */
  start(): void {
    const primary = new URL(this.primaryUrl);
    chownSync(this.dir, uidOf('postgres'), gidOf('postgres'));
    chmodSync(this.dir, 0o700);
    asPostgres('pg_basebackup', [
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '-D',
      this.dir,
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
    ]);
    // Debian keeps the configuration in /etc, outside the data folder the backup copied: the standby gets its own.
    const own = (file: string, text: string) => {
      writeFileSync(path.join(this.dir, file), text);
      chownSync(path.join(this.dir, file), uidOf('postgres'), gidOf('postgres'));
    };
    own(
      'postgresql.conf',
      // The primary's other settings are Debian's defaults, which a standby must not go below (max_connections …).
      `listen_addresses = '127.0.0.1'\nport = ${this.port}\nunix_socket_directories = '/tmp'\nhot_standby = on\n`,
    );
    own('pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    own('pg_ident.conf', '');
    asPostgres('pg_ctl', ['-D', this.dir, '-l', path.join(this.dir, 'replica.log'), '-w', '-t', '60', 'start']);
  }

  /** `immediate`: as if the machine lost power (what the fallback must survive); `fast` for the clean-up. */
  stop(mode: 'immediate' | 'fast' = 'fast'): void {
    try {
      asPostgres('pg_ctl', ['-D', this.dir, '-m', mode, '-w', 'stop']);
    } catch {
      // Not running.
    }
  }

  /** Stops it and removes its folder; `keepLogIn`: its log is copied there first (a failed run's evidence). */
  remove(keepLogIn?: string): void {
    this.stop('immediate');
    if (keepLogIn) {
      try {
        copyFileSync(path.join(this.dir, 'replica.log'), path.join(keepLogIn, 'replica.log'));
      } catch {
        // It never started.
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function idOf(flag: '-u' | '-g', name: string): number {
  return Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
}
const uidOf = (name: string) => idOf('-u', name);
const gidOf = (name: string) => idOf('-g', name);
