/**
 * A third party's client, written only against the types openapi-typescript generates from `/docs/json` (decision
 * 0019). `npm run api:check` generates them as the module `anglerdex-api` and type-checks this file strictly; it is
 * never run. It reads what a logger or tool relies on (register, login, logger upload, heat map, ask) with explicit
 * types, and lists each route's error codes exhaustively: a response whose shape changes, or a code added or
 * dropped, stops this from compiling, so the change is deliberate. Excluded from tsconfig.node.json (the module only
 * exists while the check runs).
 */
import createClient from 'openapi-fetch';
import type { components, paths } from 'anglerdex-api';

type Schemas = components['schemas'];
/** A string `detail` that is one of a few codes (a plain string, such as a 413's message, lists none). */
type Literal<Detail> = Detail extends string ? (string extends Detail ? never : Detail) : never;
type DetailOf<Response> = Response extends { content: { 'application/json': { detail: infer Detail } } }
  ? Literal<Detail>
  : never;
/** Every code an operation's error responses (4xx, 5xx) list, whatever the status. */
type Codes<Operation> = Operation extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends number
        ? `${Status}` extends `4${string}` | `5${string}`
          ? DetailOf<Responses[Status]>
          : never
        : never;
    }[keyof Responses]
  : never;
/** What to tell the user for each code: `satisfies` fails when the document adds a code or drops one. */
type Messages<Operation> = Record<Codes<Operation>, string>;

const api = createClient<paths>({ baseUrl: 'https://anglerdex.example' });

/** FastAPI's 422 list, the same named type on every route with input. */
function problems(list: Schemas['ValidationError'][]): string {
  return list.map(({ loc, msg }) => `${loc.join('.')}: ${msg}`).join('; ');
}

/** The message for a string `detail`: the code's own, or the text itself (a message such as a 413's). */
function messageFor(messages: Record<string, string>, detail: string): string {
  return new Map(Object.entries(messages)).get(detail) ?? detail;
}

/** Every operation but the health checks may answer this while the server is overloaded (decision 0027). */
const OVERLOADED = { SERVER_OVERLOADED: 'The server is busy: the request is sent again after Retry-After.' };

interface Account {
  id: string;
  email: string;
  nickname: string;
  client_id: string | null;
  is_verified: boolean;
  is_vip: boolean;
  vip_expire_at: string | null;
}

const REGISTER_MESSAGES = {
  ...OVERLOADED,
  REGISTER_USER_ALREADY_EXISTS: 'That address has an account: log in instead.',
  BINDING_CODE_INVALID: 'That binding code is wrong or expired: ask the logger for a new one.',
  CLIENT_NOT_FOUND: 'No logger has that id.',
  CLIENT_ALREADY_BOUND: 'That logger is bound to another account.',
  RATE_LIMITED: 'Too many attempts: wait a minute.',
} satisfies Messages<paths['/api/auth/register']['post']>;

export async function register(
  email: string,
  password: string,
  logger?: { loggerId: string; code: string },
): Promise<Account> {
  const { data, error } = await api.POST('/api/auth/register', {
    body: { email, password, nickname: 'Angler', ...(logger ? { client_id: logger.loggerId, code: logger.code } : {}) },
  });
  if (data) return data satisfies Account;
  const detail = error.detail;
  if (Array.isArray(detail)) throw new Error(problems(detail));
  if (typeof detail === 'object') {
    const refused: { code: 'REGISTER_INVALID_PASSWORD'; reason: string } = detail;
    throw new Error(refused.reason);
  }
  throw new Error(REGISTER_MESSAGES[detail]);
}

const LOGIN_MESSAGES = {
  ...OVERLOADED,
  LOGIN_BAD_CREDENTIALS: 'Wrong e-mail or password.',
  'Missing boundary in multipart.': 'The form could not be read.',
  'There was an error parsing the body': 'The form could not be read.',
  RATE_LIMITED: 'Too many attempts: wait a minute.',
} satisfies Messages<paths['/api/auth/jwt/login']['post']>;

