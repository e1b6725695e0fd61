/** Kept answers served unchecked only within their fresh window (decision 0033), checked after it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeptAnswers } from './catch-changes';

let now = 1_000;
afterEach(() => vi.restoreAllMocks());
const clock = () => vi.spyOn(performance, 'now').mockImplementation(() => now);

describe('KeptAnswers', () => {
  it('serves within freshMs without asking, then asks, and a yes starts a new window', async () => {
    clock();
    const kept = new KeptAnswers<string>(1_000);
    const holds = vi.fn(async () => true);
    kept.set('a', 'answer', now);
    now += 999;
    expect(await kept.holding('a', holds)).toBe('answer');
    expect(holds).not.toHaveBeenCalled();
    now += 1;
    expect(await kept.holding('a', holds)).toBe('answer');
    expect(holds).toHaveBeenCalledTimes(1);
    // The check just made starts the window again.
    now += 500;
    expect(await kept.holding('a', holds)).toBe('answer');
    expect(holds).toHaveBeenCalledTimes(1);
  });

  it('drops what no longer holds, and times the window from when the count began', async () => {
    clock();
    const kept = new KeptAnswers<number>(1_000);
    const countedAt = now;
    now += 800; // a slow count
    kept.set('a', 7, countedAt);
    now += 200;
    expect(await kept.holding('a', async () => false)).toBeUndefined();
    expect(await kept.holding('missing', async () => true)).toBeUndefined();
  });

  it('with freshMs 0 asks every time', async () => {
    clock();
    const kept = new KeptAnswers<number>(0);
    const holds = vi.fn(async () => true);
    kept.set('a', 1, now);
    await kept.holding('a', holds);
    await kept.holding('a', holds);
    expect(holds).toHaveBeenCalledTimes(2);
  });

  it('forgets the least recently used beyond its size', async () => {
    clock();
    const kept = new KeptAnswers<number>(1_000, 2);
    kept.set('a', 1, now);
    kept.set('b', 2, now);
    await kept.holding('a', async () => true); // a used last: b goes first
    kept.set('c', 3, now);
    expect(await kept.holding('b', async () => true)).toBeUndefined();
    expect(await kept.holding('a', async () => true)).toBe(1);
    expect(await kept.holding('c', async () => true)).toBe(3);
  });
});
