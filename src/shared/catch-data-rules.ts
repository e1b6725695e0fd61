/**
 * The rules of the heat map and the bait guide both sides use (contracts/catch-data-api.md §3, §4; DESIGN §5): the
 * time ranges, the grid, the bait guide's window, minimum count and depth bands. Plain TypeScript without zod, so the
 * client's pages can use them without loading the schema library; the wire schemas are in `contracts/catches.ts`,
 * which re-exports these.
 */
/** Time ranges of the heat map, ending now; `7d` when none is given. */
export const HEATMAP_RANGES = ['1d', '3d', '7d', '30d'] as const;
export type HeatmapRange = (typeof HEATMAP_RANGES)[number];
export const DEFAULT_HEATMAP_RANGE: HeatmapRange = '7d';
export const HEATMAP_RANGE_DAYS: Readonly<Record<HeatmapRange, number>> = { '1d': 1, '3d': 3, '7d': 7, '30d': 30 };
/** Default heat-map grid: cells per side. */
export const HEATMAP_GRID = 128;

/** The bait guide looks at the last 72 hours ending now (spec §9: "last 3 days"). */
export const BAIT_GUIDE_WINDOW_HOURS = 72;
/**
 * The bait guide's depth bands (metres): `0-1`, `1-2`, `2-5`, … `50-100`, `100+`; a depth belongs to the band whose
 * lower edge it reaches (`5` is in `5-10`). Lists of bands come in this order.
 */
export const DEPTH_BAND_EDGES = [0, 1, 2, 5, 10, 20, 50, 100] as const;
export function depthBand(depth: number): string {
  let i = DEPTH_BAND_EDGES.length - 1;
  while (i > 0 && depth < DEPTH_BAND_EDGES[i]!) i -= 1;
  const upper = DEPTH_BAND_EDGES[i + 1];
  return upper === undefined ? `${DEPTH_BAND_EDGES[i]}+` : `${DEPTH_BAND_EDGES[i]}-${upper}`;
}

/** Baits with fewer catches than this hide behind "show all" (DESIGN §5). */
export const BAIT_GUIDE_MIN_COUNT = 3;
