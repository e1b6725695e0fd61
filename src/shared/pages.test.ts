import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, PAGES } from './pages';

describe('PAGE_PATHS', () => {
  it('has every page under its key, and nothing else', () => {
    expect(Object.keys(PAGE_PATHS).sort()).toEqual(PAGES.map((page) => page.key).sort());
    for (const page of PAGES) expect(PAGE_PATHS[page.key]).toBe(page.path);
    expect(PAGE_PATHS.resetPwd).toBe('/user/reset-pwd');
  });
});
