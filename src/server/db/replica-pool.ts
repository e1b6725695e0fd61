/**
 * The pool behind `db.reads` on PostgreSQL with DATABASE_REPLICA_URL (decision 0030): connections to the streaming
 * replica, and the primary's pool whenever the replica does not answer. Kysely asks a pool only for `connect()` and
 * `end()`, and a connection only for `query()` and `release()`, so the fallback is this one wrapper:
 * - a replica that refuses or times out the connection is marked down for `downMs`, and the read is served by a
 *   primary connection; while it is down every read goes to the primary, and the first read after that tries it again;
 * - a replica that fails a query (it was stopped, the connection dropped: anything but an SQL error from a live
 *   server) is marked down the same way and that query runs again on the primary. Only single read statements go
 *   through `db.reads` (no transactions, no writes), so running one again elsewhere is safe.
 * The wrapper never waits longer than the replica's connection time-out before falling back.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** What the readiness check and the logs say about the replica. */
export type ReplicaState = 'up' | 'down';

export interface FallbackReadPoolOptions {
  /** How long a replica that failed is left alone before a read tries it again, ms. */
  downMs?: number;
  /** Called when the replica goes down or answers again (the server logs it). */
  onStateChange?: (state: ReplicaState, error?: unknown) => void;
  now?: () => number;
}

/**
 * A failure of the replica itself rather than of the statement: no connection, a dropped one, or the server
 * shutting down or still starting (SQLSTATE classes 08 and 57P0x). An SQL error from a live replica is the
 * statement's and would fail on the primary as well, so it is thrown as it is.
 */
export function isReplicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code.length === 0) return true;
  if (/^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || /^57P0[1-4]$/.test(code);
  // Node's socket errors (ECONNREFUSED, ECONNRESET, ETIMEDOUT …).
  return true;
}

type Query = PostgresPoolClient['query'];

export class FallbackReadPool implements PostgresPool {
  private downUntil = 0;
  private readonly downMs: number;
  private readonly now: () => number;

  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly options: FallbackReadPoolOptions = {},
  ) {
    this.downMs = options.downMs ?? 5000;
    this.now = options.now ?? Date.now;
    // An idle replica connection that dies (the replica stopped) is an event on the pool; unheard, it would end the
    // process. The next read finds out for itself and falls back.
    replica.on('error', (error) => this.markDown(error));
  }

  /** `up` unless the replica failed within the last `downMs`. */
  get state(): ReplicaState {
    return this.now() < this.downUntil ? 'down' : 'up';
  }

  private markDown(error: unknown): void {
    const wasUp = this.state === 'up';
    this.downUntil = this.now() + this.downMs;
    if (wasUp) this.options.onStateChange?.('down', error);
  }

  private markUp(): void {
    if (this.downUntil === 0) return;
    this.downUntil = 0;
    this.options.onStateChange?.('up');
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.state === 'up') {
      try {
        const client = await this.replica.connect();
        this.markUp();
        return this.wrap(client);
      } catch (error) {
        this.markDown(error);
      }
    }
    return this.primary.connect() as Promise<PostgresPoolClient>;
  }

  /** A replica connection whose failing query runs again on a primary connection (released with it). */
  private wrap(replicaClient: pg.PoolClient): PostgresPoolClient {
    // The connection serving this one now: the replica's, then the primary's, or none between the two.
    let client: pg.PoolClient | undefined = replicaClient;
    // A checked-out connection that drops emits an error of its own besides failing its query (which is handled
    // below); the pool listens only to idle ones, and an unheard error would end the process.
    const onError = (error: unknown) => this.markDown(error);
    replicaClient.on('error', onError);
    const query = (async (text: string, parameters: ReadonlyArray<unknown>) => {
      if (client === replicaClient) {
        try {
          return (await replicaClient.query(text, [...parameters])) as PostgresQueryResult<unknown>;
        } catch (error) {
          if (!isReplicaUnavailable(error)) throw error;
          this.markDown(error);
          // Given the error, the pool discards this connection instead of handing it out again.
          replicaClient.removeListener('error', onError);
          replicaClient.release(error instanceof Error ? error : new Error(String(error)));
          client = undefined;
          client = await this.primary.connect();
        }
      }
      if (!client) throw new Error('no connection: the primary could not be reached either');
      return (await client.query(text, [...parameters])) as PostgresQueryResult<unknown>;
    }) as Query;
    return {
      query: ((textOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) =>
        typeof textOrCursor === 'string'
          ? query(textOrCursor, parameters ?? [])
          : // Streaming reads are not retried (none goes through `db.reads`).
            (client!.query(textOrCursor as never) as unknown)) as Query,
      release: () => {
        replicaClient.removeListener('error', onError);
        client?.release();
      },
    };
  }

  /** Asks the replica for a round trip now (readiness): its answer also marks it up or down for the reads. */
  async check(): Promise<ReplicaState> {
    try {
      await this.replica.query('select 1');
      this.markUp();
    } catch (error) {
      this.markDown(error);
    }
    return this.state;
  }

  /** Ends the replica's pool only: the primary's belongs to `db.kysely`, which ends it. */
  async end(): Promise<void> {
    await this.replica.end();
  }
}
