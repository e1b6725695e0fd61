/**
 * Reading a question (docs/design.md §5 "AI chat"): its language, the fish and map it names, what it asks about, and
 * when no fish is named exactly, the exact names closest to what was typed. Pure functions over the catalogue's names,
 * so they are tested without a database. Names are found as substrings: Chinese and Japanese are written without
 * spaces ("绿鲈鱼用什么饵"), so a name is looked for anywhere in the text; Latin-script names must stand as whole
 * words ("Ide" is not found in "inside"). The longest name wins ("Largemouth bass" over "bass" were both names).
 */
import type { AiIntent } from '#shared/contracts/ai';
import type { Locale } from '#shared/locales';

export interface Named {
  id: number;
  name: string;
  name_en: string | null;
  name_ja: string | null;
}

/** NFKC folds full-width letters and digits; case and runs of spaces do not matter. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN_WORD = /^[\p{Script=Latin}\d' .-]+$/u;

/** Kana → Japanese; other Han text → Chinese; anything else → English. */
export function detectLanguage(question: string): Locale {
  if (KANA.test(question)) return 'ja';
  if (HAN.test(question)) return 'zh';
  return 'en';
}

/** The name in a language, falling back to the Chinese `name` (docs/design.md §1). */
export function nameIn(item: Named, language: Locale): string {
  if (language === 'en') return item.name_en || item.name;
  if (language === 'ja') return item.name_ja || item.name;
  return item.name;
}

interface NameEntry {
  id: number;
  text: string;
  latin: boolean;
}

/** Every name of every item, normalised, longest first (so the longest match is found first). */
export class NameIndex {
  private readonly entries: NameEntry[];

  constructor(items: readonly Named[]) {
    const entries: NameEntry[] = [];
    for (const item of items) {
      const seen = new Set<string>();
      for (const raw of [item.name, item.name_en, item.name_ja]) {
        if (!raw) continue;
        const text = normalize(raw);
        if (text.length === 0 || seen.has(text)) continue;
        seen.add(text);
        entries.push({ id: item.id, text, latin: LATIN_WORD.test(text) });
      }
    }
    this.entries = entries.sort((a, b) => b.text.length - a.text.length || a.id - b.id);
  }

  /** The item whose name appears in the text (the longest such name), and where. */
  find(normalizedText: string): { id: number; start: number; end: number } | null {
    for (const entry of this.entries) {
      const start = indexOfName(normalizedText, entry);
      if (start !== -1) return { id: entry.id, start, end: start + entry.text.length };
    }
    return null;
  }

  /** Every normalised name (for suggestions). */
  names(): readonly NameEntry[] {
    return this.entries;
  }
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

function indexOfName(text: string, entry: NameEntry): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf(entry.text, from);
    if (at === -1) return -1;
    // A Latin-script name must be a whole word; a CJK name may sit anywhere in a sentence.
    if (!entry.latin || (!isWordChar(text[at - 1]) && !isWordChar(text[at + entry.text.length]))) return at;
    from = at + 1;
  }
}

/** Keywords per intent, in the three languages; Latin ones match whole words (and their plurals). */
const INTENT_WORDS: Record<Exclude<AiIntent, 'overview'>, readonly string[]> = {
  bait: [
    '饵',
    '鱼饵',
    '诱饵',
    '用什么',
    'bait',
    'baits',
    'lure',
    'lures',
    'what to use',
    '餌',
    'エサ',
    'えさ',
    'ルアー',
  ],
  place: [
    '哪里',
    '哪儿',
    '在哪',
    '钓点',
    '点位',
    '位置',
    '热点',
    'where',
    'spot',
    'spots',
    'place',
    'location',
    'hot spot',
    'どこ',
    '場所',
    'ポイント',
  ],
  time: ['几点', '时间', '时段', '什么时候', '何时', '时辰', 'when', 'time', 'hour', 'hours', 'いつ', '時間', '何時'],
  depth: ['深', 'depth', 'deep', 'how deep', '深さ', '水深', 'タナ'],
  weather: ['天气', '下雨', '晴天', 'weather', 'rain', 'sunny', '天気', '雨'],
  records: ['记录', '纪录', '官方', 'record', 'records', '記録', 'レコード'],
  trophy: [
    '奖杯',
    '星级',
    '多重',
    '重量',
    '皇冠',
    '多大',
    'trophy',
    'trophies',
    'weight',
    'weigh',
    'heavy',
    'star',
    'stars',
    'crown',
    'big',
    'トロフィー',
    '重さ',
    '重量',
    '星',
    'クラウン',
    '大きさ',
  ],
  habitat: [
    '哪些地图',
    '哪个地图',
    '分布',
    '栖息',
    '生活在',
    '哪里有',
    'live',
    'lives',
    'habitat',
    'which map',
    'which maps',
    'found',
    '生息',
    'どのマップ',
    '住んで',
  ],
};

/** What the question asks about, in a fixed order; the fish and map names are cut out first. */
export function detectIntents(normalizedText: string): AiIntent[] {
  const intents: AiIntent[] = [];
  for (const [intent, words] of Object.entries(INTENT_WORDS) as [AiIntent, readonly string[]][]) {
    if (words.some((word) => indexOfName(normalizedText, { id: 0, text: word, latin: LATIN_WORD.test(word) }) !== -1))
      intents.push(intent);
  }
  return intents;
}

/** Whether the text has anything a question could be made of: a letter of any script. */
export function hasWords(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** Edit distance with a ceiling: past `max` the exact value does not matter. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The question's pieces a name could be compared with: word runs for Latin names, windows of CJK text. */
function candidatesFor(name: NameEntry, text: string, words: readonly string[]): Iterable<string> {
  if (name.latin) {
    const size = name.text.split(' ').length;
    const out: string[] = [];
    for (let i = 0; i + size <= words.length; i++) out.push(words.slice(i, i + size).join(' '));
    return out;
  }
  const out: string[] = [];
  for (const length of [name.text.length - 1, name.text.length, name.text.length + 1]) {
    if (length < 1) continue;
    for (let i = 0; i + length <= text.length; i++) out.push(text.slice(i, i + length));
  }
  return out;
}

/**
 * The ids of the items whose names come closest to a piece of the text, best first: at most `limit`, each within
 * a third of its name's length in edits (at least one edit). Only the first 200 characters are compared.
 */
export function closestNames(index: NameIndex, normalizedText: string, limit = 5): number[] {
  const text = normalizedText.slice(0, 200);
  const words = text.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  const best = new Map<number, number>();
  for (const name of index.names()) {
    // One-character names would match any character of any sentence.
    if (name.text.length < 2) continue;
    const max = Math.max(1, Math.floor(name.text.length / 3));
    let found = max + 1;
    for (const piece of candidatesFor(name, text, words)) {
      const distance = editDistance(piece, name.text, Math.min(max, found - 1));
      if (distance < found) found = distance;
      if (found === 0) break;
    }
    if (found > max) continue;
    const score = found / name.text.length;
    const previous = best.get(name.id);
    if (previous === undefined || score < previous) best.set(name.id, score);
  }
  return [...best]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id]) => id);
}
