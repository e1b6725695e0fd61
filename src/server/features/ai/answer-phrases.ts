/**
 * The built-in answerer's sentences in zh, en and ja. Every number arrives already formatted (plain digits, a dot
 * for decimals, no grouping), so what a sentence cites is exactly what the facts hold and what the language model is
 * checked against.
 */
import type { WeatherKind } from '#shared/game/catch-attributes';
import type { Locale } from '#shared/locales';

/** "12 (3.5%)"-style pieces are joined with the language's list separator. */
export interface Phrases {
  list(items: readonly string[]): string;
  onMap(map: string): string;
  baitWindow(from: string, to: string): string;
  bait(fish: string, where: string, window: string, total: number, top: string): string;
  baitNone(fish: string, where: string, window: string): string;
  baitItem(bait: string, pct: string, count: number): string;
  place(fish: string, map: string, days: number, total: number, spots: string): string;
  placeMaps(fish: string, days: number, maps: string): string;
  placeNone(fish: string, where: string, days: number): string;
  spot(x: number, y: number, count: number): string;
  mapCount(map: string, count: number): string;
  hours(fish: string, where: string, window: string, total: number, top: string): string;
  hourItem(hour: number, count: number): string;
  depth(fish: string, where: string, window: string, total: number, top: string): string;
  depthItem(band: string, count: number): string;
  weather(fish: string, where: string, window: string, total: number, top: string): string;
  weatherItem(weather: string, count: number): string;
  splitNone(fish: string, where: string, window: string): string;
  records(fish: string, where: string, total: string, newest: string, heaviest: string): string;
  recordsNone(fish: string, where: string): string;
  record(weight: string, player: string, date: string): string;
  heaviestOf(count: number): string;
  trophy(fish: string, min: string, max: string, classes: string): string;
  trophyClass(star: string, weight: string): string;
  habitat(fish: string, count: number, maps: string): string;
  noFish(suggestions: string): string;
  noFishExamples(examples: string): string;
  notAQuestion(examples: string): string;
  weatherName(kind: WeatherKind): string;
  link: {
    baitGuide(fish: string): string;
    details(fish: string): string;
    heatmap(fish: string, map: string): string;
    records(fish: string): string;
    fish(fish: string): string;
  };
}

const WEATHER: Record<Locale, Record<WeatherKind, string>> = {
  zh: {
    torrential_rain: '暴雨',
    sunny: '晴天',
    overcast: '阴天',
    cloudy: '多云',
    clear: '晴朗',
    drizzle: '小雨',
    partly_cloudy: '少云',
    thunderstorm: '雷暴',
    unknown: '未知',
  },
  en: {
    torrential_rain: 'torrential rain',
    sunny: 'sunny',
    overcast: 'overcast',
    cloudy: 'cloudy',
    clear: 'clear',
    drizzle: 'light drizzle',
    partly_cloudy: 'partly cloudy',
    thunderstorm: 'thunderstorm',
    unknown: 'unknown',
  },
  ja: {
    torrential_rain: '豪雨',
    sunny: '晴れ',
    overcast: '曇天',
    cloudy: '曇り',
    clear: '快晴',
    drizzle: '小雨',
    partly_cloudy: '晴れ時々曇り',
    thunderstorm: '雷雨',
    unknown: '不明',
  },
};

