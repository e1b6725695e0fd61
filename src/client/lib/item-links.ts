/**
 * The one way to link an item to its own page (issue 23): a fish's, a bait's or a map's page in the page's language,
 * with the readable slug of its name in that language (`/en/guide/fishes/10-northern-pike`, `/maps/1-琥珀湖`). The id
 * alone names the item, so a renamed item's old links keep working; the slug is for readers and search engines.
 */
import { useCallback } from 'react';
import type { BaitItem, FishItem, MapItem } from '#shared/contracts/catalogue';
import { displayName } from '#shared/game/names';
import { localePath, type Locale } from '#shared/locales';
import { baitPagePath, fishPagePath, itemSlug, mapPagePath } from '#shared/pages';
import { useLocale } from './use-locale';

/** The catalogue items that have a page of their own. */
export type PagedItem = FishItem | BaitItem | MapItem;

/** The item's page in `locale`, its name's slug after the id. */
export function itemPagePath(item: PagedItem, locale: Locale): string {
  const slug = itemSlug(displayName(item, locale));
  const path =
    item.group_type === 'fish'
      ? fishPagePath(item.id, slug)
      : item.group_type === 'baits'
        ? baitPagePath(item.id, slug)
        : mapPagePath(item.id, slug);
  return localePath(locale, path);
}

/** `itemPagePath` bound to the page's language: `const pageOf = useItemPagePath(); pageOf(fish)`. */
export function useItemPagePath(): (item: PagedItem) => string {
  const locale = useLocale();
  return useCallback((item: PagedItem) => itemPagePath(item, locale), [locale]);
}
