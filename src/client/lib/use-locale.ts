import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localeFromPath, localePath, type Locale } from '#shared/locales';

/** The page's language, read from the route prefix (no prefix = zh). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** Turns a site path into the current language's form: `/query/baits` → `/en/query/baits` on an English page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}
