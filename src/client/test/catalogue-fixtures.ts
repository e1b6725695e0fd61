/** A tiny catalogue (two maps, three fish, two baits), answered at the HTTP boundary by the component tests of the features that show catches. */
import type { BaitItem, CategoryList, FishItem, FishWayItem, MapItem, StarTypeItem } from '#shared/contracts/catalogue';

const base = { letter: 'A', letter_en: 'A', sort: 0 };

export const MAPS: MapItem[] = [
  {
    ...base,
    id: 1,
    group_type: 'maps',
    name: '琥珀湖',
    name_en: 'Amber Lake',
    name_ja: '琥珀湖',
    data: {
      image: '/media/maps/1.png',
      width: 800,
      height: 400,
      bounds: { x_min: 0, y_min: 0, x_max: 1000, y_max: 500 },
    },
  },
  {
    ...base,
    id: 2,
    group_type: 'maps',
    name: '北河',
    name_en: 'North River',
    name_ja: '北川',
    data: {
      image: '/media/maps/2.png',
      width: 400,
      height: 400,
      bounds: { x_min: 0, y_min: 0, x_max: 100, y_max: 100 },
    },
  },
];

const fishData = (maps: number[]) => ({
  level: 3,
  latin: 'Esox lucius',
  min_weight: 100,
  max_weight: 30_000,
  star_weights: [],
  maps,
});

export const FISH: FishItem[] = [
  {
    ...base,
    id: 10,
    group_type: 'fish',
    name: '白斑狗鱼',
    name_en: 'Northern Pike',
    name_ja: 'ノーザンパイク',
    data: fishData([1]),
  },
  { ...base, id: 11, group_type: 'fish', name: '鲈鱼', name_en: 'Perch', name_ja: 'パーチ', data: fishData([1, 2]) },
  {
    ...base,
    id: 12,
    group_type: 'fish',
    name: '鳟鱼',
    name_en: 'Brown Trout',
    name_ja: 'ブラウントラウト',
    data: fishData([2]),
  },
];

export const FISH_WAYS: FishWayItem[] = [
  { ...base, id: 301, group_type: 'fish_way', name: '活饵', name_en: 'Live bait', name_ja: '生き餌', data: {} },
];

export const BAITS: BaitItem[] = [
  {
    ...base,
    id: 100,
    group_type: 'baits',
    name: '蚯蚓',
    name_en: 'Worm',
    name_ja: 'ミミズ',
    data: { fish_way: 301, image: '/media/baits/100.png' },
  },
  {
    ...base,
    id: 101,
    group_type: 'baits',
    name: '面包',
    name_en: 'Bread',
    name_ja: 'パン',
    data: { fish_way: 301, image: '/media/baits/101.png' },
  },
];

export const STAR_TYPES: StarTypeItem[] = [
  { ...base, id: 0, group_type: 'star_type', name: '未知', name_en: 'Unknown', name_ja: '不明', data: {} },
  { ...base, id: 448, group_type: 'star_type', name: '星级', name_en: 'Star', name_ja: 'スター', data: {} },
  {
    ...base,
    id: 452,
    group_type: 'star_type',
    name: '超稀有蓝冠',
    name_en: 'Super rare blue crown',
    name_ja: 'スーパーレアブルークラウン',
    data: {},
  },
];

export const CATEGORY_LIST: CategoryList = {
  fish: FISH,
  maps: MAPS,
  baits: BAITS,
  star_type: STAR_TYPES,
  fish_way: FISH_WAYS,
};
