/**
 * At most `limit` language-model calls at once (AI_CONCURRENCY); the others wait in two lines, and a VIP question
 * goes before every waiting non-VIP one (docs/product-requirements.md §6 "priority response speed"). A waiting question
 * whose deadline passes leaves the line (its signal aborts) and gets the built-in answer instead.
 */
export class ModelGate {
  private active = 0;
  private readonly waiting: { vip: Waiter[]; other: Waiter[] } = { vip: [], other: [] };

  constructor(private readonly limit: number) {}

  /** Calls running now and questions waiting (for tests and the log). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.vip.length + this.waiting.other.length };
  }

  /** Resolves with a release function once a place is free; rejects with the signal's reason if it aborts first. */
  acquire(vip: boolean, signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const line = vip ? this.waiting.vip : this.waiting.other;
      const waiter: Waiter = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(this.releaser());
        },
      };
      const onAbort = () => {
        const at = line.indexOf(waiter);
        if (at !== -1) line.splice(at, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      line.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The place passes straight to the next in line (VIP first), so a new arrival cannot slip in between.
      const next = this.waiting.vip.shift() ?? this.waiting.other.shift();
      if (next) next.start();
      else this.active -= 1;
    };
  }
}

interface Waiter {
  start(): void;
}
