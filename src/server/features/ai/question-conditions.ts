/**
 * The conditions a question sets (issue 26): a time of the game day ("at night", "at 5", "between 18 and 22", 晚上,
 * 凌晨, 夜), a weather ("in the rain", 小雨, 晴れ) and a depth ("at 5 m", "2-5米"). The answer's facts are then counted
 * over the catches that meet them. Pure functions over the normalised text left once the fish and map names are cut
 * out; the words of a condition are cut out in turn, so "rain" sets the weather rather than asking about it.
 *
 * Every condition reads what the fish's index holds (game hour, depth, weather; migration 0006), so a slice never reads
 * a catch row: night and day are game hours (night 21–4, the hours the demo logger reports `night: true` at), not the
 * stored `night` flag, which the index does not hold. The answer names the hours, so nothing is hidden.
 */
import { DEPTH_BAND_EDGES, depthBand } from '#shared/catch-data-rules';
import { displayGameHour } from '#shared/game/game-time';
import type { WeatherKind } from '#shared/game/catch-attributes';

/** Game hours 1–24, both ends included; `from > to` wraps past midnight (21–4). */
export interface HourRange {
  from: number;
  to: number;
}

/** A named part of the game day, or hours written as numbers. */
export type DayPart = 'night' | 'day' | 'small_hours' | 'morning' | 'afternoon' | 'evening';

export interface HourCondition {
  part: DayPart | null;
  hours: HourRange;
}

/** A weather: one kind, or `rain` for the three rainy ones. */
export interface WeatherCondition {
  label: WeatherKind | 'rain';
  kinds: readonly WeatherKind[];
}

/** Depth bands (`depthBand`'s labels), shallow to deep, and the metres they cover (`to` null: no upper edge). */
export interface DepthCondition {
  bands: readonly string[];
  from: number;
  to: number | null;
}

/** What a condition reads of a group of catches (the bait guide's slice hands these): game hour, band, weather. */
export interface SliceGroup {
  game_hour: number;
  depth: string;
  weather: WeatherKind;
}

export interface Conditions {
  hours: HourCondition | null;
  weather: WeatherCondition | null;
  depth: DepthCondition | null;
}

export const NO_CONDITIONS: Conditions = { hours: null, weather: null, depth: null };

export const DAY_PARTS: Record<DayPart, HourRange> = {
  night: { from: 21, to: 4 },
  day: { from: 5, to: 20 },
  small_hours: { from: 1, to: 4 },
  morning: { from: 5, to: 11 },
  afternoon: { from: 12, to: 17 },
  evening: { from: 17, to: 20 },
};

/** Words of each part of the day in zh, en and ja. Bare "day" is left out: "what time of day" asks, it sets nothing. */
const DAY_PART_WORDS: Record<DayPart, readonly string[]> = {
  night: [
    '晚上',
    '夜里',
    '夜间',
    '夜晚',
    '半夜',
    '夜钓',
    'night',
    'at night',
    'nighttime',
    'overnight',
    '夜',
    '夜間',
    '夜中',
  ],
  day: ['白天', '日间', '白昼', 'daytime', 'during the day', 'in the day', 'by day', '昼間', '日中'],
  small_hours: ['凌晨', 'small hours', 'early hours', 'before dawn', '明け方', '未明'],
  morning: ['早上', '上午', '早晨', '清晨', 'morning', 'in the morning', '朝', '午前'],
  afternoon: ['下午', 'afternoon', 'in the afternoon', '午後', '昼'],
  evening: ['傍晚', '黄昏', 'evening', 'in the evening', 'dusk', '夕方'],
};

const RAIN: readonly WeatherKind[] = ['torrential_rain', 'drizzle', 'thunderstorm'];

