/**
 * The paged catalogue search (`/system/get_categories`) over the catalogue in memory, with the shared name matcher
 * (`#shared/game/name-match`, issue 26) so the bait list finds what the encyclopedia and the AI chat find: pinyin, a
 * name's last word, any case, width or kana. A few hundred items: each name's keys are computed once per catalogue
 * view and each language's order once, so a search is one pass over that order.
 */
import { CATEGORY_GROUPS, type CategoriesQuery, type CategoryItem } from '#shared/contracts/catalogue';
import { catalogueSearchMatches, itemNameKeys, type NameKeys, prepareQuery } from '#shared/game/name-match';
import type { Locale } from '#shared/locales';
import type { CatalogueView } from './catalogue-snapshot';

interface Entry {
  item: CategoryItem;
  keys: NameKeys;
}

const ordered = new WeakMap<CatalogueView, Map<Locale, Entry[]>>();

/** Text compared by code point, lower case, an absent name last: the same order on every database. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

const letterOf = (item: CategoryItem, lang: Locale) => (lang === 'zh' ? item.letter : item.letter_en);
const nameOf = (item: CategoryItem, lang: Locale) =>
  lang === 'zh' ? item.name_pinyin : lang === 'en' ? item.name_en : item.name_ja;

/** Every item in the order a reader of that language scans an index: index letter, then the shown name, then id. */
function entriesIn(view: CatalogueView, lang: Locale): Entry[] {
  let perLang = ordered.get(view);
  if (!perLang) ordered.set(view, (perLang = new Map()));
  let entries = perLang.get(lang);
  if (!entries) {
    // The keys are the same in every language: computed for the first and shared by the others.
    const keyed =
      perLang.values().next().value ??
      CATEGORY_GROUPS.flatMap((group) =>
        (view.groups[group] as readonly CategoryItem[]).map((item) => ({ item, keys: itemNameKeys(item) })),
      );
    entries = [...keyed].sort(
      (a, b) =>
        compareText(letterOf(a.item, lang), letterOf(b.item, lang)) ||
        compareText(nameOf(a.item, lang), nameOf(b.item, lang)) ||
        a.item.id - b.item.id,
    );
    perLang.set(lang, entries);
  }
  return entries;
}

/** One page of the items matching `query`, among `only` when given (the baits of one bait type). */
export function searchCatalogue(
  view: CatalogueView,
  query: CategoriesQuery,
  only?: ReadonlySet<number>,
): { items: CategoryItem[]; total: number } {
  const text = prepareQuery(query.like_str ?? '');
  const search = { mode: query.like_start ? ('start' as const) : ('anywhere' as const), ...query };
  const matching = entriesIn(view, query.lang).filter(
    ({ item, keys }) =>
      (!query.group_type || item.group_type === query.group_type) &&
      (!only || only.has(item.id)) &&
      catalogueSearchMatches(item, keys, text, search),
  );
  const from = (query.page - 1) * query.page_size;
  return { items: matching.slice(from, from + query.page_size).map((entry) => entry.item), total: matching.length };
}
