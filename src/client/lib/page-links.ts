/**
 * Links into a page from other pages, in that page's own URL names, so a feature can link to another without
 * importing it (the page's own URL state reads the same names).
 */

/** The bait guide's URL names: the API's own (`fish_id`, `map_id`), so its links read like its requests. */
export const BAIT_GUIDE_PARAMS = { fish: 'fish_id', map: 'map_id', details: 'details' } as const;

/** The guide of one fish, on one map when given: `?fish_id=3&map_id=11`. */
export function baitGuideSearch(fish: number, map?: number | null): string {
  const search = new URLSearchParams({ [BAIT_GUIDE_PARAMS.fish]: String(fish) });
  if (map) search.set(BAIT_GUIDE_PARAMS.map, String(map));
  return `?${search.toString()}`;
}

/** The heat map of one map, narrowed to one fish: `?map=3&fish=42` (the home page's own parameters). */
export function heatMapSearch(map: number, fish: number): string {
  return `?${new URLSearchParams({ map: String(map), fish: String(fish) }).toString()}`;
}

/** The fish encyclopedia with one fish's detail open: `?fish=42` (the encyclopedia's own parameter). */
export function fishPageSearch(fish: number): string {
  return `?${new URLSearchParams({ fish: String(fish) }).toString()}`;
}