const zh: Phrases = {
  list: (items) => items.join('、'),
  onMap: (map) => `在${map}`,
  baitWindow: (from, to) => `最近72小时（3天，${from} – ${to} UTC）`,
  bait: (fish, where, window, total, top) => `${fish}${where}：${window}共有${total}条渔获记录，最常用的鱼饵是${top}。`,
  baitNone: (fish, where, window) => `${fish}${where}：${window}没有渔获记录，暂无鱼饵数据。`,
  baitItem: (bait, pct, count) => `${bait} ${pct}%（${count}条）`,
  place: (fish, map, days, total, spots) => `${fish}在${map}：最近${days}天共${total}条渔获，最热的钓点是${spots}。`,
  placeMaps: (fish, days, maps) => `${fish}最近${days}天各地图的渔获：${maps}。`,
  placeNone: (fish, where, days) => `${fish}${where}最近${days}天没有渔获记录。`,
  spot: (x, y, count) => `坐标（${x}, ${y}）附近 ${count}条`,
  mapCount: (map, count) => `${map} ${count}条`,
  hours: (fish, where, window, total, top) =>
    `${fish}${where}：${window}的${total}条渔获中，渔获最多的游戏时间是${top}。`,
  hourItem: (hour, count) => `${hour}点（${count}条）`,
  depth: (fish, where, window, total, top) => `${fish}${where}：${window}的${total}条渔获中，最常见的水深是${top}。`,
  depthItem: (band, count) => `${band}米（${count}条）`,
  weather: (fish, where, window, total, top) => `${fish}${where}：${window}的${total}条渔获中，最常见的天气是${top}。`,
  weatherItem: (weather, count) => `${weather}（${count}条）`,
  splitNone: (fish, where, window) => `${fish}${where}：${window}没有渔获记录。`,
  records: (fish, where, total, newest, heaviest) =>
    `${fish}${where}共有${total}条官方记录。最新一条：${newest}；${heaviest}。`,
  recordsNone: (fish, where) => `${fish}${where}还没有官方记录。`,
  record: (weight, player, date) => `${weight}，${player}，${date}`,
  heaviestOf: (count) => `最新${count}条中最重的`,
  trophy: (fish, min, max, classes) => `${fish}的重量范围是${min} – ${max}；星级门槛：${classes}。`,
  trophyClass: (star, weight) => `${star} ≥ ${weight}`,
  habitat: (fish, count, maps) => `${fish}生活在${count}张地图：${maps}。`,
  noFish: (suggestions) => `没有找到准确的鱼名。鱼名必须完全准确，你是不是想问：${suggestions}？`,
  noFishExamples: (examples) => `没有找到准确的鱼名。请在问题中写出完整准确的鱼名，例如：${examples}。`,
  notAQuestion: (examples) => `这看起来不是一个问题。请写一个完整的问题并包含准确的鱼名，例如：${examples}。`,
  weatherName: (kind) => WEATHER.zh[kind],
  link: {
    baitGuide: (fish) => `${fish}的鱼饵推荐`,
    details: (fish) => `${fish}的详细比例`,
    heatmap: (fish, map) => `${fish}在${map}的热力图`,
    records: (fish) => `${fish}的官方记录`,
    fish: (fish) => `图鉴：${fish}`,
  },
};

const en: Phrases = {
  list: (items) => items.join(', '),
  onMap: (map) => ` on ${map}`,
  baitWindow: (from, to) => `in the last 72 hours (3 days, ${from} – ${to} UTC)`,
  bait: (fish, where, window, total, top) =>
    `${fish}${where}: ${total} catches were reported ${window}; the most used baits were ${top}.`,
  baitNone: (fish, where, window) =>
    `${fish}${where}: no catches were reported ${window}, so there is no bait data yet.`,
  baitItem: (bait, pct, count) => `${bait} ${pct}% (${count})`,
  place: (fish, map, days, total, spots) =>
    `${fish} on ${map}: ${total} catches in the last ${days} days; the busiest spots were ${spots}.`,
  placeMaps: (fish, days, maps) => `${fish} catches per map in the last ${days} days: ${maps}.`,
  placeNone: (fish, where, days) => `No ${fish} catches were reported${where} in the last ${days} days.`,
  spot: (x, y, count) => `around (${x}, ${y}) with ${count} catches`,
  mapCount: (map, count) => `${map} ${count}`,
  hours: (fish, where, window, total, top) =>
    `${fish}${where}: of ${total} catches ${window}, the best game hours were ${top}.`,
  hourItem: (hour, count) => `${hour}:00 (${count})`,
  depth: (fish, where, window, total, top) =>
    `${fish}${where}: of ${total} catches ${window}, the most common depths were ${top}.`,
  depthItem: (band, count) => `${band} m (${count})`,
  weather: (fish, where, window, total, top) =>
    `${fish}${where}: of ${total} catches ${window}, the most common weather was ${top}.`,
  weatherItem: (weather, count) => `${weather} (${count})`,
  splitNone: (fish, where, window) => `${fish}${where}: no catches were reported ${window}.`,
  records: (fish, where, total, newest, heaviest) =>
    `${fish}${where}: ${total} official records. Newest: ${newest}; ${heaviest}.`,
  recordsNone: (fish, where) => `There are no official records of ${fish}${where} yet.`,
  record: (weight, player, date) => `${weight} by ${player} on ${date}`,
  heaviestOf: (count) => `heaviest of the newest ${count}`,
  trophy: (fish, min, max, classes) => `${fish} weighs ${min} – ${max}; trophy thresholds: ${classes}.`,
  trophyClass: (star, weight) => `${star} ≥ ${weight}`,
  habitat: (fish, count, maps) => `${fish} lives on ${count} maps: ${maps}.`,
  noFish: (suggestions) => `I found no exact fish name. Fish names must be exact: did you mean ${suggestions}?`,
  noFishExamples: (examples) =>
    `I found no exact fish name. Ask a complete question with an exact fish name, for example ${examples}.`,
  notAQuestion: (examples) =>
    `That does not look like a question. Ask a complete question with an exact fish name, for example ${examples}.`,
  weatherName: (kind) => WEATHER.en[kind],
  link: {
    baitGuide: (fish) => `Bait guide: ${fish}`,
    details: (fish) => `Detailed proportions: ${fish}`,
    heatmap: (fish, map) => `Heat map: ${fish} on ${map}`,
    records: (fish) => `Official records: ${fish}`,
    fish: (fish) => `Encyclopedia: ${fish}`,
  },
};