/** Weather words; the longest found wins ("partly cloudy" over "cloudy", 小雨 over 雨). */
const WEATHER_WORDS: readonly [string, WeatherCondition['label']][] = [
  ...(['暴雨', '大雨', 'torrential rain', 'heavy rain', 'downpour', '豪雨'] as const).map(
    (w) => [w, 'torrential_rain'] as [string, WeatherCondition['label']],
  ),
  ...(['小雨', '毛毛雨', 'drizzle', 'light rain', '霧雨'] as const).map(
    (w) => [w, 'drizzle'] as [string, WeatherCondition['label']],
  ),
  ...(['雷暴', '雷雨', 'thunderstorm', 'thunderstorms', 'storm'] as const).map(
    (w) => [w, 'thunderstorm'] as [string, WeatherCondition['label']],
  ),
  ...(['晴天', 'sunny', '晴れ'] as const).map((w) => [w, 'sunny'] as [string, WeatherCondition['label']]),
  ...(['晴朗', 'clear sky', 'clear skies', 'clear weather', '快晴'] as const).map(
    (w) => [w, 'clear'] as [string, WeatherCondition['label']],
  ),
  ...(['阴天', 'overcast', '曇天'] as const).map((w) => [w, 'overcast'] as [string, WeatherCondition['label']]),
  ...(['多云', 'cloudy', '曇り'] as const).map((w) => [w, 'cloudy'] as [string, WeatherCondition['label']]),
  ...(['少云', 'partly cloudy', '晴れ時々曇り'] as const).map(
    (w) => [w, 'partly_cloudy'] as [string, WeatherCondition['label']],
  ),
  ...(['下雨', '雨天', '雨', 'rain', 'rainy', 'raining', 'in the rain'] as const).map(
    (w) => [w, 'rain'] as [string, WeatherCondition['label']],
  ),
];

