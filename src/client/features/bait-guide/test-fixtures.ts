/** A tiny catalogue and bait-guide answers, served at the HTTP boundary for the bait guide's component tests. */
import type { BaitGuideDetailResponse, BaitGuideResponse, BaitGuideTopResponse } from '#shared/contracts/catches';
import type { BaitItem, CategoryList, FishItem, FishWayItem, MapItem } from '#shared/contracts/catalogue';

const base = { letter: 'A', letter_en: 'A', sort: 0 };
const bounds = { x_min: 0, y_min: 0, x_max: 100, y_max: 100 };

export const MAPS: MapItem[] = [
  {
    ...base,
    id: 1,
    group_type: 'maps',
    name: '琥珀湖',
    name_en: 'Amber Lake',
    name_ja: '琥珀湖',
    data: { image: '/m/1.png', width: 100, height: 100, bounds },
  },
  {
    ...base,
    id: 2,
    group_type: 'maps',
    name: '北河',
    name_en: 'North River',
    name_ja: '北川',
    data: { image: '/m/2.png', width: 100, height: 100, bounds },
  },
  {
    ...base,
    id: 3,
    group_type: 'maps',
    name: '雪山湖',
    name_en: 'Snow Lake',
    name_ja: '雪山湖',
    data: { image: '/m/3.png', width: 100, height: 100, bounds },
  },
];

const fishData = (maps: number[], latin: string) => ({
  level: 2,
  latin,
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
    data: fishData([1, 2], 'Esox lucius'),
  },
  {
    ...base,
    id: 11,
    group_type: 'fish',
    name: '鲈鱼',
    name_en: 'Perch',
    name_ja: 'パーチ',
    data: fishData([2], 'Perca fluviatilis'),
  },
  {
    ...base,
    id: 12,
    group_type: 'fish',
    name: '鳟鱼',
    name_en: 'Brown Trout',
    name_ja: 'ブラウントラウト',
    data: fishData([3], 'Salmo trutta'),
  },
];

export const FISH_WAYS: FishWayItem[] = [
  { ...base, id: 301, group_type: 'fish_way', name: '活饵', name_en: 'Live bait', name_ja: '生き餌', data: {} },
  { ...base, id: 302, group_type: 'fish_way', name: '路亚', name_en: 'Lure', name_ja: 'ルアー', data: {} },
];

function bait(id: number, name: string, nameEn: string, fishWay: number): BaitItem {
  return {
    ...base,
    id,
    group_type: 'baits',
    name,
    name_en: nameEn,
    name_ja: '',
    data: { fish_way: fishWay, image: '' },
  };
}

export const BAITS: BaitItem[] = [
  bait(100, '蚯蚓', 'Worm', 301),
  bait(101, '旋转亮片', 'Spinner', 302),
  bait(102, '玉米', 'Corn', 301),
  bait(103, '软虫', 'Soft worm', 302),
  bait(104, '面包', 'Bread', 301),
];

export const CATALOGUE: CategoryList = { fish: FISH, maps: MAPS, baits: BAITS, star_type: [], fish_way: FISH_WAYS };

export const FROM = '2026-01-01T08:00:00Z';
export const TO = '2026-01-04T08:00:00Z';

/** 120 catches of the pike: worm 60, spinner 40, corn 15, then two baits under the minimum count (3). */
export const PIKE_GUIDE: BaitGuideResponse = {
  fish_id: 10,
  map_id: null,
  from: FROM,
  to: TO,
  total: 120,
  baits: [
    { bait_id: 100, count: 60, share: 0.5 },
    { bait_id: 101, count: 40, share: 40 / 120 },
    { bait_id: 102, count: 15, share: 0.125 },
    { bait_id: 103, count: 3, share: 0.025 },
    { bait_id: 104, count: 2, share: 2 / 120 },
  ],
};

/** The same pike on one map: fewer catches, another order. */
export const PIKE_ON_MAP_2: BaitGuideResponse = {
  fish_id: 10,
  map_id: 2,
  from: FROM,
  to: TO,
  total: 10,
  baits: [
    { bait_id: 101, count: 7, share: 0.7 },
    { bait_id: 100, count: 3, share: 0.3 },
  ],
};

export const PIKE_DETAIL: BaitGuideDetailResponse = {
  ...PIKE_GUIDE,
  by_hour: [
    {
      key: 18,
      total: 20,
      baits: [
        { bait_id: 101, count: 15, share: 0.75 },
        { bait_id: 100, count: 5, share: 0.25 },
      ],
    },
    {
      key: 6,
      total: 100,
      baits: [
        { bait_id: 100, count: 55, share: 0.55 },
        { bait_id: 101, count: 25, share: 0.25 },
        { bait_id: 102, count: 15, share: 0.15 },
        { bait_id: 103, count: 3, share: 0.03 },
        { bait_id: 104, count: 2, share: 0.02 },
      ],
    },
  ],
  by_depth: [
    { key: '5-10', total: 30, baits: [{ bait_id: 101, count: 30, share: 1 }] },
    {
      key: '0-5',
      total: 90,
      baits: [
        { bait_id: 100, count: 60, share: 60 / 90 },
        { bait_id: 101, count: 10, share: 10 / 90 },
        { bait_id: 102, count: 15, share: 15 / 90 },
        { bait_id: 103, count: 3, share: 3 / 90 },
        { bait_id: 104, count: 2, share: 2 / 90 },
      ],
    },
  ],
  by_weather: [
    {
      key: 'sunny',
      total: 80,
      baits: [
        { bait_id: 100, count: 50, share: 50 / 80 },
        { bait_id: 101, count: 30, share: 30 / 80 },
      ],
    },
    {
      key: 'thunderstorm',
      total: 40,
      baits: [
        { bait_id: 101, count: 10, share: 0.25 },
        { bait_id: 100, count: 10, share: 0.25 },
        { bait_id: 102, count: 15, share: 0.375 },
        { bait_id: 103, count: 3, share: 0.075 },
        { bait_id: 104, count: 2, share: 0.05 },
      ],
    },
  ],
};

export const TOP: BaitGuideTopResponse = {
  map_id: null,
  from: FROM,
  to: TO,
  fishes: [
    { fish_id: 10, total: 120, baits: PIKE_GUIDE.baits.slice(0, 3) },
    {
      fish_id: 12,
      total: 300,
      baits: [
        { bait_id: 104, count: 200, share: 2 / 3 },
        { bait_id: 102, count: 100, share: 1 / 3 },
      ],
    },
  ],
};

export const EMPTY_GUIDE = (fishId: number, mapId: number | null): BaitGuideResponse => ({
  fish_id: fishId,
  map_id: mapId,
  from: FROM,
  to: TO,
  total: 0,
  baits: [],
});
