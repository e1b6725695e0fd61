/**
 * What the log says about a request: Fastify's default fields, with the value of any `token` query parameter hidden.
 * The e-mailed links open `/user/reset-pwd?token=…` and `/user/verify?token=…`, and a token is a credential that
 * must never reach the log (decision 0010).
 */
import type { FastifyRequest } from 'fastify';

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
