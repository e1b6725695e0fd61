import type { Locale } from '../locales';

/** Anything with the catalogue's three names: `name` (zh, always set), `name_en` and `name_ja` (optional). */
export interface Named {
  name: string;
  name_en?: string | null;
  name_ja?: string | null;
}

function present(value: string | null | undefined): string | undefined {
  return value != null && value.trim() !== '' ? value : undefined;
}

/**
 * The name to show in a language (spec §3, DESIGN §1). Fallback chains:
 * - zh → name
 * - en → name_en → name
 * - ja → name_ja → name_en → name
 * ja falls back to English before Chinese because a Japanese player reads the game's English names more reliably than
 * simplified Chinese ones (the game ships English names; many hanzi differ from kanji). Blank strings count as absent.
 */
export function displayName(item: Named, locale: Locale): string {
  if (locale === 'en') return present(item.name_en) ?? item.name;
  if (locale === 'ja') return present(item.name_ja) ?? present(item.name_en) ?? item.name;
  return item.name;
}
