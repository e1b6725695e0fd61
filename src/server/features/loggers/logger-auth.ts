/**
 * Which logger is calling: the one whose secret token is in `Authorization: Bearer <client_token>`, looked up in the
 * database on every request (no cache anywhere, so a rotated or revoked token is refused at once on every instance).
 * The same statement says whether an operator blocked the logger (decision 0041): its uploads answer 403
 * `LOGGER_BLOCKED_DETAIL`, at once on every instance and without a statement more. Built once in services.ts: the
 * logger routes and the uploads (ingestion) share it.
 */
import type { FastifyRequest } from 'fastify';
import { LOGGER_BLOCKED_DETAIL } from '#shared/contracts/catches';
import { HttpError } from '../../http/http-error';
import type { LoggerClientsRepository } from './logger-clients.repository';

type LoggerAccounts = Pick<LoggerClientsRepository, 'loggerForToken'>;

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