/** The form login: the fields as `application/x-www-form-urlencoded`. */
export async function login(username: string, password: string): Promise<string> {
  const { data, error } = await api.POST('/api/auth/jwt/login', {
    body: { username, password },
    bodySerializer: (form) => new URLSearchParams({ username: form.username, password: form.password }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (data) {
    const token: { access_token: string; token_type: 'bearer' } = data;
    return token.access_token;
  }
  if (Array.isArray(error.detail)) throw new Error(problems(error.detail));
  throw new Error(messageFor(LOGIN_MESSAGES, error.detail));
}

const UPLOAD_MESSAGES = {
  ...OVERLOADED,
  Unauthorized: 'Register the logger again: its token is unknown.',
  DATABASE_BUSY: 'Busy: send the same batch again after Retry-After seconds.',
  LOGGER_BLOCKED: "The site's moderators blocked this logger: stop sending.",
} satisfies Messages<paths['/api/c_report/catches']['post']>;

/** A logger registers, then uploads one catch with its secret token; the answer says what became of it. */
export async function uploadCatch(mapId: number, fishId: number, baitId: number): Promise<string> {
  const registered = await api.POST('/api/c_report/clients', { body: { player_name: 'Pike', version: '1.0' } });
  if (!registered.data) throw new Error('registration refused');
  const logger: { client_id: string; client_token: string } = registered.data;

  const { data, error } = await api.POST('/api/c_report/catches', {
    headers: { authorization: `Bearer ${logger.client_token}` },
    body: {
      items: [
        {
          report_id: 'r-0001',
          caught_at: '2025-06-01T12:00:00Z',
          map_id: mapId,
          fish_id: fishId,
          bait_id: baitId,
          bait2_id: null,
          rod_type: 'standard',
          star_type: 446,
          weight: 1250,
          depth: 3.5,
          direction: 'front',
          angle: 90,
          game_hour: 14,
          temperature: 18.5,
          weather: 'sunny',
          night: false,
          x: 100,
          y: 200,
          time_spent: 60,
        },
      ],
    },
  });
  if (error) {
    if (Array.isArray(error.detail)) throw new Error(problems(error.detail));
    throw new Error(messageFor(UPLOAD_MESSAGES, error.detail));
  }
  const batch: { created: number; duplicates: number; invalid: number } = data;
  const results = data.results.map((result) => {
    const status: 'created' | 'duplicate' | 'invalid' = result.status;
    const key: string | null = result.report_id;
    const errors: { field: string; msg: string }[] = result.errors ?? [];
    return `${key}: ${status} ${errors.map((e) => `${e.field} ${e.msg}`).join(', ')}`;
  });
  return [...results, `${batch.created} created, ${batch.duplicates} duplicates, ${batch.invalid} invalid`].join('\n');
}

const HEATMAP_MESSAGES = {
  ...OVERLOADED,
  MAP_NOT_FOUND: 'No such map.',
} satisfies Messages<paths['/api/heatmap']['get']>;

/** The heat map of one map over the last day: its busiest cell, `[col, row, count]`. */
export async function busiestCell(mapId: number): Promise<[number, number, number] | null> {
  const { data, error } = await api.GET('/api/heatmap', { params: { query: { map_id: mapId, range: '1d' } } });
  if (error) {
    if (Array.isArray(error.detail)) throw new Error(problems(error.detail));
    throw new Error(HEATMAP_MESSAGES[error.detail]);
  }
  const grid: { cols: number; rows: number; max: number; total: number; updated_at: string | null } = data;
  // `[col, row, count]`: OpenAPI 3.0 has no tuples, so each cell is typed as a list of integers.
  const cells: number[][] = data.cells;
  const busiest = cells.find((cell) => cell[2] === grid.max);
  return busiest ? [busiest[0] ?? 0, busiest[1] ?? 0, busiest[2] ?? 0] : null;
}

const ASK_MESSAGES = {
  ...OVERLOADED,
  Unauthorized: 'Log in again, or ask as a visitor.',
  AI_RATE_LIMITED: "This minute's free questions are used up.",
} satisfies Messages<paths['/api/ai/ask']['post']>;

/** Asks one question, as a signed-in user with a token or as a visitor without. */
export async function ask(question: string, accessToken?: string): Promise<string> {
  const { data, error, response } = await api.POST('/api/ai/ask', {
    body: { question },
    ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}),
  });
  if (error) {
    if (Array.isArray(error.detail)) throw new Error(problems(error.detail));
    throw new Error(`${ASK_MESSAGES[error.detail]} (retry after ${response.headers.get('retry-after')} s)`);
  }
  const answer: { answer: string; remaining: number | null; suggestions: string[] } = data;
  const facts: { intent: string; text: string }[] = data.facts;
  const links: { page: string; search: string; label: string }[] = data.links;
  return [answer.answer, ...facts.map((fact) => fact.text), ...links.map((link) => link.label)].join('\n');
}
