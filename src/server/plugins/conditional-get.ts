/**
 * Conditional GETs for answers serialised once (the catalogue per version, the heat map per data): a weak ETag that
 * is a digest of the body — right across restarts and between instances, weak because the compression plugin sends
 * the same answer in several encodings — and a 304 without a body when the browser already holds it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SerializedAnswer {
  body: string;
  etag: string;
}

/** JSON text and its ETag. */
export function serializedAnswer(body: string): SerializedAnswer {
  return { body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): any listed tag, weak or strong, or `*`. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/**
 * Sends a serialised answer with its ETag and `cacheControl`, or an empty 304 when the request's If-None-Match
 * matches. The body is sent as it is: it was checked against its schema when it was serialised.
 */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerializedAnswer,
  cacheControl: string,
) {
  reply.header('cache-control', cacheControl).header('etag', answer.etag);
  if (notModified(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(null);
  return reply.type('application/json').send(answer.body);
}
