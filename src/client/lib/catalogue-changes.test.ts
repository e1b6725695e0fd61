import { describe, expect, it } from 'vitest';
import { isDeprecated, latestPatch, newIn, pickable } from './catalogue-changes';

const items = [
  { id: 1, deprecated: false, new_in: null },
  { id: 2, deprecated: true, new_in: null },
  { id: 3, deprecated: false, new_in: '1.0.23' },
  { id: 4 },
];

describe('catalogue changes', () => {
  it('offers pickers every item the game still has, and the chosen one even if deprecated', () => {
    expect(pickable(items).map((item) => item.id)).toEqual([1, 3, 4]);
    expect(pickable(items, 2).map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(isDeprecated(items[1]!)).toBe(true);
    expect(isDeprecated(items[3]!)).toBe(false);
  });

  it('reads the patch an item is new in, and the latest patch of a list', () => {
    expect(newIn(items[2]!)).toBe('1.0.23');
    expect(newIn(items[3]!)).toBeNull();
    expect(latestPatch(items)).toBe('1.0.23');
    expect(latestPatch(items.slice(0, 2))).toBeNull();
  });
});
