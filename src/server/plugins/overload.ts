/**
 * Overload answered, not suffered (decision 0027): while the event loop lags or the heap runs high, every request is
 * answered at once with `503 {"detail":"SERVER_OVERLOADED"}` and `Retry-After`, instead of joining a queue that makes
 * everyone time out. Loggers re-send after `Retry-After` (their uploads are idempotent); a load balancer sends the
 * next request to another instance. @fastify/under-pressure samples the process once a second; it is registered
 * first among the hooks, so a refused request costs no database, body parsing or auth.
 *
 * `/health`, `/ready` and `/metrics` are never refused (`OVERLOAD_EXEMPT`): an orchestrator that saw a busy process
 * as dead would restart it and lose its work, and the metrics are how an operator sees the overload.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../domain-error';

export const SERVER_OVERLOADED = 'SERVER_OVERLOADED';

/** Under-pressure's handler for an exempt route: returning nothing lets the request through. */
const letThrough = () => undefined;

/** Route `config` of the routes never refused: `{ config: OVERLOAD_EXEMPT }`. */
export const OVERLOAD_EXEMPT = { pressureHandler: letThrough };

/** Whether a route's config exempts it (openapi-defaults.ts documents the 503 on every other route). */
export function isOverloadExempt(config: unknown): boolean {
  return (config as { pressureHandler?: unknown } | undefined)?.pressureHandler === letThrough;
}

export interface OverloadOptions {
  /** The mean event-loop delay over the last second above which requests are refused, ms; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** The V8 heap in use above which requests are refused, bytes; 0: not checked. */
  maxHeapUsedBytes: number;
  /** The 503's `Retry-After`, seconds. */
  retryAfterSeconds: number;
  /** Told of each refusal and what was over its threshold (`eventLoopDelay`, `heapUsedBytes`): the metrics. */
  onRefused?: (reason: string) => void;
}

export default fp(async function overload(app: FastifyInstance, options: OverloadOptions) {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxHeapUsedBytes: options.maxHeapUsedBytes,
    // Thrown from the hook, the refusal goes through the one error handler (errors.ts): the project's `{detail}`
    // shape and its Retry-After header, where under-pressure's own error would be a bare 500 there.
    pressureHandler: async (_request, _reply, type) => {
      options.onRefused?.(type);
      throw new DomainError('unavailable', SERVER_OVERLOADED, { retryAfter: options.retryAfterSeconds });
    },
  });
});
