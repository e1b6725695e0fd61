/**
 * Request validation with zod, answering FastAPI's 422 list shape (contracts/auth-api.md §1.4) on every route:
 * `{"detail":[{"type","loc","msg","input"}, ...]}`. The issue list is kept on the error so the error handler can
 * render it; messages follow pydantic's wording where a client may show them.
 *
 * Also here, because they decide how a body is read and how an answer is written:
 * - batch bodies (`batchBody` + `judgeItems`): `{"items": [...]}` where each item is judged alone;
 * - the JSON body parser (`jsonBodyParser`), with `config: { rawBody: true }` for signed webhooks;
 * - the response serializer (`responseSerializerCompiler`), with `trustedResponse(schema)` for hot reads.
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BATCH_ITEMS } from '#shared/contracts/catches';

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

const PART_LOC: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export interface ValidationEntry {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly entries: ValidationEntry[]) {
    super(entries[0]?.msg ?? 'Validation error');
    this.name = 'RequestValidationError';
  }
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * A number of the wrong type names the same `expected: 'number'` whether the field takes integers or decimals; only
 * the schema knows. This error map, given to every parse, marks the decimal ones, so their 422 does not ask for an
 * integer (pydantic's `float_type` / `float_parsing`).
 */
const DECIMAL = 'decimal';
const markDecimals: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== 'invalid_type' || issue.expected !== 'number') return undefined;
  // An integer schema is `z.int()` (a format of its own) or `z.number().int()` (a format check).
  type Part = { _zod?: { def?: { format?: unknown; checks?: Part[] } } };
  const def = (issue.inst as Part | undefined)?._zod?.def;
  const formats = [def?.format, ...(def?.checks ?? []).map((check) => check._zod?.def?.format)];
  return formats.some((format) => String(format ?? '').includes('int')) ? undefined : DECIMAL;
};

/**
 * Maps one zod issue to pydantic's type and message. `rootNullIsMissing`: Fastify hands a validator `null` for an
 * absent body, which FastAPI calls a missing body; a `null` batch item is just the wrong type.
 */
