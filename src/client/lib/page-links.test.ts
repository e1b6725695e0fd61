import { describe, expect, it } from 'vitest';
import { baitGuideSearch, heatMapSearch, logsSearch } from './page-links';

describe('links between pages', () => {
  it("links a fish's bait guide in the API's names, on a map only when one is given", () => {
    expect(baitGuideSearch(3)).toBe('?fish_id=3');
    expect(baitGuideSearch(3, null)).toBe('?fish_id=3');
    expect(baitGuideSearch(3, 11)).toBe('?fish_id=3&map_id=11');
  });

  it('links the heat map of a map narrowed to a fish', () => {
    expect(heatMapSearch(3, 42)).toBe('?map=3&fish=42');
    expect(heatMapSearch(3)).toBe('?map=3');
  });

  it('links the log lists narrowed to a fish, a map or both, and to nothing when neither is given', () => {
    expect(logsSearch({ fish: 42 })).toBe('?fish=42');
    expect(logsSearch({ fish: 42, map: 3 })).toBe('?fish=42&map=3');
    expect(logsSearch({})).toBe('');
  });
});
