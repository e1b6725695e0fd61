/**
 * `last_seen_at` of loggers, kept in memory and written for every logger seen in one statement every few seconds,
 * after the uploads it follows have committed. A logger uploading every few catches would otherwise add a write
 * transaction of its own to about every batch it sends, as many commits as the catches themselves take, each waking
 * the database (on SQLite, each one also makes the commit thread drop its page cache). Whether a logger was seen at
 * 12:00:00 or a few seconds later makes no difference to anyone: the admin console's "last seen" and its count of
 * active loggers read it. Each logger is still written at most once a minute. `close()` writes what is pending.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LoggerClientsRepository } from './logger-clients.repository';

type LoggerAccounts = Pick<LoggerClientsRepository, 'markSeen'>;

export class LastSeen {
  /** When each logger was last written (or is about to be): the once-a-minute throttle. */
  private readonly written = new Map<string, number>();
  /** Loggers seen since the last write, with when. */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly accounts: LoggerAccounts,
    private readonly log: FastifyBaseLogger,
    private readonly options: { intervalMs?: number; flushMs?: number; clock?: () => number } = {},
  ) {}

  /** Notes that the logger uploaded now; it is written within `flushMs` (5 s by default). */
  seen(loggerId: string): void {
    const { intervalMs = 60_000, flushMs = 5_000, clock = Date.now } = this.options;
    const now = clock();
    const last = this.written.get(loggerId);
    if (last !== undefined && now - last < intervalMs) return;
    // Forget loggers not seen within the interval: they would be written anyway, and the map stays small.
    if (this.written.size >= 10_000)
      for (const [id, at] of this.written) if (now - at >= intervalMs) this.written.delete(id);
    this.written.set(loggerId, now);
    this.pending.set(loggerId, now);
    // Unref'd: a pending write never keeps a process alive; close() writes it.
    this.timer ??= setTimeout(() => void this.flush(), flushMs).unref();
  }

  /** Writes every pending logger now, after any write already on its way. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing.then(() => (batch.size === 0 ? undefined : this.write(batch)));
    return this.writing;
  }

  close(): Promise<void> {
    return this.flush();
  }

  private async write(batch: ReadonlyMap<string, number>): Promise<void> {
    try {
      await this.accounts.markSeen(batch);
    } catch (error) {
      // The uploads are committed and acknowledged whatever happens here: a missed "last seen" is not worth a retry,
      // and the next upload of each logger writes it again.
      for (const loggerId of batch.keys()) this.written.delete(loggerId);
      this.log.warn({ err: error, loggers: batch.size }, 'could not record when loggers were last seen');
    }
  }
}
