/**
 * Overload answered, not suffered (decision 0027): while the event loop lags or the heap runs high, every request is
 * answered at once with `503 {"detail":"SERVER_OVERLOADED"}` and `Retry-After`, instead of joining a queue that makes
 * everyone time out. Loggers re-send after `Retry-After` (their uploads are idempotent); a load balancer sends the
 * next request to another instance. @fastify/under-pressure samples the process once a second; it is registered
 * first among the hooks, so a refused request costs no database, body parsing or auth.
 *
 * `/health`, `/ready` and `/metrics` are never refused (`OVERLOAD_EXEMPT`): an orchestrator that saw a busy process
 * as dead would restart it and lose its work, and the metrics are how an operator sees the overload. Nor are the
 * front end's files and the media (static-site.ts): a page whose HTML went out needs them to run.
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

/** How often under-pressure samples the process, ms (its default, named here for the start-up grace below). */
const SAMPLE_INTERVAL_MS = 1000;

export default fp(async function overload(app: FastifyInstance, options: OverloadOptions) {
  // The event loop's delay counts from when the server listens. The start-up work before it (server.ts: the rollup's
  // count over every catch, synchronous on SQLite) may hold the loop through a whole sample; under-pressure reads a
  // sample that saw no turn of the loop as an infinite delay, and refused the first requests after listening for up
  // to a second (the heat map bench's first view at 5 M, docs/BENCHMARKS.md). Such a sample is taken at most one
  // interval after listening and holds one more: its verdict is ignored for two.
  let servingSince = performance.now();
  app.addHook('onListen', async () => {
    servingSince = performance.now();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxHeapUsedBytes: options.maxHeapUsedBytes,
    sampleInterval: SAMPLE_INTERVAL_MS,
    // Thrown from the hook, the refusal goes through the one error handler (errors.ts): the project's `{detail}`
    // shape and its Retry-After header, where under-pressure's own error would be a bare 500 there.
    pressureHandler: async (_request, _reply, type) => {
      if (type === 'eventLoopDelay' && performance.now() - servingSince < 2 * SAMPLE_INTERVAL_MS) return;
      options.onRefused?.(type);
      throw new DomainError('unavailable', SERVER_OVERLOADED, { retryAfter: options.retryAfterSeconds });
    },
  });
});
