/**
 * What a service or repository refuses, said without HTTP (decision 0020): a `code`, which is the wire `detail`
 * clients compare (`MAP_NOT_FOUND`, `REGISTER_USER_ALREADY_EXISTS`), with an optional human `reason` beside it, and a
 * `kind` that says what went wrong. The errors plugin (plugins/errors.ts) is the one place that turns a kind into an
 * HTTP status.
 */

/**
 * - `invalid`: the request breaks a rule the service checks (a taken e-mail, bad credentials, a weak password);
 * - `unauthorized` / `forbidden`: no valid credentials / credentials without the right;
 * - `not-found`: what the request names does not exist (for this user);
 * - `conflict`: the request clashes with the current state (a logger already bound, an order no longer pending);
 * - `unsupported`: content of a kind the service does not take (an avatar that is no PNG, JPEG or WebP);
 * - `unreadable`: content of the right kind that cannot be read (a broken picture);
 * - `rate-limited`: too many attempts, `retryAfter` says when to try again;
 * - `unavailable`: something the service needs is out of reach for now, `retryAfter` when known.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unsupported'
  | 'unreadable'
  | 'rate-limited'
  | 'unavailable';

export interface DomainErrorOptions {
  /** Shown beside the code: the wire detail becomes `{code, reason}`. */
  reason?: string;
  /** Seconds after which the same request may succeed (rate-limited, unavailable). */
  retryAfter?: number;
}

export class DomainError extends Error {
  readonly reason: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    options: DomainErrorOptions = {},
  ) {
    super(options.reason ? `${code}: ${options.reason}` : code);
    this.name = 'DomainError';
    this.reason = options.reason;
    this.retryAfter = options.retryAfter;
  }
}

/** Any limit's refusal: `RATE_LIMITED`, to be tried again after `retryAfter` seconds. */
export function rateLimited(retryAfter: number): DomainError {
  return new DomainError('rate-limited', 'RATE_LIMITED', { retryAfter });
}
