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
 * The name to show in a language (docs/product-requirements.md §3, docs/design.md §1). Fallback chains:
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

/** A name in one language, tagged so the page can mark it with `lang` for screen readers and fonts. */
export interface LocalName {
  lang: Locale;
  text: string;
}

/**
 * The names in the other languages, each once, so a player can match what another language's game client shows.
 * A Japanese page lists the English name first: the game ships English names, which Japanese players know best, and
 * its initial is the index letter of the en and ja bait lists. Empty names and repeats of `shown` are left out.
 */
export function otherNames(item: Named, shown: string, page: Locale): LocalName[] {
  const zh = { lang: 'zh' as const, text: item.name };
  const en = { lang: 'en' as const, text: item.name_en };
  const ja = { lang: 'ja' as const, text: item.name_ja };
  const all: { lang: Locale; text: string | null | undefined }[] = page === 'ja' ? [en, zh, ja] : [zh, en, ja];
  const seen = new Set([shown]);
  return all.filter((entry): entry is LocalName => {
    if (!entry.text || seen.has(entry.text)) return false;
    seen.add(entry.text);
    return true;
  });
}
