/**
 * The one name matcher (issue 26, "search that forgives"): the bait list, the fish encyclopedia and the AI chat find
 * catalogue names with it, so a name one finds, the others find. A name matches
 * - anywhere in it (or from its start, in `start` mode), in every language, whatever the case, the width (NFKC) or the
 *   kana (hiragana is folded to katakana: "こい" finds "コイ");
 * - by the last word of a multi-word name ("pike" finds "Northern pike", also in `start` mode);
 * - by the pinyin of the Chinese name ("liyu", "li yu" find 鲤鱼; "yu" any 鱼, from a syllable's start), or by the
 *   initials of the whole name ("ly").
 * The pinyin itself is not computed here: pinyin-pro is too big for the client bundle, so the server computes each
 * name's syllables once when the catalogue is written (`name_pinyin`, the zh sort key) and ships them with the items.
 * Close spellings ("carpp" → "Carp") are offered by edit distance, in a search box and in a sentence.
 */

/** An item with the catalogue's names; `name_pinyin` is the toneless pinyin of `name`, syllables separated by spaces. */
export interface MatchableNames {
  name: string;
  name_en?: string | null;
  name_ja?: string | null;
  name_pinyin?: string | null;
}

const HIRAGANA = /[\u3041-\u3096]/g;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Names written in Latin script are looked for as whole words in a sentence ("Ide" is not in "inside"). */
const LATIN_NAME = /^[\p{Script=Latin}\d' .-]+$/u;
const PINYIN_SYLLABLE = /^[a-zü]+$/;

/** Hiragana as katakana: one code unit for one, so positions in the text stay where they were. */
export function foldKana(text: string): string {
  return text.replace(HIRAGANA, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

/** The form names are compared in: NFKC (full-width letters, half-width kana), lower case, katakana, single spaces. */
export function foldName(text: string): string {
  return foldKana(text.normalize('NFKC').toLowerCase()).replace(/\s+/g, ' ').trim();
}

interface KeyName {
  /** Folded. */
  key: string;
  /** The name as the catalogue writes it: what a suggestion offers. */
  text: string;
}

/** Everything one item is matched by, computed once per item (never per query). */
export interface NameKeys {
  names: KeyName[];
  /** The last word of each multi-word name, pointing at the whole name. */
  lastWords: KeyName[];
  /** The Chinese name's pinyin syllables run together ('liyu'), where each syllable starts, and the initials. */
  pinyin: { compact: string; starts: number[]; initials: string; text: string } | null;
}

function lastWordOf(key: string): string | null {
  const words = key.split(' ');
  return words.length > 1 && LATIN_NAME.test(key) ? words.at(-1)! : null;
}

/** The keys of an item's names, plus any other names it is searched by (a fish's latin name). */
export function nameKeys(item: MatchableNames, extra: readonly (string | null | undefined)[] = []): NameKeys {
  const names: KeyName[] = [];
  const lastWords: KeyName[] = [];
  for (const text of [item.name, item.name_en, item.name_ja, ...extra]) {
    if (!text) continue;
    const key = foldName(text);
    if (!key || names.some((name) => name.key === key)) continue;
    names.push({ key, text });
    const last = lastWordOf(key);
    if (last && last.length >= 3) lastWords.push({ key: last, text });
  }
  let pinyin: NameKeys['pinyin'] = null;
  const syllables = (item.name_pinyin ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((s) => PINYIN_SYLLABLE.test(s));
  // Only a name with Chinese characters has a reading worth matching: a Latin one is matched as itself.
  if (HAN.test(item.name) && syllables.length > 0) {
    const starts: number[] = [];
    let offset = 0;
    for (const syllable of syllables) {
      starts.push(offset);
      offset += syllable.length;
    }
    pinyin = { compact: syllables.join(''), starts, initials: syllables.map((s) => s[0]).join(''), text: item.name };
  }
  return { names, lastWords, pinyin };
}

/** A catalogue item's keys: its names, and a fish's latin name (`data.latin`), which the encyclopedia shows. */
export function itemNameKeys(item: MatchableNames & { data?: object }): NameKeys {
  const latin = item.data && 'latin' in item.data && typeof item.data.latin === 'string' ? item.data.latin : null;
  return nameKeys(item, [latin]);
}

const keptKeys = new WeakMap<object, NameKeys>();

/**
 * `itemNameKeys`, computed once per item object: the catalogue's items are kept as they are while their catalogue
 * is, so a list filtered on every key stroke does not recompute them.
 */
export function keptItemNameKeys(item: MatchableNames & { data?: object }): NameKeys {
  let keys = keptKeys.get(item);
  if (!keys) keptKeys.set(item, (keys = itemNameKeys(item)));
  return keys;
}

/** A search text, folded once for every item it is compared with. */
export interface PreparedQuery {
  folded: string;
  /** The text as pinyin (letters only, spaces and apostrophes dropped), null when it cannot be pinyin. */
  pinyin: string | null;
}

export function prepareQuery(text: string): PreparedQuery {
  const folded = foldName(text);
  const letters = folded.replace(/[\s']/g, '');
  return { folded, pinyin: /^[a-zü]+$/.test(letters) ? letters : null };
}

export type MatchMode = 'anywhere' | 'start';

function pinyinMatches(pinyin: NonNullable<NameKeys['pinyin']>, query: string, mode: MatchMode): boolean {
  const starts = mode === 'start' ? [0] : pinyin.starts;
  if (starts.some((start) => pinyin.compact.startsWith(query, start))) return true;
  // Initials only from two letters on (one letter is already a syllable's start above), and only from the name's
  // start: 'ly' is 鲤鱼, not any name with 'l…' and 'y…' syllables side by side.
  return query.length >= 2 && pinyin.initials.startsWith(query);
}

/** Whether an item's keys match the search text; an empty text matches everything. */
export function matchesName(keys: NameKeys, query: PreparedQuery, mode: MatchMode = 'anywhere'): boolean {
  const q = query.folded;
  if (!q) return true;
  const hit = mode === 'start' ? (key: string) => key.startsWith(q) : (key: string) => key.includes(q);
  if (keys.names.some((name) => hit(name.key))) return true;
  if (keys.lastWords.some((word) => word.key.startsWith(q))) return true;
  return query.pinyin !== null && keys.pinyin !== null && pinyinMatches(keys.pinyin, query.pinyin, mode);
}

/** What the catalogue search reads of an item besides its names: its index letters (zh pinyin initial, en initial). */
export interface IndexLettered {
  letter: string;
  letter_en: string;
}

/**
 * The catalogue search's rule for one item (`/system/get_categories`, and the bait list's offers to widen an empty
 * result, which must agree with it): its names match, or a one-character text names its index letter in `lang`.
 */
export function catalogueSearchMatches(
  item: IndexLettered,
  keys: NameKeys,
  query: PreparedQuery,
  search: { mode: MatchMode; lang: 'zh' | 'en' | 'ja'; letter?: string | null },
): boolean {
  const letter = search.lang === 'zh' ? item.letter : item.letter_en;
  if (search.letter && letter !== search.letter) return false;
  const asLetter = [...query.folded].length === 1 ? query.folded.toUpperCase() : null;
  return matchesName(keys, query, search.mode) || letter === asLetter;
}

/** Edit distance with a ceiling: past `max` the exact value does not matter (and is not computed). */
export function editDistance(a: string, b: string, max: number): number {
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

/**
 * How many edits a name may be away and still be offered: a third of its length, and at least one, except for a
 * name in kana: a kana is a sound like a Latin letter, but a kana name is short, and one wrong kana of two ("さい",
 * the end of "ください", for "こい") is another word, not a typo. (One wrong character of two Chinese ones, "鲤渔" for
 * "鲤鱼", is the pinyin input's typo, and is offered.)
 */
export const allowedEdits = (name: string) => Math.max(KANA_NAME.test(name) ? 0 : 1, Math.floor([...name].length / 3));

const KANA_NAME = /^[\p{Script=Hiragana}\p{Script=Katakana}ー・\s]+$/u;

export interface CloseName<T> {
  item: T;
  /** The name as the catalogue writes it, in the language that came close (the zh name for pinyin). */
  text: string;
}

/**
 * "Did you mean": the items with a name (or its last word, or its pinyin) within a few edits of the search text,
 * closest first, at most `limit`, one name each. Exact keys are left out: what matches is found, not suggested.
 */
export function closeNames<T>(
  entries: readonly { item: T; keys: NameKeys }[],
  query: PreparedQuery,
  limit = 3,
): CloseName<T>[] {
  const q = query.folded;
  if ([...q].length < 2) return [];
  const best: { item: T; text: string; score: number }[] = [];
  for (const { item, keys } of entries) {
    let found: { text: string; score: number } | null = null;
    const consider = (key: string, text: string, typed: string) => {
      const max = allowedEdits(key);
      const distance = editDistance(typed, key, max);
      if (distance === 0 || distance > max) return;
      const score = distance / key.length;
      if (!found || score < found.score) found = { text, score };
    };
    for (const name of keys.names) consider(name.key, name.text, q);
    for (const word of keys.lastWords) consider(word.key, word.text, q);
    if (keys.pinyin && query.pinyin) consider(keys.pinyin.compact, keys.pinyin.text, query.pinyin);
    if (found) best.push({ item, ...(found as { text: string; score: number }) });
  }
  return best
    .sort((a, b) => a.score - b.score || a.text.localeCompare(b.text))
    .slice(0, limit)
    .map(({ item, text }) => ({ item, text }));
}

/** The catalogue's names as a sentence may hold them (the AI chat): whole names, pinyin, unambiguous last words. */
interface TextEntry {
  id: number;
  /** Folded. */
  text: string;
  latin: boolean;
  /** Full names first when two entries are as long: a last word never hides a name that is also a word. */
  rank: number;
  /** False for a last word several items share ("bass"): found, it would not tell which; suggested, it offers each. */
  findable: boolean;
}

/** A Latin name's word ends where Latin letters and digits end: "pike用什么饵" holds "pike", "inside" no "ide". */
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{Script=Latin}\p{N}]/u.test(ch);

/** Where a name stands in a folded text: a Latin-script name as a whole word, a CJK one anywhere. */
export function indexOfName(text: string, name: { text: string; latin: boolean }): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf(name.text, from);
    if (at === -1) return -1;
    if (!name.latin || (!isWordChar(text[at - 1]) && !isWordChar(text[at + name.text.length]))) return at;
    from = at + 1;
  }
}

/**
 * Every name of some items as it may appear in a sentence, longest first (so the longest name found wins:
 * "Largemouth bass" over "bass"). Pinyin is looked for only when it has two syllables or more: one syllable ("yu")
 * is too often another word.
 */
export class NameIndex {
  private readonly entries: TextEntry[];

  /**
   * `otherNames`: more names an item is known by (the AI chat's fish aliases, added from the moderation console),
   * matched as its own names are.
   */
  constructor(
    items: readonly (MatchableNames & { id: number })[],
    otherNames?: (id: number) => readonly string[] | undefined,
  ) {
    const entries: TextEntry[] = [];
    const fullNames = new Set<string>();
    const lastWordOwners = new Map<string, Set<number>>();
    for (const item of items) {
      const keys = nameKeys(item, otherNames?.(item.id) ?? []);
      for (const name of keys.names) {
        fullNames.add(name.key);
        entries.push({ id: item.id, text: name.key, latin: LATIN_NAME.test(name.key), rank: 0, findable: true });
      }
      if (keys.pinyin && keys.pinyin.starts.length >= 2) {
        const { compact, starts } = keys.pinyin;
        const spaced = starts.map((start, i) => compact.slice(start, starts[i + 1])).join(' ');
        for (const text of new Set([compact, spaced]))
          entries.push({ id: item.id, text, latin: true, rank: 1, findable: true });
      }
      for (const word of keys.lastWords) {
        if (!lastWordOwners.has(word.key)) lastWordOwners.set(word.key, new Set());
        lastWordOwners.get(word.key)!.add(item.id);
      }
    }
    for (const [word, owners] of lastWordOwners) {
      if (fullNames.has(word)) continue;
      for (const id of owners) entries.push({ id, text: word, latin: true, rank: 2, findable: owners.size === 1 });
    }
    this.entries = entries.sort((a, b) => b.text.length - a.text.length || a.rank - b.rank || a.id - b.id);
  }

  /** The item whose name appears in the text (the longest such name), and where; positions are the text's own. */
  find(text: string): { id: number; start: number; end: number } | null {
    const folded = foldKana(text);
    for (const entry of this.entries) {
      if (!entry.findable) continue;
      const start = indexOfName(folded, entry);
      if (start !== -1) return { id: entry.id, start, end: start + entry.text.length };
    }
    return null;
  }

  /** Every entry, for close names in a sentence. */
  names(): readonly TextEntry[] {
    return this.entries;
  }
}

/** A piece of a text and where it stands in it. */
interface Piece {
  start: number;
  end: number;
}

/** The pieces of a text a name could be compared with: runs of as many words for a Latin name, windows of CJK text. */
function piecesFor(name: TextEntry, text: string): Piece[] {
  const pieces: Piece[] = [];
  if (name.latin) {
    const words = [...text.matchAll(/[\p{L}\p{N}']+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    const size = name.text.split(' ').length;
    for (let i = 0; i + size <= words.length; i++)
      pieces.push({ start: words[i]!.start, end: words[i + size - 1]!.end });
    return pieces;
  }
  // Windows as long as the name first: at the same distance, the one that replaces a typo rather than a part of it.
  for (const length of [name.text.length, name.text.length - 1, name.text.length + 1]) {
    if (length < 1) continue;
    for (let i = 0; i + length <= text.length; i++) pieces.push({ start: i, end: i + length });
  }
  return pieces;
}

/** The piece of the text closest to one name, within the edits its length allows; null when none is. */
function closestPiece(name: TextEntry, text: string): (Piece & { distance: number }) | null {
  const max = allowedEdits(name.text);
  let best: (Piece & { distance: number }) | null = null;
  for (const piece of piecesFor(name, text)) {
    const ceiling = Math.min(max, (best?.distance ?? max + 1) - 1);
    if (ceiling < 0) break;
    const distance = editDistance(foldName(text.slice(piece.start, piece.end)), name.text, ceiling);
    if (distance <= ceiling) best = { ...piece, distance };
  }
  return best;
}

/**
 * The ids of the items whose names come closest to a piece of a sentence, best first: at most `limit`. Only the
 * first 200 characters are compared; one-character names are left out (they would match any character).
 */
export function closestNamesInText(index: NameIndex, text: string, limit = 5): number[] {
  const head = text.slice(0, 200);
  const best = new Map<number, number>();
  for (const name of index.names()) {
    if (name.text.length < 2) continue;
    const piece = closestPiece(name, head);
    if (!piece) continue;
    // A last word comes after every whole name: "Prssian carp" is Prussian carp before the other carps.
    const score = piece.distance / name.text.length + (name.rank === 2 ? 1 : 0);
    const previous = best.get(name.id);
    if (previous === undefined || score < previous) best.set(name.id, score);
  }
  return [...best]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id]) => id);
}

/**
 * The sentence with the piece closest to one of the item's names replaced by `replacement` (the chat's "did you
 * mean" re-asks the question with the corrected name); the replacement added at the end when no piece is close.
 */
export function withNameCorrected(text: string, item: MatchableNames & { id: number }, replacement: string): string {
  // Scored by edits per letter of the name, so a whole name typed with two typos beats its last word with one.
  let best: (Piece & { score: number }) | null = null;
  for (const name of new NameIndex([item]).names()) {
    const piece = closestPiece(name, text);
    const score = piece ? piece.distance / name.text.length : Infinity;
    if (piece && (!best || score < best.score)) best = { ...piece, score };
  }
  if (!best) return `${text.trim()} ${replacement}`;
  return `${text.slice(0, best.start)}${replacement}${text.slice(best.end)}`;
}
