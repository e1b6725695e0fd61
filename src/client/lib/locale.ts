/**
 * The browser side of locale routing (docs/product-requirements.md §2, docs/design.md §1): the route decides the
 * language (`localeFromPath`, `localePath` and `stripLocale` in `#shared/locales`); the cookie and the browser language
 * only decide where a first visit to the bare home page `/` goes. Pure functions, so they are easy to test.
 */
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  firstSupportedLocale,
  isLocale,
  localePath,
  type Locale,
} from '#shared/locales';
import { isBotUserAgent } from './bot';

/** Reads the `locale` cookie; null when absent or not a known locale. */
export function readLocaleCookie(cookieHeader: string): Locale | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) {
      const decoded = decodeURIComponent(value.join('='));
      return isLocale(decoded) ? decoded : null;
    }
  }
  return null;
}

/** The cookie string that remembers a chosen language for 365 days (docs/product-requirements.md §9). */
export function localeCookie(locale: Locale): string {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = localeCookie(locale);
}

/** The first of the browser's languages we support (`en-GB` → en, `ja-JP` → ja, `zh-TW` → zh), or null. */
export const browserLocale = firstSupportedLocale;

export interface EntryContext {
  pathname: string;
  search: string;
  hash: string;
  cookie: string;
  languages: readonly string[];
  userAgent: string;
}

/**
 * Where the first page load should go instead, or null to stay. Only the bare home page `/` moves: prefix-less routes
 * are Chinese pages, and a shared link to one must open as shared. The cookie (a choice the user made) wins over the
 * browser language; crawlers are never moved.
 */
export function entryRedirect(entry: EntryContext): string | null {
  if (entry.pathname !== '/' || isBotUserAgent(entry.userAgent)) return null;
  const preferred = readLocaleCookie(entry.cookie) ?? browserLocale(entry.languages) ?? DEFAULT_LOCALE;
  if (preferred === DEFAULT_LOCALE) return null;
  return localePath(preferred, `/${entry.search}${entry.hash}`);
}

/** The value for `<html lang>`: zh is Simplified Chinese, so that fonts pick simplified glyphs. */
export function htmlLang(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : locale;
}
