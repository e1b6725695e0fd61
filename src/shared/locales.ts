/** The site's languages. zh is the default: routes without a prefix are Chinese. */
export const LOCALES = ['zh', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';
/** Name of the cookie that remembers the chosen language (docs/product-requirements.md §9: 365 days). */
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

/*
 * Locale routing (docs/product-requirements.md §2, docs/design.md §1): zh's pages have no prefix; `/zh/...`, `/en/...`
 * and `/ja/...` are the prefixed forms. The client's links, the sitemap, the e-mailed links and the end-to-end tests
 * all build paths with these, so a URL is spelled the same way everywhere.
 */

/** The language of a pathname: its first segment when that is a locale, else zh. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The pathname without its locale prefix: `/en/query/baits` → `/query/baits`, `/ja` → `/`. */
export function stripLocale(pathname: string): string {
  const first = pathname.split('/')[1];
  if (!isLocale(first)) return pathname || '/';
  const rest = pathname.slice(first.length + 1);
  return rest === '' ? '/' : rest;
}

/**
 * The site path `path` (may carry `?query` and `#hash`) in `locale`: `/en` or `/ja` in front, nothing for zh, so
 * `localePath('en', '/')` is `/en` and `localePath('zh', '/user/verify')` is `/user/verify`. A path that already has a
 * prefix gets it replaced; anything that is not an absolute site path (another origin, a relative path) is left alone.
 */
export function localePath(locale: Locale, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const split = path.search(/[?#]/);
  const pathname = split === -1 ? path : path.slice(0, split);
  const suffix = split === -1 ? '' : path.slice(split);
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return `${bare}${suffix}`;
  return `/${locale}${bare === '/' ? '' : bare}${suffix}`;
}
