/**
 * Request validation with zod, answering FastAPI's 422 list shape (contracts/auth-api.md §1.4) on every route:
 * `{"detail":[{"type","loc","msg","input"}, ...]}`. The issue list is kept on the error so the error handler can
 * render it; messages follow pydantic's wording where a client may show them.
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

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

/** Maps one zod issue to pydantic's type and message. */
function describe(issue: z.core.$ZodIssue, input: unknown): Pick<ValidationEntry, 'type' | 'msg' | 'ctx'> {
  switch (issue.code) {
    case 'invalid_type':
      // Fastify hands a validator `null` for an absent body: that is a missing body, as in FastAPI.
      if (input === undefined || (input === null && issue.path.length === 0))
        return { type: 'missing', msg: 'Field required' };
      if (issue.expected === 'string') return { type: 'string_type', msg: 'Input should be a valid string' };
      if (issue.expected === 'number' || issue.expected === 'int')
        return typeof input === 'string'
          ? { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' }
          : { type: 'int_type', msg: 'Input should be a valid integer' };
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
      return { type: 'too_long', msg: issue.message };
    case 'invalid_value': {
      const expected = issue.values.map((v) => `'${String(v)}'`);
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
  return issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const input = valueAt(data, issue.path);
    const described = describe(issue, input);
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
    return entry;
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
 * - absurd nesting is a 422 `json_invalid`, as an unreadable body is, instead of a stack overflow later on.
 */
export function jsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (!request.routeOptions.schema?.body) return done(null, undefined);
    const at = tooDeepAt(body as string, MAX_JSON_DEPTH);
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
    parse(request, body as string, done);
  });
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const nul = findNul(data);
    if (nul) {
      return {
        error: new RequestValidationError([
          {
            type: 'string_nul',
            loc: [PART_LOC[part] ?? part, ...nul.path],
            msg: 'String should not contain NUL characters',
            input: nul.input,
          },
        ]),
      };
    }
    // Fastify hands the validator `null` for a request without a body: an optional body schema must accept that.
    const result = schema.safeParse(part === 'body' && data === null ? undefined : data);
    if (result.success) return { value: result.data };
    const form = part === 'body' && FORM_BODIES.has(schema);
    return { error: new RequestValidationError(toValidationEntries(result.error.issues, part, data, form)) };
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
