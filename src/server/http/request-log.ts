/**
 * What the log says about a request: Fastify's default fields, with the value of any `token` query parameter hidden
 * (the e-mailed links open `/user/reset-pwd?token=…` and `/user/verify?token=…`, and a token is a credential that
 * must never reach the log, decision 0010); and which requests it names at all (`RequestLogController`).
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's `req` serializer (method, url, host, remote address and port), the URL redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A request that took at least this long (ms, request in to answer sent) is logged whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Which requests the log shows (decision 0023). Fastify's default writes two info lines for every request: for a
 * catalogue read, 18 of its 52 µs of CPU, and a log of successful reads nobody reads. Here:
 * - an answer that went wrong (`request errored`, a 5xx) at error, a slow one (≥ `slowMs`, SLOW_REQUEST_MS) at warn,
 *   a refused one (4xx) at info — each as one `request completed` line naming the request (method, redacted URL,
 *   address), its status and its time;
 * - every other request at debug, with its `incoming request` line (LOG_LEVEL=debug shows the full traffic again).
 * The errors plugin still logs every unexpected error with its stack, and a busy database, as before.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    // The request is named on these lines, since its `incoming request` line is only written at debug.
    if (error) return reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : responseTime >= this.slowMs ? 'warn' : status >= 400 ? 'info' : 'debug';
    reply.log[level]({ req: request, res: reply, responseTime }, 'request completed');
  }
}
