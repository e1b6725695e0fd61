/**
 * The browser side of locale routing (docs/product-requirements.md §2, docs/design.md §1): writing the cookie that
 * remembers a chosen language. Where a visit lands is decided by `#shared/entry-locale`, on the server and here alike.
 */
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale } from '#shared/locales';

/** The cookie string that remembers a chosen language for 365 days (docs/product-requirements.md §9). */
export function localeCookie(locale: Locale): string {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = localeCookie(locale);
}
