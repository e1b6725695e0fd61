/**
 * Rarity classes (docs/product-requirements.md §3). A catch's class comes from its star type id (446–452); a species'
 * class comes from its small level (1–7). The class names are the spec's, so CSS, tests and data all speak the same
 * words.
 */
export const RARITY_CLASSES = [
  'rate_normal',
  'rate_rare',
  'rate_star',
  'rate_rare_star',
  'rate_blue',
  'rate_gray',
] as const;
export type RarityClass = (typeof RARITY_CLASSES)[number];

const BY_STAR_TYPE: Readonly<Record<number, RarityClass>> = {
  446: 'rate_normal', // TV trophy
  447: 'rate_rare', // rare TV trophy
  448: 'rate_star', // star
  449: 'rate_rare_star', // rare star
  450: 'rate_blue', // blue crown
  451: 'rate_blue', // super blue crown
  452: 'rate_rare_star', // super rare blue crown
};

const BY_LEVEL: Readonly<Record<number, RarityClass>> = {
  1: 'rate_normal',
  2: 'rate_rare',
  3: 'rate_star',
  4: 'rate_rare_star',
  5: 'rate_blue',
  6: 'rate_blue',
  7: 'rate_rare_star',
};

/** Rarity class of a star type id; unknown ids (0, null, anything else) are `rate_gray`. */
export function rarityByStarType(starTypeId: number | null | undefined): RarityClass {
  return (starTypeId != null && BY_STAR_TYPE[starTypeId]) || 'rate_gray';
}

/** Rarity class of a fish's small level (1–7); anything else is `rate_gray`. */
export function rarityByLevel(level: number | null | undefined): RarityClass {
  return (level != null && BY_LEVEL[level]) || 'rate_gray';
}

/**
 * One colour per class, readable as text or a dot on both the light and the dark background (contrast ≥ 3:1 as a
 * graphic on white and on #242424), following the game's own colours: green → orange → gold → purple → blue.
 */
export const RARITY_COLORS: Readonly<Record<RarityClass, string>> = {
  rate_normal: '#2f9e44',
  rate_rare: '#e8590c',
  rate_star: '#e6a700',
  rate_rare_star: '#ae3ec9',
  rate_blue: '#1c7ed6',
  rate_gray: '#868e96',
};

/** The same classes as palette names of the UI library (for badges), so no component hard-codes a mapping. */
export const RARITY_PALETTE: Readonly<Record<RarityClass, string>> = {
  rate_normal: 'green',
  rate_rare: 'orange',
  rate_star: 'yellow',
  rate_rare_star: 'grape',
  rate_blue: 'blue',
  rate_gray: 'gray',
};

export function rarityColor(rarity: RarityClass): string {
  return RARITY_COLORS[rarity];
}
