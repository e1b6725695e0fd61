/**
 * The HTTP boundary, faked: `fetch` answers from a table of handlers keyed by "METHOD /path" (`'*'` answers every
 * request no other handler takes; without it such a request gets a 404), and every request is recorded (URL, headers
 * and body as sent), so tests check what the app sends and how it reacts to each answer.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  /** The URL exactly as passed to fetch (relative, or on the API base URL). */
  url: string;
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  /** As passed to fetch: a JSON string, URLSearchParams, FormData or undefined. */
  body: unknown;
  /** The JSON body parsed, when it was JSON. */
  json: unknown;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function fakeApi(handlers: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const table = { ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let parsed: unknown = null;
    if (typeof init.body === 'string') {
      try {
        parsed = JSON.parse(init.body);
      } catch {
        parsed = null;
      }
    }
    const request: RecordedRequest = {
      url: String(input),
      method,
      path: url.pathname,
      search: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body,
      json: parsed,
    };
    requests.push(request);
    const handler = table[`${method} ${url.pathname}`] ?? table['*'];
    return handler ? handler(request) : json({ detail: 'Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Adds or replaces handlers. */
    on(more: Record<string, Handler>) {
      Object.assign(table, more);
    },
    /** The recorded requests to one route. */
    to(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}
