import type { Named } from '#shared/game/names';
import type { Locale } from '#shared/locales';

/**
 * The names in the other languages, each once, so a player can match what another language's game client shows.
 * A Japanese page lists the English name first: the game ships English names, which Japanese players know best.
 */
export function otherNames(item: Named, shown: string, page: Locale): { lang: Locale; text: string }[] {
  const zh = { lang: 'zh' as const, text: item.name };
  const en = { lang: 'en' as const, text: item.name_en };
  const ja = { lang: 'ja' as const, text: item.name_ja };
  const all: { lang: Locale; text: string | null | undefined }[] = page === 'ja' ? [en, zh, ja] : [zh, en, ja];
  const seen = new Set([shown]);
  return all.filter((entry): entry is { lang: Locale; text: string } => {
    if (!entry.text || seen.has(entry.text)) return false;
    seen.add(entry.text);
    return true;
  });
}
