/**
 * Kept server-rendered pages (kept-pages.ts): fresh ones sent again, stale ones sent while one background render
 * replaces them (one at a time, a pause after each), old ones rendered before they are sent, a failed render never kept, a bounded number of pages. The
 * clock is the test's, so nothing here waits on time.
 */
import { describe, expect, it } from 'vitest';
import { KeptPages } from './kept-pages';

function setup(options: { freshMs?: number; staleMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const backgroundErrors: string[] = [];
  const kept = new KeptPages<string>({
    freshMs: options.freshMs ?? 5_000,
    staleMs: options.staleMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    onBackgroundError: (key, error) => backgroundErrors.push(`${key}: ${(error as Error).message}`),
    now: () => now,
  });
  let renders = 0;
  /** Renders resolve when the test says, so what is sent while one runs is seen. */
  const pending: { resolve: (page: string) => void; reject: (error: Error) => void }[] = [];
  const render = () => {
    renders += 1;
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  };
  const settle = async (page: string) => {
    pending.shift()!.resolve(page);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    kept,
    render,
    settle,
    fail: async () => {
      pending.shift()!.reject(new Error('render failed'));
      await new Promise((resolve) => setImmediate(resolve));
    },
    renders: () => renders,
    backgroundErrors,
    pending: () => pending.length,
    advance: (ms: number) => (now += ms),
  };
}

describe('kept pages', () => {
  it('sends a fresh page again and shares a render in flight', async () => {
    const t = setup();
    const first = t.kept.get('/a', 'v1', t.render);
    const second = t.kept.get('/a', 'v1', t.render);
    await t.settle('page 1');
    t.advance(4_999);

    expect(await first).toBe('page 1');
    expect(await second).toBe('page 1');
    expect(await t.kept.get('/a', 'v1', t.render)).toBe('page 1');
    expect(t.renders()).toBe(1);
  });

  it('sends a stale page at once while one render in the background replaces it', async () => {
    const t = setup();
    const first = t.kept.get('/a', 'v1', t.render);
    await t.settle('page 1');
    await first;
    t.advance(6_000);

    // Sent at once, not after the new render; asked again meanwhile, no second render starts.
    expect(await t.kept.get('/a', 'v1', t.render)).toBe('page 1');
    expect(await t.kept.get('/a', 'v1', t.render)).toBe('page 1');
    expect(t.renders()).toBe(2);
    await t.settle('page 2');

    expect(await t.kept.get('/a', 'v1', t.render)).toBe('page 2');
    expect(t.renders()).toBe(2);
  });

  it('renders in the foreground a page older than the stale window, or of another catalogue', async () => {
    const t = setup();
    void t.kept.get('/a', 'v1', t.render);
    await t.settle('page 1');
    t.advance(65_001);

    const old = t.kept.get('/a', 'v1', t.render);
    await t.settle('page 2');
    expect(await old).toBe('page 2');

    const otherCatalogue = t.kept.get('/a', 'v2', t.render);
    await t.settle('page 3');
    expect(await otherCatalogue).toBe('page 3');
    expect(t.renders()).toBe(3);
  });

  it('keeps sending the stale page when its background render fails, logs it, and never keeps a failed render', async () => {
    const t = setup();
    void t.kept.get('/a', 'v1', t.render);
    await t.settle('page 1');
    t.advance(6_000);
    expect(await t.kept.get('/a', 'v1', t.render)).toBe('page 1');
    await t.fail();
    // Nobody waited for that render: it is told to the log instead.
    expect(t.backgroundErrors).toEqual(['/a: render failed']);

    expect(await t.kept.get('/a', 'v1', t.render)).toBe('page 1');
    await t.settle('page 2');

    const failing = t.kept.get('/b', 'v1', t.render);
    await t.fail();
    await expect(failing).rejects.toThrow('render failed');
    // A foreground render's failure is its request's to answer, not a background one.
    expect(t.backgroundErrors).toHaveLength(1);
    const again = t.kept.get('/b', 'v1', t.render);
    await t.settle('page b');
    expect(await again).toBe('page b');
  });

  it('runs one background render at a time: other stale pages are sent as they are meanwhile', async () => {
    const t = setup();
    for (const url of ['/a', '/b']) {
      void t.kept.get(url, 'v1', t.render);
      await t.settle(`${url} 1`);
    }
    t.advance(6_000);

    expect(await t.kept.get('/a', 'v1', t.render)).toBe('/a 1');
    expect(await t.kept.get('/b', 'v1', t.render)).toBe('/b 1');
    expect(t.pending()).toBe(1);
    await t.settle('/a 2');

    expect(await t.kept.get('/b', 'v1', t.render)).toBe('/b 1');
    await t.settle('/b 2');
    expect(await t.kept.get('/a', 'v1', t.render)).toBe('/a 2');
    expect(await t.kept.get('/b', 'v1', t.render)).toBe('/b 2');
  });

  it('pauses after a background render three times as long as it took before the next starts', async () => {
    const t = setup();
    for (const url of ['/a', '/b']) {
      void t.kept.get(url, 'v1', t.render);
      await t.settle(`${url} 1`);
    }
    t.advance(6_000);
    void t.kept.get('/a', 'v1', t.render);
    t.advance(100);
    await t.settle('/a 2');

    t.advance(299);
    expect(await t.kept.get('/b', 'v1', t.render)).toBe('/b 1');
    expect(t.pending()).toBe(0);
    t.advance(1);
    expect(await t.kept.get('/b', 'v1', t.render)).toBe('/b 1');
    expect(t.pending()).toBe(1);
  });

  it('holds at most its bound of pages, dropping the oldest, and drops expired ones on the next insert', async () => {
    const t = setup({ maxEntries: 3 });
    for (const url of ['/a', '/b', '/c', '/d']) {
      void t.kept.get(url, 'v1', t.render);
      await t.settle(url);
    }
    expect(t.kept.size).toBe(3);
    void t.kept.get('/a', 'v1', t.render);
    expect(t.renders()).toBe(5);
    await t.settle('/a again');

    t.advance(70_000);
    void t.kept.get('/e', 'v1', t.render);
    await t.settle('/e');
    expect(t.kept.size).toBe(1);
  });

  it('keeps nothing when pages are to be rendered on every request', async () => {
    const t = setup({ freshMs: 0 });
    void t.kept.get('/a', 'v1', t.render);
    await t.settle('page 1');
    void t.kept.get('/a', 'v1', t.render);
    await t.settle('page 2');

    expect(t.renders()).toBe(2);
    expect(t.kept.size).toBe(0);
  });

  it('renders in the foreground once fresh when no stale window is set', async () => {
    const t = setup({ staleMs: 0 });
    void t.kept.get('/a', 'v1', t.render);
    await t.settle('page 1');
    t.advance(5_000);

    const next = t.kept.get('/a', 'v1', t.render);
    await t.settle('page 2');
    expect(await next).toBe('page 2');
  });
});