function describe(
  issue: z.core.$ZodIssue,
  input: unknown,
  rootNullIsMissing = true,
): Pick<ValidationEntry, 'type' | 'msg' | 'ctx'> {
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || (rootNullIsMissing && input === null && issue.path.length === 0))
        return { type: 'missing', msg: 'Field required' };
      if (issue.expected === 'string') return { type: 'string_type', msg: 'Input should be a valid string' };
      if ((issue.expected === 'number' && issue.message !== DECIMAL) || issue.expected === 'int')
        return typeof input === 'string'
          ? { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' }
          : { type: 'int_type', msg: 'Input should be a valid integer' };
      if (issue.expected === 'number')
        return typeof input === 'string'
          ? { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' }
          : { type: 'float_type', msg: 'Input should be a valid number' };
      if (issue.expected === 'boolean')
        return { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' };
      if (issue.expected === 'object')
        return {
          type: 'model_attributes_type',
          msg: 'Input should be a valid dictionary or object to extract fields from',
        };
      if (issue.expected === 'array') return { type: 'list_type', msg: 'Input should be a valid list' };
      return { type: `${issue.expected}_type`, msg: issue.message };
    case 'too_small':
      if (issue.origin === 'string')
        return {
          type: 'string_too_short',
          msg: `String should have at least ${issue.minimum} character${Number(issue.minimum) === 1 ? '' : 's'}`,
          ctx: { min_length: issue.minimum },
        };
      if (issue.origin === 'number' || issue.origin === 'int')
        return {
          type: issue.inclusive ? 'greater_than_equal' : 'greater_than',
          msg: `Input should be greater than${issue.inclusive ? ' or equal to' : ''} ${issue.minimum}`,
          ctx: { [issue.inclusive ? 'ge' : 'gt']: issue.minimum },
        };
      if (issue.origin === 'array' && Array.isArray(input))
        return {
          type: 'too_short',
          msg: `List should have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'} after validation, not ${input.length}`,
          ctx: { field_type: 'List', min_length: issue.minimum, actual_length: input.length },
        };
      return { type: 'too_short', msg: issue.message };
    case 'too_big':
      if (issue.origin === 'string')
        return {
          type: 'string_too_long',
          msg: `String should have at most ${issue.maximum} character${Number(issue.maximum) === 1 ? '' : 's'}`,
          ctx: { max_length: issue.maximum },
        };
      if (issue.origin === 'number' || issue.origin === 'int')
        return {
          type: issue.inclusive ? 'less_than_equal' : 'less_than',
          msg: `Input should be less than${issue.inclusive ? ' or equal to' : ''} ${issue.maximum}`,
          ctx: { [issue.inclusive ? 'le' : 'lt']: issue.maximum },
        };
      if (issue.origin === 'array' && Array.isArray(input))
        return {
          type: 'too_long',
          msg: `List should have at most ${issue.maximum} item${Number(issue.maximum) === 1 ? '' : 's'} after validation, not ${input.length}`,
          ctx: { field_type: 'List', max_length: issue.maximum, actual_length: input.length },
        };
      return { type: 'too_long', msg: issue.message };
    case 'invalid_value': {
      // pydantic quotes strings and writes numbers as they are: "Input should be 0, 446 or 447".
      const expected = issue.values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
      const list = expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}` : expected[0];
      return { type: 'enum', msg: `Input should be ${list}`, ctx: { expected: list } };
    }
    case 'invalid_format':
      if (issue.format === 'regex')
        // zod gives the pattern as a regex literal ("/^password$/"); pydantic shows its source ("^password$").
        return {
          type: 'string_pattern_mismatch',
          msg: issue.message,
          ctx: { pattern: issue.pattern?.replace(/^\/(.*)\/[a-z]*$/s, '$1') },
        };
      return { type: 'value_error', msg: issue.message };
    case 'invalid_union':
      return { type: 'union_error', msg: issue.message };
    case 'custom': {
      // Schemas that imitate a pydantic validator say which type and ctx it reports (e.g. EmailStr).
      const pydantic = (issue.params as { pydantic?: { type: string; ctx?: Record<string, unknown> } } | undefined)
        ?.pydantic;
      if (pydantic) return { type: pydantic.type, msg: issue.message, ...(pydantic.ctx ? { ctx: pydantic.ctx } : {}) };
      return { type: 'value_error', msg: issue.message };
    }
    default:
      return { type: 'value_error', msg: issue.message };
  }
}

/** Batch bodies (`batchBody`): documented schema → the envelope schema the validator runs instead. */
const BATCH_BODIES = new WeakMap<z.ZodType, z.ZodType>();

/** Bodies read as HTML form fields: pydantic reports `input: null` for their missing fields, not the whole body. */
const FORM_BODIES = new WeakSet<z.ZodType>();

export function formBody<T extends z.ZodType>(schema: T): T {
  FORM_BODIES.add(schema);
  return schema;
}

export function toValidationEntries(
  issues: z.core.$ZodIssue[],
  part: string,
  data: unknown,
  form = false,
): ValidationEntry[] {
  const loc = PART_LOC[part] ?? part;
  return issues.flatMap((issue) => {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    // A strict object names every unknown key in one issue; pydantic reports each key where it is.
    if (issue.code === 'unrecognized_keys') {
      const owner = valueAt(data, issue.path) as Record<string, unknown> | undefined;
      return issue.keys.map((key): ValidationEntry => ({
        type: 'extra_forbidden',
        loc: [loc, ...path, key],
        msg: 'Extra inputs are not permitted',
        input: owner?.[key] ?? null,
      }));
    }
    const input = valueAt(data, issue.path);
    const described = describe(issue, input, part === 'body');
    // pydantic echoes the enclosing object for a missing field (null for a missing body).
    const shown =
      described.type === 'missing' ? (path.length && !form ? valueAt(data, issue.path.slice(0, -1)) : null) : input;
    // pydantic's key order: type, loc, msg, input, then ctx when there is one.
    const entry: ValidationEntry = {
      type: described.type,
      loc: [loc, ...path],
      msg: described.msg,
      input: shown ?? null,
    };
    if (described.ctx) entry.ctx = described.ctx;
    return [entry];
  });
}

/**
 * Finds strings with a NUL character. PostgreSQL text cannot hold one (the query would fail with a 5xx) while SQLite
 * would store it, so every route refuses them up front, the same way on both databases. Walks with its own stack, not
 * by recursion, so no nesting depth can overflow the call stack.
 */
function findNul(root: unknown): { path: (string | number)[]; input: string } | null {
  interface Node {
    value: unknown;
    key?: string | number;
    parent?: Node;
  }
  const stack: Node[] = [{ value: root }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (!value.includes('\u0000')) continue;
      const path: (string | number)[] = [];
      for (let at: Node | undefined = node; at?.parent; at = at.parent) path.unshift(at.key!);
      return { path, input: value };
    }
    if (value === null || typeof value !== 'object') continue;
    // Children pushed last-first, so the first NUL in document order is the one reported.
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((child, i) => [i, child])
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
  }
  return null;
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
 *   (contract §2.3: logout ignores a body; the same holds for DELETE /users/{id});
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

function nulEntry(part: string, nul: { path: (string | number)[]; input: string }): ValidationEntry {
  return {
    type: 'string_nul',
    loc: [PART_LOC[part] ?? part, ...nul.path],
    msg: 'String should not contain NUL characters',
    input: nul.input,
  };
}

/** A batch envelope without its items: what the NUL walk looks at when the items are judged one by one. */
function envelopeOf(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const { items: _items, ...rest } = data as Record<string, unknown>;
  return rest;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = httpPart ?? 'body';
  // A batch body is validated by its envelope schema; its items are left to `judgeItems`.
  const batch = part === 'body' ? BATCH_BODIES.get(schema) : undefined;
  const parser = batch ?? schema;
  return (data) => {
    const nul = findNul(batch ? envelopeOf(data) : data);
    if (nul) return { error: new RequestValidationError([nulEntry(part, nul)]) };
    // Fastify hands the validator `null` for a request without a body: an optional body schema must accept that.
    const result = parser.safeParse(part === 'body' && data === null ? undefined : data, { error: markDecimals });
    if (result.success) return { value: result.data };
    const form = part === 'body' && FORM_BODIES.has(schema);
    return { error: new RequestValidationError(toValidationEntries(result.error.issues, part, data, form)) };
  };
};

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

// ---- Batch bodies: `{"items": [...]}` where each item is judged alone (contracts/catch-data-api.md §1)

/** What a batch route's handler receives: the items as sent (NUL characters and all), to judge with `judgeItems`. */
export type BatchBodySchema = z.ZodObject<{ items: z.ZodArray<z.ZodUnknown> }>;

/**
 * The body schema of a batch route: `{"items": [...]}` with 1–`maxItems` items (default 500, the contract's limit).
 *
 * - The OpenAPI document shows the item schema, but the validator checks only the envelope: a missing or empty
 *   `items`, too many items or a non-object body is a 422 for the whole request; anything wrong inside an item
 *   (including a NUL character) is that item's verdict from `judgeItems`, so one bad item never costs the batch.
 * - The handler gets `request.body.items` as `unknown[]`, typed so: it must judge them before use.
 * - Bytes are limited by the route's `bodyLimit` (set it to `MAX_BATCH_BYTES`): more is a 413 before parsing.
 *
 * ```ts
 * app.post('/c_report/catches', {
 *   bodyLimit: MAX_BATCH_BYTES,
 *   schema: { body: batchBody(CatchItem), response: { 200: CatchBatchResponse } },
 * }, async (request) => {
 *   const verdicts = judgeItems(CatchItem, request.body.items, 'report_id');
 *   // verdicts[i]: { key, ok: true, value } | { key, ok: false, errors: [{ field, msg }] }
 * });
 * ```
 */
export function batchBody(
  item: z.ZodType,
  { maxItems = MAX_BATCH_ITEMS }: { maxItems?: number } = {},
): BatchBodySchema {
  const documented = z.object({ items: z.array(item).min(1).max(maxItems) });
  BATCH_BODIES.set(documented, z.object({ items: z.array(z.unknown()).min(1).max(maxItems) }));
  // The type says what the handler really gets (the envelope's output); the object is the documented schema.
  return documented as unknown as BatchBodySchema;
}

/** Why an item was refused: `field` is the dotted path inside the item (`weight`, `a.0`), `""` for the whole item. */
export interface ItemError {
  field: string;
  msg: string;
}

export type ItemVerdict<T> = { ok: true; value: T } | { ok: false; errors: ItemError[] };

/**
 * Judges one item alone with the same mapping as the 422 list (pydantic's messages), reduced to `{field, msg}`.
 * A NUL character anywhere in the item makes it invalid (the one error reported), as it does a whole request.
 */
export function judgeItem<T extends z.ZodType>(schema: T, item: unknown): ItemVerdict<z.output<T>> {
  const nul = findNul(item);
  if (nul) return { ok: false, errors: [toItemError(nulEntry('item', nul))] };
  const result = schema.safeParse(item, { error: markDecimals });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: toValidationEntries(result.error.issues, 'item', item).map(toItemError) };
}

function toItemError(entry: ValidationEntry): ItemError {
  return { field: entry.loc.slice(1).join('.'), msg: entry.msg };
}

/**
 * Judges every item of a batch, in order. `key` names the item's idempotency key (`report_id`, `source_id`): the
 * verdict carries it when it is a valid string, and null when it is missing or has an error of its own (the
 * contract answers such an item as invalid with a null key). Duplicates and catalogue rules are the writer's.
 */
export function judgeItems<T extends z.ZodType>(
  schema: T,
  items: readonly unknown[],
  key: string,
): (ItemVerdict<z.output<T>> & { key: string | null })[] {
  return items.map((item) => {
    const verdict = judgeItem(schema, item);
    const raw = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
    const keyIsBad = !verdict.ok && verdict.errors.some((e) => e.field === key || e.field.startsWith(`${key}.`));
    return { ...verdict, key: typeof raw === 'string' && !keyIsBad ? raw : null };
  });
}

// ---- Responses

/** Response schemas marked by `trustedResponse`: their routes skip re-validating what they send. */
const TRUSTED_RESPONSES = new WeakSet<object>();

/**
 * Marks a route's response schema as trusted: the route's answers are written with plain `JSON.stringify` instead
 * of being parsed by the schema first. For hot reads with large answers (catalogue, heat map, logs) whose handler
 * builds exactly the documented shape from data the server wrote itself; the schema still documents the route in
 * `/docs` and tests still check answers against it. No stripping happens: send no extra fields, no transforms.
 *
 * Returns a copy, so the same contract schema stays validated on routes that do not mark it:
 * `response: { 200: trustedResponse(CategoryListResponse), 404: ErrorBody }`.
 */
export function trustedResponse<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone();
  TRUSTED_RESPONSES.add(copy);
  return copy;
}

/**
 * The app's serializer compiler (`app.setSerializerCompiler`): fastify-type-provider-zod's, which validates every
 * answer against its schema (a mismatch is a logged 500, never a wrong answer), except for `trustedResponse`
 * schemas, which are stringified as they are.
 */
export const responseSerializerCompiler: typeof serializerCompiler = (route) =>
  TRUSTED_RESPONSES.has(route.schema) ? (data) => JSON.stringify(data) : serializerCompiler(route);
