/**
 * Counters for rate limits (DESIGN §4): attempts per client IP and failed logins per account, in process by default
 * and in Redis when `REDIS_URL` is set, so every instance behind a load balancer counts together. One small store
 * rather than @fastify/rate-limit: the per-account rule forgets an account's attempts when it logs in, so only
 * failures pile up, which that plugin cannot do, and both rules must share one backend (decision 0007).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from './errors';

export interface Count {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

export interface CounterStore {
  /** Counts one hit of `key` in a fixed window of `windowMs` that starts with the key's first hit. */
  hit(key: string, windowMs: number): Promise<Count>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async hit(key: string, windowMs: number): Promise<Count> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// INCR and the expiry of a new window in one atomic step, so two instances never both start a window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<Count> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * A limiter outage must not take logins down with it: while the shared store fails, every check passes (and says so
 * in the log) instead of answering 5xx.
 */
class FailOpenStore implements CounterStore {
  constructor(
    private readonly inner: CounterStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async guard<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.log.warn({ err: error }, 'rate limit store unavailable; not limiting');
      return fallback;
    }
  }

  hit(key: string, windowMs: number): Promise<Count> {
    return this.guard(() => this.inner.hit(key, windowMs), { count: 0, retryAfter: 0 });
  }

  reset(key: string): Promise<void> {
    return this.guard(() => this.inner.reset(key), undefined);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export interface RateLimits {
  store: CounterStore;
  /**
   * An onRequest hook allowing `max` requests per client IP and `windowMs` on one route family. Runs before the
   * body is read, so refused requests cost nothing. IPs come from `X-Forwarded-For` only with TRUST_PROXY.
   */
  perIp(name: string, max: number, windowMs: number): (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export function rateLimited(retryAfter: number): HttpError {
  return new HttpError(429, 'RATE_LIMITED', { 'retry-after': String(retryAfter) });
}

export default fp(async function rateLimitsPlugin(
  app: FastifyInstance,
  { redisUrl, redisPrefix }: { redisUrl: string | undefined; redisPrefix: string },
) {
  let store: CounterStore;
  if (redisUrl) {
    // No offline queue: while Redis is unreachable a limit check fails fast (and is let through, below) instead
    // of holding the request.
    const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    await redis.connect();
    store = new FailOpenStore(new RedisCounterStore(redis, redisPrefix), app.log);
  } else {
    store = new MemoryCounterStore();
  }

  const rateLimits: RateLimits = {
    store,
    perIp(name, max, windowMs) {
      return async (request) => {
        const count = await store.hit(`ip:${name}:${request.ip}`, windowMs);
        if (count.count > max) throw rateLimited(count.retryAfter);
      };
    },
  };
  app.decorate('rateLimits', rateLimits);
  app.addHook('onClose', async () => store.close());
});
