/**
 * The one error shape of the API: `{"detail": ...}` (docs/design.md §4). Known client errors keep their status and a
 * message the user can act on; a busy database is a 503 to retry; anything unexpected is logged and answered as a
 * bare 500 without internals. The one place where the services' domain errors become HTTP statuses (decision 0020).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseBusy } from '../db/errors';
import { DomainError, type DomainErrorKind } from '../domain-error';
import { HttpError } from '../http/http-error';
import { RequestValidationError } from '../http/validation-errors';

/**
 * Seconds a client should wait after a 503 DATABASE_BUSY. Locks are held for milliseconds (a batch commit) and
 * SQLite already waited busy_timeout before giving up, so one second is enough and keeps loggers' queues short.
 */
export const DATABASE_BUSY_RETRY_AFTER = 1;

/** The status of each kind of domain error; its code is the `detail`, beside its reason when it has one. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  // FastAPI's HTTPException(400): what fastapi-users answers for a broken rule (docs/account-api.md).
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unsupported: 415,
  unreadable: 422,
  'rate-limited': 429,
  unavailable: 503,
};

function sendDomainError(error: DomainError, reply: FastifyReply) {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  // Every credential this API takes is a bearer token (RFC 6750 §3: a 401 names the scheme).
  if (error.kind === 'unauthorized') reply.header('www-authenticate', 'Bearer');
  const detail = error.reason === undefined ? error.code : { code: error.code, reason: error.reason };
  return reply.code(STATUS_OF_KIND[error.kind]).send({ detail });
}

const STATUS_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function statusPhrase(status: number): string {
  return STATUS_PHRASES[status] ?? 'Error';
}

/**
 * A multipart body busboy cannot read (no or an unusable boundary, a part cut off, the stream closed early) surfaces
 * as a plain Error from @fastify/multipart, wherever the body is read (its preValidation hook for the login form, the
 * route for the avatar). It is the client's fault: answer what Starlette / FastAPI answer for an unreadable form,
 * 400 "Missing boundary in multipart." or 400 "There was an error parsing the body", never a 500.
 */
function unreadableMultipart(error: Error, request: FastifyRequest): string | null {
  if ((error as FastifyError).statusCode || !/^multipart\//i.test(request.headers['content-type'] ?? '')) return null;
  if (/^(Multipart: Boundary not found|Boundary required)/.test(error.message)) return 'Missing boundary in multipart.';
  const code = (error as NodeJS.ErrnoException).code;
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /unexpected end of multipart data|^Unsupported Content-Type|^Malformed|^The needle/i.test(error.message)
  )
    return 'There was an error parsing the body';
  return null;
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError | RequestValidationError, request, reply) => {
    if (error instanceof RequestValidationError) return reply.code(422).send({ detail: error.entries });
    if (error instanceof DomainError) return sendDomainError(error, reply);
    if (error instanceof HttpError)
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });

    if (isDatabaseBusy(error)) {
      // Operational, not a bug: the transaction rolled back whole and the client is told to retry.
      request.log.warn({ err: error }, 'database busy');
      return reply.code(503).header('retry-after', String(DATABASE_BUSY_RETRY_AFTER)).send({ detail: 'DATABASE_BUSY' });
    }

    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    // Fastify refuses a body over the route's bodyLimit while reading it, before any parsing: say what the limit is.
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      return reply.code(413).send({
        detail: `Request body is too large: this endpoint accepts at most ${limit} bytes; send less (a batch: fewer items per request)`,
      });
    }
    // Malformed JSON: FastAPI answers 422 json_invalid rather than 400.
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply.code(422).send({
        detail: [
          {
            type: 'json_invalid',
            loc: ['body', 0],
            msg: 'JSON decode error',
            input: {},
            ctx: { error: error.message },
          },
        ],
      });
    }
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(422).send({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
    }
    const unreadable = unreadableMultipart(error, request);
    if (unreadable) return reply.code(400).send({ detail: unreadable });
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ detail: status === 429 ? 'RATE_LIMITED' : error.message || statusPhrase(status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: statusPhrase(500) });
  });

  // FastAPI sends `application/json` without a charset; clients written for it compare the header exactly.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json;'))
      reply.header('content-type', 'application/json');
    return payload;
  });
});
