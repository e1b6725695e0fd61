/**
 * Counters for rate limits (docs/design.md §4): attempts per client IP, failed logins per account and client address
 * (and per account across addresses), avatar uploads per user, in process by default
 * and in Redis when `REDIS_URL` is set, so every instance behind a load balancer counts together; while Redis is
 * down, in the process again (decision 0018). One small store
 * rather than @fastify/rate-limit: the per-account rule forgets an account's attempts when it logs in, so only
 * failures pile up, which that plugin cannot do, and both rules must share one backend (decision 0007).
 *
 * The composition root (services.ts) creates the store once, hands it to the services that count (login failures,
 * account mails, the AI quota) and to the per-IP / per-user hooks (http/rate-limits.ts), and closes it with the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface Count {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

export interface CounterStore {
  /** Counts one hit of `key` in a fixed window of `windowMs` that starts with the key's first hit. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The current window's count without counting a hit (what a quota display shows); null when no window is open. */
  peek(key: string): Promise<Count | null>;
  /** Takes one hit back (a login that turned out right), within the same window; never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Rejects while the shared store (Redis) does not answer, whatever the fallback does meanwhile (`/ready`). */
  ping(): Promise<void>;
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

  async peek(key: string): Promise<Count | null> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return null;
    return { count: window.count, retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  async release(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async ping(): Promise<void> {}

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

// The count and the time left in one step, so they belong to the same window.
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

// DECR keeps the key's expiry; a key that has expired meanwhile is not brought back as -1.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<Count> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async peek(key: string): Promise<Count | null> {
    const answer = (await this.redis.eval(PEEK_SCRIPT, 1, this.prefix + key)) as [number, number] | null;
    if (!answer || answer[1] <= 0) return null;
    return { count: answer[0], retryAfter: Math.max(1, Math.ceil(answer[1] / 1000)) };
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** While Redis is down, it is tried again at most this often; the requests in between count in this process. */
export const REDIS_RETRY_MS = 1_000;

/**
 * While the shared store (Redis) fails, every limit counts in this process instead (decision 0018): each instance
 * then limits on its own, so a client may get a limit once per instance, but no limit stops limiting, and no request
 * waits for Redis or fails with it. Logged once when the fallback starts and once when Redis answers again.
 */
class FallbackCounterStore implements CounterStore {
  private readonly memory = new MemoryCounterStore();
  /** When Redis last failed, while it is down; null while it answers. */
  private downSince: number | null = null;
  private lastTry = 0;

  constructor(
    private readonly shared: CounterStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async run<T>(work: (store: CounterStore) => Promise<T>): Promise<T> {
    const now = Date.now();
    if (this.downSince !== null && now - this.lastTry < REDIS_RETRY_MS) return work(this.memory);
    this.lastTry = now;
    try {
      const result = await work(this.shared);
      if (this.downSince !== null) {
        this.log.info({ downForMs: now - this.downSince }, 'rate limits: Redis is back, counting shared again');
        this.downSince = null;
      }
      return result;
    } catch (error) {
      if (this.downSince === null) {
        this.downSince = now;
        this.log.error({ err: error }, 'rate limits: Redis unavailable, counting in this process until it is back');
      }
      return work(this.memory);
    }
  }

  hit(key: string, windowMs: number): Promise<Count> {
    return this.run((store) => store.hit(key, windowMs));
  }

  peek(key: string): Promise<Count | null> {
    return this.run((store) => store.peek(key));
  }

  release(key: string): Promise<void> {
    return this.run((store) => store.release(key));
  }

  reset(key: string): Promise<void> {
    return this.run((store) => store.reset(key));
  }

  ping(): Promise<void> {
    return this.shared.ping();
  }

  async close(): Promise<void> {
    await this.memory.close();
    await this.shared.close();
  }
}

/** Counters in Redis when `redisUrl` is set (shared by every instance), else in this process. */
export async function createCounterStore(
  { redisUrl, redisPrefix }: { redisUrl: string | undefined; redisPrefix: string },
  log: FastifyBaseLogger,
): Promise<CounterStore> {
  if (!redisUrl) return new MemoryCounterStore();
  // No offline queue and a command time-out: while Redis is unreachable or stuck a check fails fast (and counts in
  // this process, above) instead of holding the request. ioredis keeps reconnecting in the background; its errors
  // are only debug lines, as the fallback logs the outage once.
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    lazyConnect: true,
  });
  redis.on('error', (error) => log.debug({ err: error }, 'redis error'));
  // A server whose Redis is down at start-up starts all the same, counting in the process until Redis answers.
  await redis.connect().catch(() => undefined);
  return new FallbackCounterStore(new RedisCounterStore(redis, redisPrefix), log);
}
