import { z } from 'zod';

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

/** Query booleans as FastAPI reads them: true/false/1/0/yes/no/on/off (any case); anything else is a 422. */
export const QueryBool = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const word = v.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  return v;
}, z.boolean());