const LATIN = /^[a-z' ]+$/;
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word as a pattern: a Latin one only as a whole word, a CJK one anywhere (no spaces between words). */
function wordPattern(word: string): string {
  return LATIN.test(word) ? `(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])` : escape(word);
}

/** The first of `words` (longest first) found in the text, and where. */
function findWord<T>(text: string, words: readonly (readonly [string, T])[]) {
  const sorted = [...words].sort((a, b) => b[0].length - a[0].length);
  for (const [word, value] of sorted) {
    const match = new RegExp(wordPattern(word), 'u').exec(text);
    if (match) return { value, start: match.index, end: match.index + match[0].length };
  }
  return null;
}

const cut = (text: string, at: { start: number; end: number }) => `${text.slice(0, at.start)} ${text.slice(at.end)}`;

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const TO = String.raw`\s*(?:-|–|—|~|〜|～|到|至|から|to)\s*`;
// A Latin unit must end its word ("5 maps" is no depth); a CJK one may run on into the sentence ("60米深").
const METRES = String.raw`\s*(?:米|公尺|メートル|(?:m|metres?|meters?)(?![\p{L}]))`;
const DEPTH_RANGE = new RegExp(`${NUMBER}(?:${METRES})?${TO}${NUMBER}${METRES}`, 'u');
const DEPTH_ONE = new RegExp(`${NUMBER}${METRES}`, 'u');

/** The bands a span of metres touches: `[from, to]` with `to` included when it is not a band's lower edge. */
function depthOf(from: number, to: number): DepthCondition {
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  const first = DEPTH_BAND_EDGES.findLastIndex((edge) => edge <= low);
  let last = DEPTH_BAND_EDGES.findLastIndex((edge) => edge <= high);
  // "2-5 m" is the band 2-5, not 2-5 and 5-10: an upper bound on an edge ends the span there.
  if (last > first && DEPTH_BAND_EDGES[last] === high) last -= 1;
  const bands = DEPTH_BAND_EDGES.slice(first, last + 1).map((edge) => depthBand(edge));
  return { bands, from: DEPTH_BAND_EDGES[first]!, to: DEPTH_BAND_EDGES[last + 1] ?? null };
}

function readDepth(text: string): { depth: DepthCondition; start: number; end: number } | null {
  const range = DEPTH_RANGE.exec(text);
  if (range) {
    return {
      depth: depthOf(Number(range[1]), Number(range[2])),
      start: range.index,
      end: range.index + range[0].length,
    };
  }
  const one = DEPTH_ONE.exec(text);
  if (!one) return null;
  const metres = Number(one[1]);
  return { depth: depthOf(metres, metres), start: one.index, end: one.index + one[0].length };
}

const HOUR = String.raw`(\d{1,2})(?::00)?`;
const CLOCK = String.raw`\s*(?:点钟|点|時(?!間)|时(?!间)|o'?clock)`;
const AM_PM = String.raw`(?:\s*(am|pm)(?![\p{L}]))?`;
/** Ranges; their groups are [from, from's am/pm, to, to's am/pm]. */
const HOUR_RANGES: readonly RegExp[] = [
  // "between 18 and 22", "from 6 pm to 10 pm"
  new RegExp(String.raw`(?:between|from)\s+${HOUR}${AM_PM}\s+(?:and|to)\s+${HOUR}${AM_PM}`, 'u'),
  // "18-22点", "18点到22点", "18時から22時"
  new RegExp(String.raw`${HOUR}()(?:${CLOCK})?${TO}${HOUR}()${CLOCK}`, 'u'),
  // "18:00-22:00"
  new RegExp(String.raw`(\d{1,2}):00()${TO}(\d{1,2}):00()`, 'u'),
];
/** One hour; the groups are [hour, am/pm]. */
const ONE_HOUR: readonly RegExp[] = [
  // "at 5", "at 5 pm", "at 17:00" (not "at 5 m", a depth, read before)
  new RegExp(String.raw`(?<![\p{L}])at\s+${HOUR}${AM_PM}(?![\d.:])`, 'u'),
  // "5点", "5時", "5 o'clock"
  new RegExp(String.raw`${HOUR}${CLOCK}${AM_PM}`, 'u'),
  // "17:00", "5 pm"
  new RegExp(String.raw`(?<![\d:])(\d{1,2}):00()(?![\d:])`, 'u'),
  new RegExp(String.raw`(?<![\d.])(\d{1,2})\s*(am|pm)(?![\p{L}])`, 'u'),
];

/** A written hour as a game hour 1–24 (12 am is midnight, 24); null when it is not an hour. */
function gameHour(written: string | undefined, amPm: string | undefined): number | null {
  if (written === undefined) return null;
  let hour = Number(written);
  if (amPm === 'pm' && hour < 12) hour += 12;
  if (amPm === 'am' && hour === 12) hour = 0;
  return hour >= 0 && hour <= 24 ? displayGameHour(hour) : null;
}

const DAY_PART_LIST = Object.entries(DAY_PART_WORDS).flatMap(([part, list]) =>
  list.map((word) => [word, part as DayPart] as const),
);

function readHours(text: string): { hours: HourCondition; start: number; end: number } | null {
  const span = (m: RegExpExecArray) => ({ start: m.index, end: m.index + m[0].length });
  for (const pattern of HOUR_RANGES) {
    const m = pattern.exec(text);
    const [from, to] = m ? [gameHour(m[1], m[2]), gameHour(m[3], m[4])] : [null, null];
    if (m && from !== null && to !== null) return { hours: { part: null, hours: { from, to } }, ...span(m) };
  }
  for (const pattern of ONE_HOUR) {
    const m = pattern.exec(text);
    const hour = m ? gameHour(m[1], m[2]) : null;
    if (m && hour !== null) return { hours: { part: null, hours: { from: hour, to: hour } }, ...span(m) };
  }
  const found = findWord(text, DAY_PART_LIST);
  return found && { hours: { part: found.value, hours: DAY_PARTS[found.value] }, start: found.start, end: found.end };
}

/** The question's conditions, and the text without their words (for the intents). */
export function readConditions(text: string): { conditions: Conditions; rest: string } {
  let rest = text;
  // Depth first: "5 m" is a depth, and what is left of it must not read as "at 5" o'clock.
  const depth = readDepth(rest);
  if (depth) rest = cut(rest, depth);
  const hours = readHours(rest);
  if (hours) rest = cut(rest, hours);
  const weather = findWord(rest, WEATHER_WORDS);
  if (weather) rest = cut(rest, weather);
  return {
    conditions: {
      hours: hours?.hours ?? null,
      weather: weather ? { label: weather.value, kinds: weather.value === 'rain' ? RAIN : [weather.value] } : null,
      depth: depth?.depth ?? null,
    },
    rest,
  };
}

export function inHours(hour: number, { from, to }: HourRange): boolean {
  return from <= to ? hour >= from && hour <= to : hour >= from || hour <= to;
}

export const hasConditions = (c: Conditions) => c.hours !== null || c.weather !== null || c.depth !== null;

/** Whether a group of catches meets every condition. */
export function meets(conditions: Conditions, group: SliceGroup): boolean {
  const { hours, weather, depth } = conditions;
  if (hours && !inHours(group.game_hour, hours.hours)) return false;
  if (weather && !weather.kinds.includes(group.weather)) return false;
  if (depth && !depth.bands.includes(group.depth)) return false;
  return true;
}
