/**
 * Password guessing limits (contract: departures; decision 0010), on logins and on the current password a profile
 * change asks for. Two counts per account, both over 15 minutes:
 * - per (account, client address): over `perAddress` failures that address gets 429 for that account, but the
 *   right password from any other address still works, so nobody can lock a user out from afar;
 * - per account, across addresses: over `ceiling` failures every answer for that account is slowed down (a delay
 *   growing by `stepMs` per failure over the ceiling, at most `maxDelayMs`), never refused, which bounds how fast a
 *   botnet can guess without handing it a way to lock the account.
 * Both are counted before the password is checked (parallel guesses cannot all pass a check made before any of them
 * failed); a success takes its attempt back, so only failures pile up.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { rateLimited } from '../../domain-error';
import { type CounterStore } from '../../counter-store';

const WINDOW_MS = 15 * 60 * 1000;

export interface LoginLimitSettings {
  /** Failures one client address may make on one account per 15 minutes (AUTH_ACCOUNT_PER_15MIN). */
  perAddress: number;
  /** Failures on one account from all addresses per 15 minutes before answers slow down. */
  ceiling: number;
  /** Added delay per failure over the ceiling. */
  stepMs?: number;
  /** The longest delay. */
  maxDelayMs?: number;
}

/** Counter keys are fixed-length digests: any username is accepted, and the store's keys must not grow with it. */
function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/** An attempt that has been counted: `succeeded()` when the password was right. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export class LoginLimits {
  private readonly stepMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly counters: CounterStore,
    private readonly settings: LoginLimitSettings,
  ) {
    this.stepMs = settings.stepMs ?? 100;
    this.maxDelayMs = settings.maxDelayMs ?? 2000;
  }

  /** The delay for an attempt that is the `failures`-th on its account in the window (0 up to the ceiling). */
  delayFor(failures: number): number {
    const over = failures - this.settings.ceiling;
    return over <= 0 ? 0 : Math.min(this.maxDelayMs, over * this.stepMs);
  }

  /** Waits `ms`; its own method so that tests can see the delay without timing it. */
  pause(ms: number): Promise<void> {
    return sleep(ms);
  }

  /**
   * Counts an attempt on `account` (a lower-cased address, known or not, so neither answer reveals which exist) from
   * `address`: 429 when that address is over its limit, else waits whatever the account-wide ceiling asks.
   */
  async attempt(account: string, address: string): Promise<LoginAttempt> {
    const pairKey = `login-fail:${digest(account, address)}`;
    const pair = await this.counters.hit(pairKey, WINDOW_MS);
    if (pair.count > this.settings.perAddress) throw rateLimited(pair.retryAfter);

    const accountKey = `login-fail-account:${digest(account)}`;
    const total = await this.counters.hit(accountKey, WINDOW_MS);
    const delay = this.delayFor(total.count);
    if (delay > 0) await this.pause(delay);

    return {
      succeeded: async () => {
        await this.counters.reset(pairKey);
        await this.counters.release(accountKey);
      },
    };
  }
}
