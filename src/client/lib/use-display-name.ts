import { useCallback } from 'react';
import { displayName, type Named } from '#shared/game/names';
import { useLocale } from './use-locale';

/** `displayName` bound to the page's language: `const name = useDisplayName(); name(fish)`. */
export function useDisplayName(): (item: Named) => string {
  const locale = useLocale();
  return useCallback((item: Named) => displayName(item, locale), [locale]);
}
