import { z } from 'zod';
import { type UnsafeTextField, unsafeCharacters, unsafeTextReason } from '../account-rules';

/** Paging query shared by every list route (DESIGN §4): page from 1, page_size default 20, at most 100. */
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

/** `{detail}` is the one error shape of the API (a string, a `{code, reason}` object or a 422 list). */
export const ErrorBody = z.object({ detail: z.unknown() });

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
