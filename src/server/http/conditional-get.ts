/**
 * Conditional GETs for answers serialised once (the catalogue per version, the heat map per data): a weak ETag that
 * is a digest of the body — right across restarts and between instances, weak because the answer goes out in several
 * encodings — and a 304 without a body when the browser already holds it. Each encoding of the body is made once,
 * the first time a client asks for it, and kept with the answer: a hot answer is never compressed again (the
 * compression plugin sees the Content-Encoding and leaves the bytes alone). The body is kept as bytes, encoded to UTF-8
 * once when it is made (a string body costs Node a byte count and an encoding on every send: for the 140 KB catalogue,
 * more than the rest of the request; decision 0023), or written as bytes in the first place (the heat map:
 * features/heatmap/heatmap-json.ts); the digest and the compressors read those bytes.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';
/** In the order the server prefers them. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Bodies shorter than this (bytes) go out as they are (the compression plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli's quality per answer: 4 (the compression plugin's) for answers made once and sent many times (the catalogue
 * per version); 2 for answers remade whenever catches arrive (the heat map), the same bytes within a few percent at
 * about half the time (a 30-day heat map of 8,500 cells, 101 KB of JSON: 38.3 KB in 1.0 ms against 38.3 KB in 1.7 ms
 * at 4; the 145 KB catalogue: 26.6 KB against 25.5 KB).
 */
const BROTLI_QUALITY = { stable: 4, volatile: 2 } as const;
export type AnswerLifetime = keyof typeof BROTLI_QUALITY;

const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });

const encoders: Record<Encoding, (body: Buffer, lifetime: AnswerLifetime) => Buffer> = {
  br: (body, lifetime) => brotli(body, BROTLI_QUALITY[lifetime]),
  gzip: (body) => gzipSync(body),
};

export interface SerializedAnswer {
  /** The body's bytes (UTF-8): sent as they are when the client accepts no encoding. */
  readonly body: Buffer;
  readonly etag: string;
  /** How long the answer is sent as it is: what its compression may cost. */
  readonly lifetime: AnswerLifetime;
  /** JSON unless said otherwise (the sitemaps' XML, robots.txt). */
  readonly contentType: string;
  /** The body in each encoding asked for so far. */
  readonly encoded: Map<Encoding, Buffer>;
}

/**
 * JSON text (or text of `contentType`), as a string or as its UTF-8 bytes, and its ETag; `volatile` for an answer
 * remade whenever its data changes.
 */
export function serializedAnswer(
  text: string | Buffer,
  lifetime: AnswerLifetime = 'stable',
  contentType = 'application/json',
): SerializedAnswer {
  const body = typeof text === 'string' ? Buffer.from(text) : text;
  return {
    body,
    lifetime,
    contentType,
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    encoded: new Map(),
  };
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): any listed tag, weak or strong, or `*`. */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/** The answer's bytes in this encoding, made the first time they are asked for. */
function encodedBody(answer: SerializedAnswer, encoding: Encoding): Buffer {
  let bytes = answer.encoded.get(encoding);
  if (!bytes) answer.encoded.set(encoding, (bytes = encoders[encoding](answer.body, answer.lifetime)));
  return bytes;
}

/**
 * Sends a serialised answer with its ETag and `cacheControl`, or an empty 304 when the request's If-None-Match
 * matches. The body is sent as it is (it was checked against its schema when it was serialised), encoded once per
 * encoding.
 */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerializedAnswer,
  cacheControl: string,
) {
  reply.header('cache-control', cacheControl).header('etag', answer.etag).header('vary', 'accept-encoding');
  if (notModified(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(null);
  reply.type(answer.contentType);
  const acceptEncoding = request.headers['accept-encoding'];
  const encoding =
    acceptEncoding && answer.body.length >= COMPRESS_FROM_BYTES ? negotiate(acceptEncoding, ENCODINGS) : null;
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(encodedBody(answer, encoding));
}
