/**
 * Which logger is calling: the one whose secret token is in `Authorization: Bearer <client_token>`, looked up in the
 * database on every request (no cache anywhere, so a rotated or revoked token is refused at once on every instance).
 * The same statement says whether an operator blocked the logger (decision 0041): its uploads answer 403
 * `LOGGER_BLOCKED_DETAIL`, at once on every instance and without a statement more. Built once in services.ts: the
 * logger routes and the uploads (ingestion) share it, and `LastSeen`.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LOGGER_BLOCKED_DETAIL } from '#shared/contracts/catches';
import { HttpError } from '../../http/http-error';
import type { LoggerClientsRepository } from './logger-clients.repository';

type LoggerAccounts = Pick<LoggerClientsRepository, 'loggerForToken' | 'markSeen'>;

/** The token of `Authorization: Bearer <token>` (scheme in any case), or null. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space === -1 || header.slice(0, space).toLowerCase() !== 'bearer') return null;
  return header.slice(space + 1).trim() || null;
}

export class LoggerAuth {
  private readonly clients = new WeakMap<FastifyRequest, string>();

  constructor(private readonly accounts: LoggerAccounts) {}

  /**
   * onRequest hook: a known logger token, else 401 `{"detail":"Unauthorized"}`. Runs before the body is read, so a
   * logger with a bad token learns it without uploading a megabyte first.
   */
  readonly requireLogger = async (request: FastifyRequest): Promise<void> => {
    await this.identify(request);
  };

  /** onRequest hook of the uploads: as `requireLogger`, and 403 `LOGGER_BLOCKED_DETAIL` for a blocked logger. */
  readonly requireUploader = async (request: FastifyRequest): Promise<void> => {
    if ((await this.identify(request)).blocked) throw new HttpError(403, LOGGER_BLOCKED_DETAIL);
  };

  private async identify(request: FastifyRequest): Promise<{ loggerId: string; blocked: boolean }> {
    const token = bearerToken(request);
    const logger = token ? await this.accounts.loggerForToken(token) : null;
    if (!logger) throw new HttpError(401, 'Unauthorized', { 'www-authenticate': 'Bearer' });
    this.clients.set(request, logger.loggerId);
    return logger;
  }

  /** The logger `requireLogger` found for this request. */
  clientOf(request: FastifyRequest): string {
    const loggerId = this.clients.get(request);
    if (!loggerId) throw new HttpError(401, 'Unauthorized', { 'www-authenticate': 'Bearer' });
    return loggerId;
  }
}

/**
 * `last_seen_at` of loggers, written after a batch has committed and at most once a minute per logger: a logger
 * uploading every second would otherwise add a write transaction to each of its batches. Whether a logger was seen
 * at 12:00:00 or 12:00:40 makes no difference to anyone.
 */
export class LastSeen {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly accounts: LoggerAccounts,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async seen(loggerId: string): Promise<void> {
    const now = this.clock();
    const last = this.written.get(loggerId);
    if (last !== undefined && now - last < this.intervalMs) return;
    // Forget loggers not seen within the interval: they would be written anyway, and the map stays small.
    if (this.written.size >= 10_000)
      for (const [id, at] of this.written) if (now - at >= this.intervalMs) this.written.delete(id);
    this.written.set(loggerId, now);
    try {
      await this.accounts.markSeen(loggerId, new Date(now));
    } catch (error) {
      // The batch is committed and acknowledged whatever happens here: a missed "last seen" is not worth a retry.
      this.written.delete(loggerId);
      this.log.warn({ err: error, loggerId }, 'could not record when the logger was last seen');
    }
  }
}
