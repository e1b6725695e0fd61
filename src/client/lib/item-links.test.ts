import { describe, expect, it } from 'vitest';
import { BAITS, FISH, MAPS } from '../test/fixtures/catalogue';
import { itemPagePath } from './item-links';

describe('item page links', () => {
  it("links each kind of item to its own page, the slug of its name in the page's language after the id", () => {
    expect(itemPagePath(FISH[0]!, 'en')).toBe('/en/guide/fishes/10-northern-pike');
    expect(itemPagePath(BAITS[0]!, 'en')).toBe('/en/query/baits/100-worm');
    expect(itemPagePath(MAPS[0]!, 'en')).toBe('/en/maps/1-amber-lake');
  });

  it('writes the Chinese page without a prefix, and keeps Chinese and Japanese names as they are', () => {
    expect(itemPagePath(FISH[0]!, 'zh')).toBe('/guide/fishes/10-白斑狗鱼');
    expect(itemPagePath(MAPS[1]!, 'ja')).toBe('/ja/maps/2-北川');
    expect(itemPagePath(FISH[1]!, 'ja')).toBe('/ja/guide/fishes/11-パーチ');
  });
});
