/**
 * How a JSON body is read: the one `application/json` parser (`jsonBodyParser`: nesting at most 64 levels, the raw
 * bytes kept for `config: { rawBody: true }`) and the preValidation hook that refuses form bodies on JSON routes
 * (`requireJsonBody`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RequestValidationError } from './validation-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep the exact bytes of a JSON body on `request.rawBody` (webhook signatures are computed over them). */
    rawBody?: boolean;
  }
  interface FastifyRequest {
    /** The body as received, on routes with `config: { rawBody: true }`. */
    rawBody?: Buffer;
  }
}

/**
 * No route takes JSON nested deeper than a few levels. Deeper bodies are refused before parsing: the parser would
 * cope, but the code that walks a parsed body afterwards (zod, the 422 that echoes it, serialisers) recurses, and
 * 10,000 levels fit in 20 KB.
 */
export const MAX_JSON_DEPTH = 64;

/** The offset where arrays and objects in JSON text nest deeper than `limit`, or -1; strings are skipped. */
function tooDeepAt(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, which may be a quote.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/**
 * Replaces Fastify's `application/json` parser (which it still calls for the parsing itself):
 * - a route without a body schema takes no body, so whatever JSON is sent is ignored rather than refused with a 422
 *   (docs/account-api.md §2.3: logout ignores a body; the same holds for DELETE /users/{id});
 * - absurd nesting is a 422 `json_invalid`, as an unreadable body is, instead of a stack overflow later on;
 * - a route with `config: { rawBody: true }` also gets the bytes as received on `request.rawBody`: a webhook
 *   signature is computed over those bytes, and re-serialising the parsed JSON would not reproduce them.
 * The body is read as a Buffer (so the raw bytes exist) and decoded as UTF-8 here, as Fastify's string mode does.
 * Fastify enforces the route's `bodyLimit` while reading, before this runs: a larger body is a 413.
 */
export function jsonBodyParser(app: FastifyInstance): void {
  // `__proto__` / `constructor.prototype` keys are dropped rather than refused: refusing would turn one hostile item
  // of a batch into a 422 for the whole batch (each item is judged alone), and FastAPI reads such keys as ordinary
  // unknown fields anyway. Dropped, they can never reach an object's prototype.
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (request.routeOptions.config.rawBody) request.rawBody = bytes;
    if (!request.routeOptions.schema?.body) return done(null, undefined);
    const text = bytes.toString('utf8');
    const at = tooDeepAt(text, MAX_JSON_DEPTH);
    if (at >= 0) {
      return done(
        new RequestValidationError([
          {
            type: 'json_invalid',
            loc: ['body', at],
            msg: 'JSON decode error',
            input: {},
            ctx: { error: `Nesting deeper than ${MAX_JSON_DEPTH} levels` },
          },
        ]),
        undefined,
      );
    }
    parse(request, text, done);
  });
}

/**
 * preValidation hook of JSON-body routes: a form-encoded or multipart body is not a JSON object, and FastAPI says so
 * with `model_attributes_type` echoing the raw body, rather than reading its fields.
 */
export async function requireJsonBody(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'] ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return;
  const body = request.body;
  const input =
    body && typeof body === 'object' ? new URLSearchParams(body as Record<string, string>).toString() : body;
  throw new RequestValidationError([
    {
      type: 'model_attributes_type',
      loc: ['body'],
      msg: 'Input should be a valid dictionary or object to extract fields from',
      input: input ?? null,
    },
  ]);
}
