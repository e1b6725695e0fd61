import type { WorldNames } from './names';

/** What the water of a map looks like: decides how map-svg.ts draws its picture. */
export type WaterKind =
  'lake' | 'pond' | 'marsh' | 'river' | 'stream' | 'reservoir' | 'canal' | 'delta' | 'sea' | 'fjord' | 'lagoon';

/**
 * Habitat tags shared by maps and fish: a fish can live on a map when they share at least one tag. Tags describe the
 * water (pond, cold lake, salmon river…) and two regions (asia, amur) so that, say, a mandarin fish never turns up in
 * a European canal and a sea fish never turns up in fresh water.
 */
export type Habitat =
  | 'pond'
  | 'lake'
  | 'cold-lake'
  | 'river'
  | 'fast-river'
  | 'reservoir'
  | 'canal'
  | 'brackish'
  | 'cold-sea'
  | 'warm-sea'
  | 'asia'
  | 'amur';

export interface DemoMap extends WorldNames {
  id: number;
  kind: WaterKind;
  /** Cold maps get a boreal palette (darker conifers, grey rock); warm maps a greener, sunnier one. */
  climate: 'cold' | 'temperate' | 'warm';
  habitats: readonly Habitat[];
  /** Picture size in pixels; the bounds below keep the same aspect ratio so a grid cell is square. */
  width: number;
  height: number;
  bounds: { x_min: number; y_min: number; x_max: number; y_max: number };
}

/** Invented waters (ids 100–199). */
export const DEMO_MAPS: readonly DemoMap[] = [
  {
    id: 100,
    name: '镜湖',
    name_en: 'Mirror Lake',
    name_ja: '鏡湖',
    kind: 'lake',
    climate: 'temperate',
    habitats: ['lake'],
    width: 1024,
    height: 1024,
    bounds: { x_min: 0, y_min: 0, x_max: 1000, y_max: 1000 },
  },
  {
    id: 101,
    name: '老磨坊池塘',
    name_en: 'Old Mill Pond',
    name_ja: '水車小屋の池',
    kind: 'pond',
    climate: 'temperate',
    habitats: ['pond'],
    width: 1024,
    height: 768,
    bounds: { x_min: 0, y_min: 0, x_max: 800, y_max: 600 },
  },
  {
    id: 102,
    name: '柳湾河',
    name_en: 'Willow Bend River',
    name_ja: 'ウィローベンド川',
    kind: 'river',
    climate: 'temperate',
    habitats: ['river'],
    width: 1280,
    height: 960,
    bounds: { x_min: 0, y_min: 0, x_max: 2000, y_max: 1500 },
  },
  {
    id: 103,
    name: '石峡溪',
    name_en: 'Stone Gorge Creek',
    name_ja: '石峡渓流',
    kind: 'stream',
    climate: 'cold',
    habitats: ['fast-river'],
    width: 960,
    height: 1280,
    bounds: { x_min: 500, y_min: 200, x_max: 1400, y_max: 1400 },
  },
  {
    id: 104,
    name: '北风水库',
    name_en: 'Northwind Reservoir',
    name_ja: '北風ダム湖',
    kind: 'reservoir',
    climate: 'temperate',
    habitats: ['reservoir'],
    width: 1280,
    height: 960,
    bounds: { x_min: 0, y_min: 0, x_max: 1600, y_max: 1200 },
  },
  {
    id: 105,
    name: '国王运河',
    name_en: "King's Canal",
    name_ja: 'キングス運河',
    kind: 'canal',
    climate: 'temperate',
    habitats: ['canal'],
    width: 1280,
    height: 960,
    bounds: { x_min: 0, y_min: 0, x_max: 1200, y_max: 900 },
  },
  {
    id: 106,
    name: '琥珀三角洲',
    name_en: 'Amber Delta',
    name_ja: '琥珀デルタ',
    kind: 'delta',
    climate: 'warm',
    habitats: ['river', 'brackish'],
    width: 1200,
    height: 1200,
    bounds: { x_min: 0, y_min: 0, x_max: 2400, y_max: 2400 },
  },
  {
    id: 107,
    name: '霜松湖',
    name_en: 'Frostpine Lake',
    name_ja: '霜松湖',
    kind: 'lake',
    climate: 'cold',
    habitats: ['cold-lake'],
    width: 1280,
    height: 960,
    bounds: { x_min: 0, y_min: 0, x_max: 1200, y_max: 900 },
  },
  {
    id: 108,
    name: '灰岬海岸',
    name_en: 'Grey Cape Coast',
    name_ja: 'グレイ岬海岸',
    kind: 'sea',
    climate: 'cold',
    habitats: ['cold-sea'],
    width: 1280,
    height: 960,
    bounds: { x_min: 0, y_min: 0, x_max: 4000, y_max: 3000 },
  },
  {
    id: 109,
    name: '阳石湾',
    name_en: 'Sunstone Bay',
    name_ja: '陽石湾',
    kind: 'sea',
    climate: 'warm',
    habitats: ['warm-sea'],
    width: 1280,
    height: 1024,
    bounds: { x_min: 0, y_min: 0, x_max: 2500, y_max: 2000 },
  },
  {
    id: 110,
    name: '大熊河',
    name_en: 'Great Bear River',
    name_ja: 'グレートベア川',
    kind: 'river',
    climate: 'cold',
    habitats: ['amur'],
    width: 1280,
    height: 1024,
    bounds: { x_min: 1000, y_min: 1000, x_max: 3500, y_max: 3000 },
  },
  {
    id: 111,
    name: '荷花泽',
    name_en: 'Lotus Marsh',
    name_ja: '蓮沼',
    kind: 'marsh',
    climate: 'warm',
    habitats: ['asia', 'pond'],
    width: 1024,
    height: 1024,
    bounds: { x_min: 0, y_min: 0, x_max: 800, y_max: 800 },
  },
  {
    id: 112,
    name: '雾峡湾',
    name_en: 'Misty Fjord',
    name_ja: '霧のフィヨルド',
    kind: 'fjord',
    climate: 'cold',
    habitats: ['cold-sea'],
    width: 1024,
    height: 1280,
    bounds: { x_min: 0, y_min: 0, x_max: 2400, y_max: 3000 },
  },
  {
    id: 113,
    name: '雪松岛湖',
    name_en: 'Cedar Isle Lake',
    name_ja: 'シダー島湖',
    kind: 'lake',
    climate: 'temperate',
    habitats: ['lake'],
    width: 1280,
    height: 1024,
    bounds: { x_min: 0, y_min: 0, x_max: 1250, y_max: 1000 },
  },
  {
    id: 114,
    name: '赤崖水库',
    name_en: 'Red Cliff Reservoir',
    name_ja: '赤崖ダム湖',
    kind: 'reservoir',
    climate: 'warm',
    habitats: ['reservoir', 'asia'],
    width: 1024,
    height: 1024,
    bounds: { x_min: 0, y_min: 0, x_max: 1500, y_max: 1500 },
  },
  {
    id: 115,
    name: '银滩潟湖',
    name_en: 'Silver Sands Lagoon',
    name_ja: '銀浜ラグーン',
    kind: 'lagoon',
    climate: 'warm',
    habitats: ['brackish', 'warm-sea'],
    width: 1280,
    height: 960,
    bounds: { x_min: 0, y_min: 0, x_max: 2000, y_max: 1500 },
  },
];
