/**
 * Server-rendered pages kept by URL under one catalogue version (decision 0038). A page is sent again as it is for
 * `freshMs` after its render; after that, until `staleMs` more have passed, it is still sent at once while one render
 * in the background replaces it (stale-while-revalidate), so a visitor waits for a render only on a page nobody asked
 * for lately. Renders in flight are shared. Background renders take at most a share of the process's time: one at a
 * time, and the next starts only after a pause of `BACKGROUND_PAUSE` times the last one's duration (a quarter of the
 * time at most). Under traffic over many pages the kept ones are sent a little older rather than the event loop
 * filling with renders nobody waits for; a page older than the stale window is rendered before it is sent.
 *
 * A page sent stale is no staler in the browser than the app allows: its answers carry the time they were read, and
 * the browser asks again for any older than its query's own `staleTime` as soon as the page has hydrated.
 */

export interface KeptPagesOptions {
  /** How long a render is sent as it is; 0 keeps nothing (every request renders). */
  freshMs: number;
  /** How long after that it is still sent while a new one renders; 0 renders in the foreground once not fresh. */
  staleMs: number;
  /** At most this many pages, the oldest dropped first. */
  maxEntries: number;
  /** Told of a background render that failed (nobody waits for it, so nobody else would hear of it): the log. */
  onBackgroundError?: (key: string, error: unknown) => void;
  now?: () => number;
}

/** After a background render of d ms, the next waits this many times d: background renders use ≤ 1 / (1 + 3) of the time. */
const BACKGROUND_PAUSE = 3;

interface Entry<T> {
  version: string;
  page: Promise<T>;
  freshUntil: number;
  staleUntil: number;
  /** The render succeeded: the page can be sent stale. */
  settled: boolean;
  refreshing: boolean;
}

export class KeptPages<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private refreshes = 0;
  /** When the next background render may start. */
  private nextRefreshAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: KeptPagesOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The page of `key` under catalogue `version`: kept, or rendered by `render`. */
  get(key: string, version: string, render: () => Promise<T>): Promise<T> {
    if (this.options.freshMs <= 0) return render();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      if (now < hit.freshUntil) return hit.page;
      if (hit.settled && now < hit.staleUntil) {
        this.refresh(key, hit, render);
        return hit.page;
      }
    }
    return this.store(key, version, render(), now);
  }

  private refresh(key: string, hit: Entry<T>, render: () => Promise<T>): void {
    const started = this.now();
    if (hit.refreshing || this.refreshes > 0 || started < this.nextRefreshAt) return;
    hit.refreshing = true;
    this.refreshes += 1;
    const page = render();
    page
      .then(
        () => {
          // Unless the entry was replaced meanwhile (a new catalogue, a foreground render), the new page takes its place.
          if (this.entries.get(key) === hit) this.store(key, hit.version, page, this.now());
        },
        // A failed render leaves the kept page to be sent until it is too old.
        (error: unknown) => this.options.onBackgroundError?.(key, error),
      )
      .finally(() => {
        hit.refreshing = false;
        this.refreshes -= 1;
        const ended = this.now();
        this.nextRefreshAt = ended + BACKGROUND_PAUSE * (ended - started);
      });
  }

  private store(key: string, version: string, page: Promise<T>, now: number): Promise<T> {
    const entry: Entry<T> = {
      version,
      page,
      freshUntil: now + this.options.freshMs,
      staleUntil: now + this.options.freshMs + this.options.staleMs,
      settled: false,
      refreshing: false,
    };
    page.then(
      () => (entry.settled = true),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Oldest first (every entry lives as long from its render): expired ones go at once, the oldest past the bound.
    for (const [url, kept] of this.entries) {
      if (kept.staleUntil > now && this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(url);
    }
    return page;
  }
}
