/**
 * What a fish's or a map's page says of itself to search engines and link previews (issue 23): one or two sentences in
 * the page's language built from the catalogue and the bait guide's answer (name, rarity, where it lives, what bites).
 * Pure, so the server's render and the browser's write the same words.
 */
import type { TFunction } from 'i18next';
import { BAIT_GUIDE_WINDOW_HOURS } from '#shared/catch-data-rules';
import type { Locale } from '#shared/locales';

/** How many names a description lists before it stops: a snippet is read at a glance. */
const LISTED = 3;

/** "A, B and C" in the page's language (Intl's own conjunction and commas). */
export function listOf(names: readonly string[], lang: Locale): string {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
}

interface FishFacts {
  name: string;
  rarity: string;
  weight: string;
  maps: readonly string[];
  /** The best baits of the window, best first; null while the guide has not answered (then nothing is said of them). */
  baits: readonly string[] | null;
}

/** "Northern Pike (Star, 100 g – 30 kg) lives in Amber Lake. Best baits in the last 72 hours: Worm and Bread." */
export function fishDescription(t: TFunction, lang: Locale, fish: FishFacts): string {
  const facts = { name: fish.name, rarity: fish.rarity, weight: fish.weight };
  const about =
    fish.maps.length > LISTED
      ? t('meta.aboutMany', { ...facts, count: fish.maps.length, maps: listOf(fish.maps.slice(0, LISTED), lang) })
      : fish.maps.length > 0
        ? t('meta.about', { ...facts, maps: listOf(fish.maps, lang) })
        : t('meta.aboutNoMaps', facts);
  const hours = BAIT_GUIDE_WINDOW_HOURS;
  const bites =
    fish.baits === null
      ? ''
      : fish.baits.length > 0
        ? t('meta.bites', { hours, baits: listOf(fish.baits.slice(0, LISTED), lang) })
        : t('meta.quiet', { hours });
  return t('meta.description', { about, bites }).trim();
}

interface MapFacts {
  name: string;
  /** The names of the fish that live there, as the page lists them. */
  fish: readonly string[];
  /** The fish caught most in the window with the bait that caught each most; null while the answer is coming. */
  top: readonly { fish: string; bait: string | null }[] | null;
}

/** "Amber Lake: 3 fish species live here, among them A, B and C. Most caught in the last 72 hours: A on Worm." */
export function mapDescription(t: TFunction, lang: Locale, map: MapFacts): string {
  const count = map.fish.length;
  const about =
    count > LISTED
      ? t('meta.aboutSome', { map: map.name, count, some: listOf(map.fish.slice(0, LISTED), lang) })
      : count > 0
        ? t('meta.aboutAll', { map: map.name, count, some: listOf(map.fish, lang) })
        : t('meta.aboutNone', { map: map.name });
  const hours = BAIT_GUIDE_WINDOW_HOURS;
  const top = map.top
    ?.slice(0, LISTED)
    .map((entry) => (entry.bait ? t('meta.onBait', { fish: entry.fish, bait: entry.bait }) : entry.fish));
  const bites =
    top === undefined
      ? ''
      : top.length > 0
        ? t('meta.bites', { hours, top: listOf(top, lang) })
        : t('meta.quiet', { hours });
  return t('meta.description', { about, bites }).trim();
}
