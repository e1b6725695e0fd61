/**
 * An HTTP answer thrown on purpose where the concept is HTTP itself: the auth plugin's 401 / 403, a 413 for a body
 * over a limit, a route's own 404. Services and repositories throw a `DomainError` instead (domain-error.ts); the
 * errors plugin answers both in the `{detail}` shape.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
    this.name = 'HttpError';
  }
}
