/**
 * The built-in answerer's sentences in zh, en and ja. Every number arrives already formatted (plain digits, a dot
 * for decimals, no grouping), so what a sentence cites is exactly what the facts hold and what the language model is
 * checked against.
 */
import type { WeatherKind } from '#shared/game/catch-attributes';
import type { Locale } from '#shared/locales';
import type { DayPart, WeatherCondition } from './question-conditions';

/** "12 (3.5%)"-style pieces are joined with the language's list separator. */
export interface Phrases {
  list(items: readonly string[]): string;
  onMap(map: string): string;
  /** The slice a fact counts: the map (or all maps, when widened to them) and the conditions' descriptions. */
  where(map: string | null, conditions: readonly string[]): string;
  allMaps: string;
  hoursCondition(part: DayPart | null, from: number, to: number): string;
  weatherCondition(weather: WeatherCondition['label']): string;
  depthCondition(from: number, to: number | null): string;
  /** The window a slice counts, with its ends (`hours`: 72, or 168 when widened). */
  window(hours: number, from: string, to: string): string;
  windowShort(hours: number): string;
  /** The asked slice had no catches, so the fact after it counts a wider one (`changes`: widenTo's, as a list). */
  widened(fish: string, where: string, window: string, changes: readonly string[]): string;
  widenTo: { allMaps: string; days(days: number): string; noConditions: string };
  bait(fish: string, where: string, window: string, total: number, top: string): string;
  /** Not even the widest slice had catches (`wider`: what was also tried, as widenTo's, or empty). */
  sliceNone(fish: string, where: string, window: string, wider: readonly string[]): string;
  /** A bait's share (`pct`), its 95 % interval (`range`: `43–51`) and its catches. */
  baitItem(bait: string, pct: string, range: string, count: number): string;
  place(fish: string, map: string, days: number, total: number, spots: string): string;
  /** The maps ranked by the fish's share of their catches (the lower end of its interval first; mapShare's items). */
  placeMaps(fish: string, days: number, maps: string): string;
  placeNone(fish: string, where: string, days: number): string;
  /** Said after the hot spots when the question set conditions the heat map cannot split by. */
  placeIgnores: string;
  spot(x: number, y: number, count: number): string;
  /** A map: the fish's catches (`count`) of all its catches (`of`), that share (`pct`) and its interval (`range`). */
  mapShare(map: string, count: number, of: number, pct: string, range: string): string;
  /** Said after a fact resting on fewer catches than the pages' minimum sample (`min`, SHARE_MIN_SAMPLE). */
  thin(catches: number, min: number): string;
  hours(fish: string, where: string, window: string, total: number, top: string): string;
  hourItem(hour: number, count: number): string;
  depth(fish: string, where: string, window: string, total: number, top: string): string;
  depthItem(band: string, count: number): string;
  weather(fish: string, where: string, window: string, total: number, top: string): string;
  weatherItem(weather: string, count: number): string;
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
  /** A question about nothing in the game: what can be asked, and example questions (`exampleQuestions`'). */
  scope(examples: readonly string[]): string;
  exampleQuestions(fish: string, otherFish: string, map: string): string[];
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

const ZH_PARTS: Record<DayPart, string> = {
  night: '夜间',
  day: '白天',
  small_hours: '凌晨',
  morning: '上午',
  afternoon: '下午',
  evening: '傍晚',
};
const EN_PARTS: Record<DayPart, string> = {
  night: 'at night',
  day: 'by day',
  small_hours: 'in the small hours',
  morning: 'in the morning',
  afternoon: 'in the afternoon',
  evening: 'in the evening',
};
const JA_PARTS: Record<DayPart, string> = {
  night: '夜',
  day: '昼',
  small_hours: '未明',
  morning: '朝',
  afternoon: '午後',
  evening: '夕方',
};

/** English nouns by count, as i18next's `_one` / `_other` keys choose them (the same Intl rules). */
const EN_PLURAL = new Intl.PluralRules('en');
const enCount = (count: number, one: string, other: string) =>
  `${count} ${EN_PLURAL.select(count) === 'one' ? one : other}`;
const andList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const zh: Phrases = {
  list: (items) => items.join('、'),
  onMap: (map) => `在${map}`,
  where: (map, conditions) => [map ? `在${map}` : '', ...conditions].filter(Boolean).join('，'),
  allMaps: '所有地图',
  hoursCondition: (part, from, to) => {
    const hours = from === to ? `游戏时间${from}点` : `游戏时间${from}点–${to}点`;
    return part ? `${ZH_PARTS[part]}（${hours}）` : hours;
  },
  weatherCondition: (weather) => (weather === 'rain' ? '雨天（暴雨、小雨或雷暴）' : `天气为${WEATHER.zh[weather]}`),
  depthCondition: (from, to) => (to === null ? `水深${from}米以上` : `水深${from}–${to}米`),
  window: (hours, from, to) =>
    hours === 72 ? `最近72小时（3天，${from} – ${to} UTC）` : `最近${hours / 24}天（${from} – ${to} UTC）`,
  windowShort: (hours) => (hours === 72 ? '最近72小时' : `最近${hours / 24}天`),
  widened: (fish, where, window, changes) =>
    `${fish}${where}：${window}没有渔获记录，因此范围放宽到${changes.join('，')}。`,
  widenTo: { allMaps: '所有地图', days: (days) => `最近${days}天`, noConditions: '不限时间、天气和水深' },
  bait: (fish, where, window, total, top) => `${fish}${where}：${window}共有${total}条渔获记录，最常用的鱼饵是${top}。`,
  sliceNone: (fish, where, window, wider) =>
    `${fish}${where}：${window}没有渔获记录${wider.length > 0 ? `，放宽到${wider.join('，')}也没有` : ''}，暂无数据。`,
  baitItem: (bait, pct, range, count) => `${bait} ${pct}%（95%区间${range}%，${count}条）`,
  place: (fish, map, days, total, spots) => `${fish}在${map}：最近${days}天共${total}条渔获，最热的钓点是${spots}。`,
  placeMaps: (fish, days, maps) => `${fish}最近${days}天在各地图渔获中的占比（按95%区间下限排序）：${maps}。`,
  placeNone: (fish, where, days) => `${fish}${where}最近${days}天没有渔获记录。`,
  placeIgnores: '（热力图不区分游戏时间、天气和水深，这里统计全部渔获。）',
  spot: (x, y, count) => `坐标（${x}, ${y}）附近 ${count}条`,
  mapShare: (map, count, of, pct, range) => `${map} ${of}条中${count}条，${pct}%（区间${range}%）`,
  thin: (catches, min) => `（只有${catches}条渔获，少于${min}条，样本偏少，比例仅供参考。）`,
  hours: (fish, where, window, total, top) =>
    `${fish}${where}：${window}的${total}条渔获中，渔获最多的游戏时间是${top}。`,
  hourItem: (hour, count) => `${hour}点（${count}条）`,
  depth: (fish, where, window, total, top) => `${fish}${where}：${window}的${total}条渔获中，最常见的水深是${top}。`,
  depthItem: (band, count) => `${band}米（${count}条）`,
  weather: (fish, where, window, total, top) => `${fish}${where}：${window}的${total}条渔获中，最常见的天气是${top}。`,
  weatherItem: (weather, count) => `${weather}（${count}条）`,
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
  scope: (examples) =>
    `我只回答关于游戏中鱼的问题，答案来自本站的渔获数据：用什么饵、在哪里和什么时候好钓（游戏时间、天气、水深、地图）、官方记录、奖杯重量和分布地图。请写出准确的鱼名，例如：${examples.map((q) => `“${q}”`).join('、')}。`,
  exampleQuestions: (fish, otherFish, map) => [
    `${fish}晚上用什么饵？`,
    `${otherFish}在${map}哪里好钓？`,
    `${fish}的官方记录`,
  ],
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
  where: (map, conditions) => `${map ? ` on ${map}` : ''}${conditions.length > 0 ? ` ${conditions.join(', ')}` : ''}`,
  allMaps: 'all maps',
  hoursCondition: (part, from, to) => {
    const hours = from === to ? `game hour ${from}` : `game hours ${from}–${to}`;
    return part ? `${EN_PARTS[part]} (${hours})` : from === to ? `at ${hours}` : `in ${hours}`;
  },
  weatherCondition: (weather) =>
    weather === 'rain'
      ? 'in rain (torrential rain, light drizzle or thunderstorm)'
      : `in ${WEATHER.en[weather]} weather`,
  depthCondition: (from, to) => (to === null ? `deeper than ${from} m` : `at ${from}–${to} m deep`),
  window: (hours, from, to) =>
    hours === 72
      ? `in the last 72 hours (3 days, ${from} – ${to} UTC)`
      : `in the last ${hours / 24} days (${from} – ${to} UTC)`,
  windowShort: (hours) => (hours === 72 ? 'in the last 72 hours' : `in the last ${hours / 24} days`),
  widened: (fish, where, window, changes) =>
    `No ${fish} catches were reported${where} ${window}, so this answer widens to ${andList(changes)}.`,
  widenTo: {
    allMaps: 'all maps',
    days: (days) => `the last ${days} days`,
    noConditions: 'any time, weather and depth',
  },
  bait: (fish, where, window, total, top) =>
    `${fish}${where}: ${enCount(total, 'catch was', 'catches were')} reported ${window}; the most used baits were ${top}.`,
  sliceNone: (fish, where, window, wider) =>
    `${fish}${where}: no catches were reported ${window}${wider.length > 0 ? `, nor widened to ${andList(wider)}` : ''}, so there is no data to answer from yet.`,
  baitItem: (bait, pct, range, count) => `${bait} ${pct}% (95% range ${range}%, ${count})`,
  place: (fish, map, days, total, spots) =>
    `${fish} on ${map}: ${enCount(total, 'catch', 'catches')} in the last ${days} days; the busiest spots were ${spots}.`,
  placeMaps: (fish, days, maps) =>
    `${fish}'s share of each map's catches in the last ${days} days, surest first (by the low end of the 95% range): ${maps}.`,
  placeNone: (fish, where, days) => `No ${fish} catches were reported${where} in the last ${days} days.`,
  placeIgnores: ' (The heat map does not split by game hour, weather or depth: these spots count every catch.)',
  spot: (x, y, count) => `around (${x}, ${y}) with ${enCount(count, 'catch', 'catches')}`,
  mapShare: (map, count, of, pct, range) => `${map} ${count} of ${of}, ${pct}% (range ${range}%)`,
  thin: (catches, min) =>
    ` Only ${enCount(catches, 'catch backs', 'catches back')} this, fewer than ${min}: a thin sample, so read it as a rough guide.`,
  hours: (fish, where, window, total, top) =>
    `${fish}${where}: of ${enCount(total, 'catch', 'catches')} ${window}, the best game hours were ${top}.`,
  hourItem: (hour, count) => `${hour}:00 (${count})`,
  depth: (fish, where, window, total, top) =>
    `${fish}${where}: of ${enCount(total, 'catch', 'catches')} ${window}, the most common depths were ${top}.`,
  depthItem: (band, count) => `${band} m (${count})`,
  weather: (fish, where, window, total, top) =>
    `${fish}${where}: of ${enCount(total, 'catch', 'catches')} ${window}, the most common weather was ${top}.`,
  weatherItem: (weather, count) => `${weather} (${count})`,
  records: (fish, where, total, newest, heaviest) =>
    `${fish}${where}: ${total} official ${total === '1' ? 'record' : 'records'}. Newest: ${newest}; ${heaviest}.`,
  recordsNone: (fish, where) => `There are no official records of ${fish}${where} yet.`,
  record: (weight, player, date) => `${weight} by ${player} on ${date}`,
  heaviestOf: (count) => (count === 1 ? 'the heaviest' : `heaviest of the newest ${count}`),
  trophy: (fish, min, max, classes) => `${fish} weighs ${min} – ${max}; trophy thresholds: ${classes}.`,
  trophyClass: (star, weight) => `${star} ≥ ${weight}`,
  habitat: (fish, count, maps) => `${fish} lives on ${enCount(count, 'map', 'maps')}: ${maps}.`,
  noFish: (suggestions) => `I found no exact fish name. Fish names must be exact: did you mean ${suggestions}?`,
  noFishExamples: (examples) =>
    `I found no exact fish name. Ask a complete question with an exact fish name, for example ${examples}.`,
  notAQuestion: (examples) =>
    `That does not look like a question. Ask a complete question with an exact fish name, for example ${examples}.`,
  scope: (examples) =>
    `I answer questions about the game's fish from Anglerdex's catch data: the best baits, where and when they bite (game hour, weather, depth, map), official records, trophy weights and the maps they live on. Name a fish exactly, for example: ${examples.map((q) => `“${q}”`).join(', ')}.`,
  exampleQuestions: (fish, otherFish, map) => [
    `What bait for ${fish} at night?`,
    `Where do I catch ${otherFish} on ${map}?`,
    `${fish} official records`,
  ],
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
  where: (map, conditions) => {
    const parts = [...(map ? [map] : []), ...conditions];
    return parts.length > 0 ? `（${parts.join('、')}）` : '';
  },
  allMaps: '全マップ',
  hoursCondition: (part, from, to) => {
    const hours = from === to ? `ゲーム内${from}時` : `ゲーム内${from}時–${to}時`;
    return part ? `${JA_PARTS[part]}・${hours}` : hours;
  },
  weatherCondition: (weather) => (weather === 'rain' ? '雨（豪雨・小雨・雷雨）' : `天気：${WEATHER.ja[weather]}`),
  depthCondition: (from, to) => (to === null ? `水深${from} m以上` : `水深${from}–${to} m`),
  window: (hours, from, to) =>
    hours === 72 ? `過去72時間（3日間、${from} – ${to} UTC）` : `過去${hours / 24}日間（${from} – ${to} UTC）`,
  windowShort: (hours) => (hours === 72 ? '過去72時間' : `過去${hours / 24}日間`),
  widened: (fish, where, window, changes) =>
    `${fish}${where}は${window}の釣果がないため、範囲を${changes.join('、')}に広げました。`,
  widenTo: {
    allMaps: '全マップ',
    days: (days) => `過去${days}日間`,
    noConditions: '条件なし（時間・天気・水深を問わず）',
  },
  bait: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果は${total}件、よく使われた餌は${top}です。`,
  sliceNone: (fish, where, window, wider) =>
    `${fish}${where}：${window}の釣果はありません${wider.length > 0 ? `（${wider.join('、')}に広げても同じ）` : ''}。まだデータがありません。`,
  baitItem: (bait, pct, range, count) => `${bait} ${pct}%（95%範囲${range}%、${count}件）`,
  place: (fish, map, days, total, spots) =>
    `${map}の${fish}：過去${days}日間の釣果は${total}件、よく釣れたポイントは${spots}です。`,
  placeMaps: (fish, days, maps) =>
    `過去${days}日間、各マップの釣果に占める${fish}の割合（95%範囲の下限が高い順）：${maps}。`,
  placeNone: (fish, where, days) => `${fish}${where}の釣果は過去${days}日間ありません。`,
  placeIgnores: '（ヒートマップはゲーム内時間・天気・水深で分けないため、すべての釣果で数えています。）',
  spot: (x, y, count) => `座標（${x}, ${y}）付近 ${count}件`,
  mapShare: (map, count, of, pct, range) => `${map} ${of}件中${count}件、${pct}%（範囲${range}%）`,
  thin: (catches, min) => `（釣果は${catches}件のみで${min}件未満：サンプルが少ないため、割合は目安です。）`,
  hours: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果${total}件のうち、よく釣れたゲーム時間は${top}です。`,
  hourItem: (hour, count) => `${hour}時（${count}件）`,
  depth: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果${total}件のうち、多かった水深は${top}です。`,
  depthItem: (band, count) => `${band} m（${count}件）`,
  weather: (fish, where, window, total, top) =>
    `${fish}${where}：${window}の釣果${total}件のうち、多かった天気は${top}です。`,
  weatherItem: (weather, count) => `${weather}（${count}件）`,
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
  scope: (examples) =>
    `このサイトの釣果データから、ゲームの魚についての質問に答えます：よく使われる餌、釣れる場所と時間（ゲーム内時間・天気・水深・マップ）、公式記録、トロフィーの重さ、生息マップ。魚の名前を正確に書いてください。例：${examples.map((q) => `「${q}」`).join('、')}。`,
  exampleQuestions: (fish, otherFish, map) => [
    `${fish}の夜の餌は？`,
    `${map}で${otherFish}はどこで釣れる？`,
    `${fish}の公式記録`,
  ],
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
