import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, pageReload, reloadOntoNewBuild } from './stale-build';

describe('a page whose code is gone after a deploy', () => {
  const reloads = vi.fn();
  const realReload = pageReload.run;

  beforeEach(() => {
    window.sessionStorage.clear();
    reloads.mockClear();
    pageReload.run = reloads;
  });
  afterEach(() => {
    pageReload.run = realReload;
    vi.restoreAllMocks();
  });

  it("knows each browser's words for a chunk that failed to load, and nothing else", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://example.test/assets/baits-page-abc123.js',
      'error loading dynamically imported module: https://example.test/assets/baits-page-abc123.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/heat-map-view-abc123.css',
    ]) {
      expect(isStaleChunkError(new TypeError(message)), message).toBe(true);
    }
    expect(isStaleChunkError(new Error('Network request failed'))).toBe(false);
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isStaleChunkError(null)).toBe(false);
  });

  it('reloads once, then not again within a minute, then again for a later deploy', () => {
    const start = 1_800_000_000_000;
    expect(reloadOntoNewBuild(new TypeError('first'), start)).toBe(true);
    expect(reloads).toHaveBeenCalledTimes(1);

    // The reloaded page fails again: the new build lacks the chunk too, so no loop.
    expect(reloadOntoNewBuild(new TypeError('after the reload'), start + 5_000)).toBe(false);
    expect(reloads).toHaveBeenCalledTimes(1);

    // An hour later another deploy leaves the tab behind again.
    expect(reloadOntoNewBuild(new TypeError('next deploy'), start + 3_600_000)).toBe(true);
    expect(reloads).toHaveBeenCalledTimes(2);
  });

  it('decides once per failure, however often the error page renders', () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    expect(reloadOntoNewBuild(failure, 1_000)).toBe(true);
    expect(reloadOntoNewBuild(failure, 1_001)).toBe(true);
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('never reloads without session storage, where it could not tell a loop', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(reloadOntoNewBuild(new TypeError('blocked storage'))).toBe(false);
    expect(reloads).not.toHaveBeenCalled();
  });
});
