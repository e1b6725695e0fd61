/**
 * Links into a page from other pages, in that page's own URL names, so a feature can link to another without
 * importing it (the page's own URL state reads the same names).
 */

/** The bait guide's URL names: the API's own (`fish_id`, `map_id`), so its links read like its requests. */
export const BAIT_GUIDE_PARAMS = { fish: 'fish_id', map: 'map_id', details: 'details', trust: 'trust' } as const;

/** The guide of one fish, on one map when given: `?fish_id=3&map_id=11`. */
export function baitGuideSearch(fish: number, map?: number | null): string {
  const search = new URLSearchParams({ [BAIT_GUIDE_PARAMS.fish]: String(fish) });
  if (map) search.set(BAIT_GUIDE_PARAMS.map, String(map));
  return `?${search.toString()}`;
}

/** The heat map of one map, narrowed to one fish when given: `?map=3&fish=42` (the home page's own parameters). */
export function heatMapSearch(map: number, fish?: number | null): string {
  const search = new URLSearchParams({ map: String(map) });
  if (fish) search.set('fish', String(fish));
  return `?${search.toString()}`;
}

/** The log lists narrowed to one fish and / or one map: `?fish=42&map=3` (the logs' own parameters). */
export function logsSearch(filters: { fish?: number | null; map?: number | null }): string {
  const search = new URLSearchParams();
  if (filters.fish) search.set('fish', String(filters.fish));
  if (filters.map) search.set('map', String(filters.map));
  const text = search.toString();
  return text ? `?${text}` : '';
}
