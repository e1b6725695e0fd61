import { describe, expect, it } from 'vitest';
import { RARITY_CLASSES, RARITY_COLORS, RARITY_PALETTE, rarityByLevel, rarityByStarType, rarityColor } from './rarity';

describe('rarityByStarType', () => {
  it.each([
    [446, 'rate_normal'],
    [447, 'rate_rare'],
    [448, 'rate_star'],
    [449, 'rate_rare_star'],
    [450, 'rate_blue'],
    [451, 'rate_blue'],
    [452, 'rate_rare_star'],
  ])('maps star type %i to %s', (id, expected) => {
    expect(rarityByStarType(id)).toBe(expected);
  });

  it.each([0, 1, 445, 453, -1, Number.NaN, null, undefined])('maps %s to rate_gray', (id) => {
    expect(rarityByStarType(id)).toBe('rate_gray');
  });
});

describe('rarityByLevel', () => {
  it.each([
    [1, 'rate_normal'],
    [2, 'rate_rare'],
    [3, 'rate_star'],
    [4, 'rate_rare_star'],
    [5, 'rate_blue'],
    [6, 'rate_blue'],
    [7, 'rate_rare_star'],
  ])('maps level %i to %s', (level, expected) => {
    expect(rarityByLevel(level)).toBe(expected);
  });

  it.each([0, 8, 446, -3, 1.5, null, undefined])('maps %s to rate_gray', (level) => {
    expect(rarityByLevel(level)).toBe('rate_gray');
  });
});

describe('rarity colours', () => {
  it('has a distinct colour and a palette name for every class', () => {
    for (const rarity of RARITY_CLASSES) {
      expect(rarityColor(rarity)).toMatch(/^#[0-9a-f]{6}$/);
      expect(RARITY_PALETTE[rarity]).toBeTruthy();
    }
    expect(new Set(Object.values(RARITY_COLORS)).size).toBe(RARITY_CLASSES.length);
  });
});
