/**
 * The one HTTP client of the front end (spec §7–8). Every feature calls the API through `api`, never `fetch`.
 * - every request carries `X-Timestamp` (unix seconds) and `Authorization: Bearer` when a token is stored;
 * - 401 clears the session and sends the user to the login page (the registered handler does the navigation);
 * - any other failure is thrown as an ApiError with the response's `detail`, or 'request error';
 * - a 2xx body that carries an `error` object also counts as failed (message or '响应错误').
 */
import { getSessionToken, onUnauthorized } from './session';

export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The response body, when there was one. */
    readonly data: unknown = null,
  ) {
    super(message || '未知错误');
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

export function toSearchParams(query: Query = {}): URLSearchParams {
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

interface RequestOptions {
  query?: Query;
  /** JSON body, or a URLSearchParams / FormData sent as is (login is form-encoded, avatars multipart). */
  body?: unknown;
  signal?: AbortSignal;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Timestamp': String(Math.floor(Date.now() / 1000)) };
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams || options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const search = toSearchParams(options.query).toString();
  const url = `${API_BASE_URL}${path}${search ? `?${search}` : ''}`;

  const response = await fetch(url, { method, headers, body, signal: options.signal });
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
    onUnauthorized();
    throw new ApiError('Unauthorized', 401, data);
  }
  if (!response.ok) throw new ApiError(detailMessage(data) ?? 'request error', response.status, data);
  if (data && typeof data === 'object' && 'error' in data && (data as { error: unknown }).error) {
    const error = (data as { error: { message?: unknown } }).error;
    throw new ApiError(typeof error.message === 'string' ? error.message : '响应错误', response.status, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};
