/**
 * Rate limits as onRequest hooks over the counter store (counter-store.ts): a request over its limit is refused with
 * 429 `RATE_LIMITED` and `Retry-After` before its body is read. The composition root (services.ts) builds them once;
 * route plugins receive them as an option.
 */
import type { FastifyRequest } from 'fastify';
import type { CounterStore } from '../counter-store';
import { rateLimited } from '../domain-error';
import { currentUser } from '../plugins/auth';

export interface RateLimits {
  /**
   * An onRequest hook allowing `max` requests per client IP and `windowMs` on one route family. Runs before the
   * body is read, so refused requests cost nothing. IPs come from `X-Forwarded-For` only with TRUST_PROXY.
   */
  perIp(name: string, max: number, windowMs: number): (request: FastifyRequest) => Promise<void>;
  /**
   * The same per signed-in user: an onRequest hook to list after `requireUser` (the avatar upload, where one
   * account's requests must not each write a file, whichever addresses they come from).
   */
  perUser(name: string, max: number, windowMs: number): (request: FastifyRequest) => Promise<void>;
}

export function createRateLimits(store: CounterStore): RateLimits {
  return {
    perIp(name, max, windowMs) {
      return async (request) => {
        const count = await store.hit(`ip:${name}:${request.ip}`, windowMs);
        if (count.count > max) throw rateLimited(count.retryAfter);
      };
    },
    perUser(name, max, windowMs) {
      return async (request) => {
        const count = await store.hit(`user:${name}:${currentUser(request).id}`, windowMs);
        if (count.count > max) throw rateLimited(count.retryAfter);
      };
    },
  };
}
