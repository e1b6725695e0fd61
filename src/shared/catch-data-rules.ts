/**
 * The rules of the heat map and the bait guide both sides use (docs/catch-data-api.md §3, §4; docs/design.md §5): the
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
/**
 * The widest square of cells `/heatmap/cell` answers for at once (`size`): the page draws cells merged 2 × 2 up to
 * 16 × 16 where single cells would be too small to see or tap, and asks for the merged cell's catches.
 */
export const HEATMAP_MAX_BLOCK = 32;

/** The bait guide looks at the last 72 hours ending now (docs/product-requirements.md §9: "last 3 days"). */
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

/**
 * The decimals a share of `sample` items can honestly carry: it moves in steps of 1 / sample, so a tenth of a percent
 * means something only from 1,000 items on ("60%" from 5 catches, never "60.0%"). The pages and the AI chat's facts
 * both write shares so.
 */
export const shareDigits = (sample: number): number => (sample >= 1000 ? 1 : 0);

/** Baits with fewer catches than this hide behind "show all" (docs/design.md §5). */
export const BAIT_GUIDE_MIN_COUNT = 3;

/** The range a number of a catch or a sale may take; `integer` when only whole numbers are allowed. */
export interface NumberBounds {
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
}

/**
 * What the game can produce for each number of a catch (docs/catch-data-api.md §1), checked on every upload and import,
 * and what the reads show: a stored value outside (only another tool or an older version could write one) is shown at
 * the nearest bound, so no stored row can break an answer. `x`/`y` are bounded by the map (the writer checks them) and
 * need only be finite. `weight` is also within the fish's own range; 10 t is beyond any fish of the game.
 */
export const CATCH_BOUNDS = {
  weight: { min: 0, max: 10_000_000, integer: true },
  depth: { min: 0, max: 200, integer: false },
  angle: { min: 0, max: 359, integer: true },
  /** Stored and shown 1–24; the logger may send midnight as 0. */
  game_hour: { min: 1, max: 24, integer: true },
  temperature: { min: -30, max: 50, integer: false },
  time_spent: { min: 0, max: 86_400, integer: true },
  coordinate: { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, integer: false },
} as const satisfies Record<string, NumberBounds>;

/**
 * What the game can produce for a sale: at most 1,000 fish (a keep net holds far fewer) for at most 100,000,000, i.e.
 * 100,000 a fish, 250 times the dearest fish of the demo world. The reads show stored values outside as for catches.
 * A day's income sums these exactly: 2^53 would take more than 90 million sales of the largest income in one day.
 */
export const SALE_BOUNDS = {
  income: { min: 0, max: 100_000_000, integer: true },
  fish_count: { min: 1, max: 1_000, integer: true },
  star_count: { min: 0, max: 1_000, integer: true },
} as const satisfies Record<string, NumberBounds>;
