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
