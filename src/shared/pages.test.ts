import { describe, expect, it } from 'vitest';
import {
  BAIT_PAGE_ROUTE,
  baitPagePath,
  COLLECTION_PAGE_ROUTE,
  collectionPagePath,
  isShareId,
  itemIdOf,
  itemSlug,
  fishPagePath,
  mapPagePath,
  PAGE_PATHS,
  PAGES,
} from './pages';

describe('PAGE_PATHS', () => {
  it('has every page under its key, and nothing else', () => {
    expect(Object.keys(PAGE_PATHS).sort()).toEqual(PAGES.map((page) => page.key).sort());
    for (const page of PAGES) expect(PAGE_PATHS[page.key]).toBe(page.path);
    expect(PAGE_PATHS.resetPwd).toBe('/user/reset-pwd');
  });
});

describe('bait pages', () => {
  it('are under the bait list, by id', () => {
    expect(baitPagePath(12)).toBe('/query/baits/12');
    expect(BAIT_PAGE_ROUTE).toBe('/query/baits/:ref');
  });

  it('resolve by the id alone, an optional -slug after it', () => {
    expect(itemIdOf('12')).toBe(12);
    expect(itemIdOf('12-red-worm')).toBe(12);
    expect(itemIdOf('7-红虫')).toBe(7);
    for (const bad of ['', '0', '012', 'abc', '12-', '12--a', '-12', '12.5', '1e3', '9999999999999999'])
      expect(itemIdOf(bad), bad).toBeNull();
  });
});

describe('shared collection pages', () => {
  it('are under /collection, by share id: 22 base64url characters and nothing else', () => {
    expect(collectionPagePath('AbCdEfGhIjKlMnOpQrSt_-')).toBe('/collection/AbCdEfGhIjKlMnOpQrSt_-');
    expect(COLLECTION_PAGE_ROUTE).toBe('/collection/:shareId');
    expect(isShareId('AbCdEfGhIjKlMnOpQrSt_-')).toBe(true);
    for (const bad of [
      '',
      'AbCdEfGhIjKlMnOpQrSt_',
      'AbCdEfGhIjKlMnOpQrSt_-x',
      'AbCdEfGhIjKlMnOpQrSt/-',
      'AbCdEfGhIjKlMnOpQrSt==',
    ])
      expect(isShareId(bad), bad).toBe(false);
  });
});

describe('item pages (issue 23)', () => {
  it('builds each kind of item path with an optional slug', () => {
    expect(fishPagePath(7)).toBe('/guide/fishes/7');
    expect(fishPagePath(7, 'common-carp')).toBe('/guide/fishes/7-common-carp');
    expect(mapPagePath(3, 'mirror-lake')).toBe('/maps/3-mirror-lake');
    expect(baitPagePath(12, 'red-worm')).toBe('/query/baits/12-red-worm');
  });

  it('makes slugs in any script that the id reader accepts', () => {
    expect(itemSlug('Northern  Pike (Giant)')).toBe('northern-pike-giant');
    expect(itemSlug('鲤鱼')).toBe('鲤鱼');
    expect(itemSlug('ｺｲ・ニジマス')).toBe('コイ-ニジマス');
    expect(itemSlug('  ...  ')).toBe('');
    expect([...itemSlug('word '.repeat(40))].length).toBeLessThanOrEqual(60);
    for (const name of ['Northern Pike', '鲤鱼', 'ｺｲ・ニジマス', 'Ærø “quoted” fish', 'a'.repeat(80)]) {
      const slug = itemSlug(name);
      expect(itemIdOf(`5-${slug}`), name).toBe(5);
    }
  });
});
