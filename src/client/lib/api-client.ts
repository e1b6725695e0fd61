/**
 * The one HTTP client of the front end (docs/product-requirements.md §7–8). Every feature calls the API through `api`,
 * never `fetch`.
 * - every request carries `X-Timestamp` (unix seconds), `Accept-Language` (the page's language: the server writes its
 *   e-mails in it) and `Authorization: Bearer` when a token is stored;
 * - 401 clears the session and sends the user to the login page (the registered handler does the navigation), unless
 *   the call asks otherwise (`unauthorized`); a 401 for a token that is no longer the stored one changes nothing;
 * - any other failure is thrown as an ApiError with the response's `detail`, or 'request error';
 * - a 2xx body that carries an `error` object also counts as failed (message or '响应错误').
 */
import { isLocale, localeFromPath, type Locale } from '#shared/locales';
import { i18n } from './i18n';
import { getSessionToken, onUnauthorized } from './session';

const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/$/, '') ?? '';

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** How a request leaves: the browser's fetch, or, in a server render, the server itself (`src/client/ssr`). */
let transport: Transport = (url, init) => fetch(url, init);

/** Sends every later request through `next` (the server render's in-process transport). */
export function setTransport(next: Transport): void {
  transport = next;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The response body, when there was one. */
    readonly data: unknown = null,
    /** Seconds from a `Retry-After` header (a 429's wait), when the answer had one. */
    readonly retryAfter: number | null = null,
  ) {
    super(message || '未知错误');
    this.name = 'ApiError';
  }
}

/**
 * A 401 the client has already dealt with: the session is forgotten and the user told and sent to log in
 * (docs/product-requirements.md §8). Callers show no failure of their own for it.
 */
export class SessionExpiredError extends ApiError {
  constructor(data: unknown) {
    super('Unauthorized', 401, data);
    this.name = 'SessionExpiredError';
  }
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

function toSearchParams(query: Query = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params;
}

/** The text a failed response carries: FastAPI's `detail` (string, `{reason}` / `{code}`, or a 422 list). */
export function detailMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('detail' in body)) return null;
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const first = detail[0] as { msg?: unknown } | undefined;
    return typeof first?.msg === 'string' ? first.msg : null;
  }
  if (detail && typeof detail === 'object') {
    const d = detail as { reason?: unknown; code?: unknown };
    if (typeof d.reason === 'string') return d.reason;
    if (typeof d.code === 'string') return d.code;
  }
  return null;
}

/** A stored avatar or media path as a URL the browser can load (the API may live on another origin). */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return path.startsWith('/') && !path.startsWith('//') ? `${API_BASE_URL}${path}` : path;
}

/** The page's language: i18n's once it runs, else the route prefix (the very first calls start before it). */
function currentLocale(): Locale {
  if (isLocale(i18n.language)) return i18n.language;
  return localeFromPath(typeof window === 'undefined' ? '/' : window.location.pathname);
}

interface CallOptions {
  signal?: AbortSignal;
  /** Send this bearer token instead of the stored one (just after login, before the session is stored). */
  token?: string;
  /**
   * What a 401 does: 'login' (default) forgets the session and goes to the login page; 'clear' only forgets it (the
   * start-up check of a stored token must not move the user); 'ignore' leaves both to the caller (logout).
   */
  unauthorized?: 'login' | 'clear' | 'ignore';
}

interface RequestOptions extends CallOptions {
  query?: Query;
  /**
   * JSON body, or a URLSearchParams / FormData sent as is (login is form-encoded, avatars multipart), or a Blob sent
   * as its raw bytes (`application/octet-stream`: a catalogue package archive).
   */
  body?: unknown;
  /** Answer a 2xx body as a Blob, bytes untouched (a download: a CSV keeps its byte order mark). */
  blob?: boolean;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    'X-Timestamp': String(Math.floor(Date.now() / 1000)),
    'Accept-Language': currentLocale(),
  };
  const token = options.token ?? getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams || options.body instanceof FormData) body = options.body;
  else if (options.body instanceof Blob) {
    headers['Content-Type'] = 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const search = toSearchParams(options.query).toString();
  const url = `${API_BASE_URL}${path}${search ? `?${search}` : ''}`;

  const response = await transport(url, { method, headers, body, signal: options.signal });
  if (options.blob && response.ok) return (await response.blob()) as T;
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (response.status === 401) {
    // Only the token that failed is forgotten: a login (or re-login after a password change) that happened while
    // this call was under way must survive its late 401.
    if (options.unauthorized !== 'ignore' && token === getSessionToken()) {
      onUnauthorized({ redirect: options.unauthorized !== 'clear' });
      throw new SessionExpiredError(data);
    }
    throw new ApiError('Unauthorized', 401, data);
  }
  if (!response.ok) {
    const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
    throw new ApiError(
      detailMessage(data) ?? 'request error',
      response.status,
      data,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  if (data && typeof data === 'object' && 'error' in data && (data as { error: unknown }).error) {
    const error = (data as { error: { message?: unknown } }).error;
    throw new ApiError(typeof error.message === 'string' ? error.message : '响应错误', response.status, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, options?: CallOptions) => request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>('DELETE', path, { ...options, body }),
  /** A file to save (its failures as any call's). */
  download: (path: string, options?: CallOptions) => request<Blob>('GET', path, { ...options, blob: true }),
};
