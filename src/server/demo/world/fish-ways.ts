import type { WorldNames } from './names';

export interface DemoFishWay extends WorldNames {
  id: number;
}

/** Bait types (`fish_way`), ids 300–399. Each has one icon, /media/baits/<id>.png, drawn by bait-icon-svg.ts. */
export const FW = {
  natural: 300,
  plant: 301,
  boilie: 302,
  pellet: 303,
  groundbait: 304,
  spinner: 305,
  spoon: 306,
  wobbler: 307,
  softPlastic: 308,
  jig: 309,
  fly: 310,
  liveBait: 311,
  deadBait: 312,
  topwater: 313,
  seaBait: 314,
  metalJig: 315,
} as const;

export const DEMO_FISH_WAYS: readonly DemoFishWay[] = [
  { id: FW.natural, name: '天然饵', name_en: 'Natural bait', name_ja: '天然エサ' },
  { id: FW.plant, name: '植物饵', name_en: 'Plant bait', name_ja: '植物エサ' },
  { id: FW.boilie, name: '底钓球', name_en: 'Boilie', name_ja: 'ボイリー' },
  { id: FW.pellet, name: '颗粒饵', name_en: 'Pellet', name_ja: 'ペレット' },
  { id: FW.groundbait, name: '窝料', name_en: 'Groundbait', name_ja: '寄せエサ' },
  { id: FW.spinner, name: '旋转亮片', name_en: 'Spinner', name_ja: 'スピナー' },
  { id: FW.spoon, name: '勺形亮片', name_en: 'Spoon', name_ja: 'スプーン' },
  { id: FW.wobbler, name: '摇摆硬饵', name_en: 'Wobbler', name_ja: 'ワブラー' },
  { id: FW.softPlastic, name: '软饵', name_en: 'Soft plastic', name_ja: 'ソフトルアー' },
  { id: FW.jig, name: '铅头钩', name_en: 'Jig', name_ja: 'ジグ' },
  { id: FW.fly, name: '飞蝇', name_en: 'Fly', name_ja: 'フライ' },
  { id: FW.liveBait, name: '活饵', name_en: 'Live bait', name_ja: '活きエサ' },
  { id: FW.deadBait, name: '死饵', name_en: 'Dead bait', name_ja: '死にエサ' },
  { id: FW.topwater, name: '水面系', name_en: 'Topwater', name_ja: 'トップウォーター' },
  { id: FW.seaBait, name: '海钓饵', name_en: 'Sea bait', name_ja: '海釣りエサ' },
  { id: FW.metalJig, name: '路亚铁板', name_en: 'Metal jig', name_ja: 'メタルジグ' },
];
