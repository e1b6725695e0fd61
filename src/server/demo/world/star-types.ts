import type { WorldNames } from './names';

export interface DemoStarType extends WorldNames {
  id: number;
}

/**
 * Star types use the game's own ids (docs/design.md §3); 0 is "unknown". The order is also the rarity order, from the
 * most common trophy class to the rarest, which the fish thresholds in star-weights.ts rely on.
 */
export const DEMO_STAR_TYPES: readonly DemoStarType[] = [
  { id: 0, name: '未知', name_en: 'Unknown', name_ja: '不明' },
  { id: 446, name: '电视奖杯', name_en: 'TV trophy', name_ja: 'TVトロフィー' },
  { id: 447, name: '稀有电视奖杯', name_en: 'Rare TV trophy', name_ja: 'レアTVトロフィー' },
  { id: 448, name: '星级', name_en: 'Star', name_ja: 'スター' },
  { id: 449, name: '稀有星级', name_en: 'Rare star', name_ja: 'レアスター' },
  { id: 450, name: '蓝冠', name_en: 'Blue crown', name_ja: 'ブルークラウン' },
  { id: 451, name: '超级蓝冠', name_en: 'Super blue crown', name_ja: 'スーパーブルークラウン' },
  { id: 452, name: '超稀有蓝冠', name_en: 'Super rare blue crown', name_ja: 'スーパーレアブルークラウン' },
];

/** The trophy classes a fish can reach by weight, in ascending order of rarity (and of threshold weight). */
export const TROPHY_STAR_TYPES = [446, 447, 448, 449, 450, 451, 452] as const;