const ja: Phrases = {
  list: (items) => items.join('、'),
  onMap: (map) => `（${map}）`,
  baitWindow: (from, to) => `過去72時間（3日間、${from} – ${to} UTC）`,
  bait: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果は${total}件、よく使われた餌は${top}です。`,
  baitNone: (fish, where, window) => `${fish}${where}：${window}の釣果がなく、餌のデータはまだありません。`,
  baitItem: (bait, pct, count) => `${bait} ${pct}%（${count}件）`,
  place: (fish, map, days, total, spots) =>
    `${map}の${fish}：過去${days}日間の釣果は${total}件、よく釣れたポイントは${spots}です。`,
  placeMaps: (fish, days, maps) => `過去${days}日間のマップ別の${fish}の釣果：${maps}。`,
  placeNone: (fish, where, days) => `${fish}${where}の釣果は過去${days}日間ありません。`,
  spot: (x, y, count) => `座標（${x}, ${y}）付近 ${count}件`,
  mapCount: (map, count) => `${map} ${count}件`,
  hours: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果${total}件のうち、よく釣れたゲーム時間は${top}です。`,
  hourItem: (hour, count) => `${hour}時（${count}件）`,
  depth: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果${total}件のうち、多かった水深は${top}です。`,
  depthItem: (band, count) => `${band} m（${count}件）`,
  weather: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果${total}件のうち、多かった天気は${top}です。`,
  weatherItem: (weather, count) => `${weather}（${count}件）`,
  splitNone: (fish, where, window) => `${fish}${where}：${window}の釣果はありません。`,
  records: (fish, where, total, newest, heaviest) =>
    `${fish}${where}の公式記録は${total}件。最新：${newest}。${heaviest}。`,
  recordsNone: (fish, where) => `${fish}${where}の公式記録はまだありません。`,
  record: (weight, player, date) => `${weight}、${player}、${date}`,
  heaviestOf: (count) => `最新${count}件で最も重い記録`,
  trophy: (fish, min, max, classes) => `${fish}の重さは${min} – ${max}、トロフィーの基準：${classes}。`,
  trophyClass: (star, weight) => `${star} ≥ ${weight}`,
  habitat: (fish, count, maps) => `${fish}は${count}つのマップに生息しています：${maps}。`,
  noFish: (suggestions) => `正確な魚の名前が見つかりません。魚の名前は正確に：${suggestions}のことですか？`,
  noFishExamples: (examples) =>
    `正確な魚の名前が見つかりません。正確な魚の名前を含む完全な質問をしてください。例：${examples}。`,
  notAQuestion: (examples) => `質問として読めません。正確な魚の名前を含む完全な質問をしてください。例：${examples}。`,
  weatherName: (kind) => WEATHER.ja[kind],
  link: {
    baitGuide: (fish) => `${fish}の餌ガイド`,
    details: (fish) => `${fish}の詳しい割合`,
    heatmap: (fish, map) => `${map}の${fish}のヒートマップ`,
    records: (fish) => `${fish}の公式記録`,
    fish: (fish) => `図鑑：${fish}`,
  },
};

export const PHRASES: Record<Locale, Phrases> = { zh, en, ja };
