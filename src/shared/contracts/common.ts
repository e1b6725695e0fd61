import { z } from 'zod';
import { type UnsafeTextField, unsafeCharacters, unsafeTextReason } from '../account-rules';

/** Paging query shared by every list route (docs/design.md §4): page from 1, page_size default 20, at most 100. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

/**
 * `{detail}` is the one error shape of the API: a string (usually a code), a `{code, reason}` object or the 422 list.
 * The schemas below type each of them for the OpenAPI document (decision 0019); the named ones are components there,
 * so generated clients get named types. `ErrorBody` leaves `detail` untyped: `npm run api:check` refuses it in a
 * response, say which of the shapes below the route answers instead.
 */
export const ErrorBody = z.object({ detail: z.unknown() });

/** `{"detail": "<text>"}` where the text is a message to show rather than one of a few codes (e.g. a 413's limit). */
export const ErrorMessage = z.object({ detail: z.string() }).meta({ id: 'ErrorMessage' });

/** `{"detail": "<code>"}` with the codes a route can answer on one status: an enum in the document. */
export function errorCodes<const Code extends string>(...codes: [Code, ...Code[]]) {
  return z.object({ detail: z.enum(codes) });
}

/**
 * The `detail` of a rule that refused a value with a reason to show as it is (`{code, reason}`,
 * docs/catch-data-api.md §2).
 */
export function codeWithReason<const Code extends string>(...codes: [Code, ...Code[]]) {
  return z.object({ code: z.enum(codes), reason: z.string() });
}

/** What every guarded route answers without a good token (user JWT or logger token). */
export const UnauthorizedError = errorCodes('Unauthorized').meta({ id: 'UnauthorizedError' });
/** A superuser route called by a user who is not one. */
export const ForbiddenError = errorCodes('Forbidden').meta({ id: 'ForbiddenError' });
/** A per-IP or per-user limit is reached; `Retry-After` says in how many seconds to try again. */
export const RateLimitedError = errorCodes('RATE_LIMITED').meta({ id: 'RateLimitedError' });
/** The database is locked or overloaded: nothing was changed, retry after `Retry-After` seconds. */
export const DatabaseBusyError = errorCodes('DATABASE_BUSY').meta({ id: 'DatabaseBusyError' });
/** The server is overloaded and refused the request at once: nothing was done, retry after `Retry-After` seconds. */
export const OverloadedError = errorCodes('SERVER_OVERLOADED').meta({ id: 'OverloadedError' });

/** One entry of FastAPI's 422 list (docs/account-api.md §1.4), keys in pydantic's order. */
export const ValidationIssue = z
  .object({
    type: z.string(),
    loc: z.array(z.union([z.string(), z.number().int()])),
    msg: z.string(),
    input: z.unknown(),
    ctx: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ValidationError' });

/** The 422 answer of every route with input: `{"detail": [{type, loc, msg, input, ctx?}, ...]}`. */
export const ValidationErrorBody = z.object({ detail: z.array(ValidationIssue) }).meta({ id: 'HTTPValidationError' });

/**
 * Booleans as pydantic reads them in lax mode (FastAPI query flags and the privilege flags of the account bodies):
 * true/false, 1/0 and the words t/true/on/y/yes/1 and f/false/off/n/no/0 (any case); anything else is a 422.
 */
const TRUE_WORDS = new Set(['t', 'true', 'on', 'y', 'yes', '1']);
const FALSE_WORDS = new Set(['f', 'false', 'off', 'n', 'no', '0']);
export const LaxBool = z.preprocess((v) => {
  if (v === 1 || v === 0) return v === 1;
  if (typeof v !== 'string') return v;
  const word = v.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return v;
}, z.boolean());

/** A value_error issue as pydantic reports a validator's refusal: the message is the reason clients show. */
export function refuse(ctx: z.RefinementCtx, input: string, message: string) {
  ctx.issues.push({ code: 'custom', input, message, params: { pydantic: { type: 'value_error' } } });
  return z.NEVER;
}

/** Only the ASCII space of the unsafe characters: text shown as one line (a nickname, a player name). */
export const ONE_LINE_ALLOWED: ReadonlySet<string> = new Set([' ']);

/**
 * One line shown beside other people's text (a logger's player name and version, an official record's player name):
 * the account rules' unsafe-character rule, so no control, bidi or zero-width character makes it read as something
 * else; refused as `<field> contains unsafe characters: U+202E.`
 */
export function safeLine<T extends z.ZodType<string, string>>(field: UnsafeTextField, schema: T) {
  return schema.transform((value, ctx) => {
    const unsafe = unsafeCharacters(value, ONE_LINE_ALLOWED);
    return unsafe ? refuse(ctx, value, unsafeTextReason(field, unsafe)) : value;
  });
}
