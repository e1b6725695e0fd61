/**
 * Where a visit lands and in which language (docs/product-requirements.md §2, §8; docs/design.md §1), the same for the
 * server that renders a page and the browser that takes it over: the route decides the language; the cookie and the
 * browser's languages only decide where a first visit to the bare home page `/` goes; crawlers are never moved and
 * never shown an error page.
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE, firstSupportedLocale, isLocale, localePath, type Locale } from './locales';

/**
 * Crawlers and link-preview fetchers. Headless Chrome is deliberately not listed: our own end-to-end tests drive it.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|lighthouse|baiduspider|yandex|sogou|bytespider|petalbot|applebot|duckduckbot/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent);
}

/** Reads the `locale` cookie from a Cookie header (or `document.cookie`); null when absent or not a known locale. */
export function readLocaleCookie(cookieHeader: string): Locale | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
      return isLocale(decoded) ? decoded : null;
    }
  }
  return null;
}

/** The language tags of an `Accept-Language` header, most wanted first (`en-GB,zh;q=0.8` → en-GB, zh). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

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
  const preferred = readLocaleCookie(entry.cookie) ?? firstSupportedLocale(entry.languages) ?? DEFAULT_LOCALE;
  if (preferred === DEFAULT_LOCALE) return null;
  return localePath(preferred, `/${entry.search}${entry.hash}`);
}

/** The value for `<html lang>`: zh is Simplified Chinese, so that fonts pick simplified glyphs. */
export function htmlLang(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : locale;
}
