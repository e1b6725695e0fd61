/**
 * Reading a question (docs/design.md §5 "AI chat"): its language, the fish and map it names, what it asks about, and
 * when no fish is named exactly, the exact names closest to what was typed. Pure functions over the catalogue's names,
 * so they are tested without a database. Names are found by the shared name matcher (`#shared/game/name-match`, the
 * one the bait list and the encyclopedia search with, issue 26): anywhere in Chinese and Japanese text, which is
 * written without spaces ("绿鲈鱼用什么饵"), as whole words in Latin text ("Ide" is not found in "inside"), by pinyin
 * ("liyu") and by a last word only one name has ("pike"); the longest name wins ("Largemouth bass" over "bass").
 */
import type { AiIntent } from '#shared/contracts/ai';
import { closestNamesInText, indexOfName, type MatchableNames, NameIndex } from '#shared/game/name-match';
import type { Locale } from '#shared/locales';

export { NameIndex };

export interface Named extends MatchableNames {
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
    if (words.some((word) => indexOfName(normalizedText, { text: word, latin: LATIN_WORD.test(word) }) !== -1))
      intents.push(intent);
  }
  return intents;
}

/** Whether the text has anything a question could be made of: a letter of any script. */
export function hasWords(text: string): boolean {
  return /\p{L}/u.test(text);
}

/**
 * The ids of the items whose names (or pinyin, or last words) come closest to a piece of the text, best first: at
 * most `limit`, each within a third of its name's length in edits (at least one edit).
 */
export function closestNames(index: NameIndex, normalizedText: string, limit = 5): number[] {
  return closestNamesInText(index, normalizedText, limit);
}
