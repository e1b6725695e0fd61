/**
 * Guessing limits on binding codes (decision 0017). A code has 40 bits and lives 10 minutes; within one such window
 * a logger accepts at most BINDING_FAILURES_PER_WINDOW wrong codes, whoever sends them, and one account (or, at
 * registration, one client address) makes at most as many, whichever loggers it tries. Past either, every attempt is
 * 429 until the window ends, the right code included, so a guesser gets about 10 tries in 2^40 per code.
 * Attempts are counted before the code is checked (parallel guesses cannot all pass a check made before any failed);
 * a right code takes its attempt back, so only failures pile up. Counted in the shared counters (memory or Redis),
 * so every instance counts together.
 */
import { BINDING_CODE_LIFETIME_MS } from '#shared/account-rules';
import type { CounterStore } from '../../counter-store';
import { rateLimited } from '../../domain-error';

export const BINDING_FAILURES_PER_WINDOW = 10;

/** An attempt that has been counted: `succeeded()` when the code was right. */
export interface BindingAttempt {
  succeeded(): Promise<void>;
}

export class BindingAttempts {
  constructor(private readonly counters: CounterStore) {}

  /**
   * Counts an attempt on `loggerId` by `requester` (`user:<id>`, or `ip:<address>` at registration): 429 when either
   * is over its limit.
   */
  async attempt(loggerId: string, requester: string): Promise<BindingAttempt> {
    const keys = [`binding-fail-logger:${loggerId}`, `binding-fail-by:${requester}`];
    for (const key of keys) {
      const count = await this.counters.hit(key, BINDING_CODE_LIFETIME_MS);
      if (count.count > BINDING_FAILURES_PER_WINDOW) throw rateLimited(count.retryAfter);
    }
    return {
      succeeded: async () => {
        for (const key of keys) await this.counters.release(key);
      },
    };
  }
}
