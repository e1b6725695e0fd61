import { pinyin } from 'pinyin-pro';

function asIndexLetter(ch: string | undefined): string {
  const upper = (ch ?? '').toUpperCase();
  return /^[A-Z]$/.test(upper) ? upper : '#';
}

/**
 * Index letter of a Chinese name for the zh A–Z lists: the pinyin initial of its first character ('玉米粒' → 'Y').
 * pinyin-pro reads whole words, so polyphonic characters get the reading of the word ('长铁板' → 'C'). Names that
 * start with a Latin letter keep it; anything else (digits, symbols) goes under '#'.
 */
export function zhIndexLetter(name: string): string {
  const initials = pinyin(name.trim(), { pattern: 'first', toneType: 'none' });
  return asIndexLetter(initials.trim().charAt(0));
}

/**
 * Sort key of a Chinese name: its toneless pinyin ('暗夜米诺' → 'an ye mi nuo'), so zh lists order by reading, as a
 * Chinese reader expects, rather than by code point. Stored with the row: neither SQLite nor PostgreSQL can collate
 * by pinyin portably.
 */
export function zhSortKey(name: string): string {
  return pinyin(name.trim(), { toneType: 'none', type: 'array' }).join(' ').toLowerCase();
}

/** Index letter of an English name for the en and ja lists: its first letter, or '#' if it has none. */
export function enIndexLetter(name: string | null | undefined): string {
  return asIndexLetter(name?.trim().charAt(0));
}
