/** The site's languages. zh is the default: routes without a prefix are Chinese. */
export const LOCALES = ['zh', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';
/** Name of the cookie that remembers the chosen language (spec §9: 365 days). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the given language tags we support (`en-GB` → en, `ja-JP` → ja, `zh-TW` → zh), or null. */
export function firstSupportedLocale(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const base = language.trim().toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}
