/**
 * The heat map's arithmetic, free of the DOM and of Leaflet so it is tested alone: which grid cell a game coordinate
 * falls in (docs/catch-data-api.md §3), the area of a cell or a square of cells, and the colour classes of the legend
 * and the heat layer (heat-blocks.ts merges the cells that are drawn).
 *
 * Colour: darker means more catches (docs/product-requirements.md §1). The ramp runs from a pale warm yellow to a deep
 * purple with strictly falling lightness, so the order reads without hue (and for colour-blind players); the same ramp
 * serves both colour schemes, because it is drawn over the map's picture, which does not change with the scheme. Counts
 * are classed on a logarithmic scale: a few busy spots would otherwise leave every other cell in the palest class.
 */

/** The grid of a heat map answer (`GET /api/heatmap`). */
export interface HeatGrid {
  cols: number;
  rows: number;
  cell_w: number;
  cell_h: number;
  bounds: { x_min: number; y_min: number; x_max: number; y_max: number };
}

export interface Cell {
  col: number;
  row: number;
}

export interface CellArea {
  x_min: number;
  x_max: number;
  y_min: number;
  y_max: number;
}

/** One class of the legend: counts `min`–`max` (inclusive) drawn in `color`. */
export interface HeatClass {
  min: number;
  max: number;
  color: string;
  rgb: readonly [number, number, number];
  /** Opacity of the cells of this class over the picture, 0–1. */
  alpha: number;
}

/** Light → dark, lightness strictly falling (OKLab L ≈ 0.93, 0.82, 0.70, 0.59, 0.45, 0.30). */
export const HEAT_RAMP = ['#fde68a', '#fdae61', '#f46d43', '#d53e4f', '#9e0142', '#4a0c5c'] as const;
/**
 * The outline of every drawn block and legend swatch: with it the palest class stands out on water and on land alike,
 * in both colour schemes (the map's picture does not change with the scheme).
 */
export const BLOCK_OUTLINE = 'rgba(24, 16, 40, 0.8)';
/** How many classes the legend has at most. */
const HEAT_CLASS_COUNT = HEAT_RAMP.length;

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Two significant digits above 10 (1 234 → 1 200), whole numbers below. */
function niceRound(value: number): number {
  if (value < 10) return Math.round(value);
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/**
 * The legend's classes for counts 1…`max`: up to `HEAT_CLASS_COUNT`, with lower bounds spaced evenly on a log scale
 * and rounded to readable numbers; fewer when `max` is small (max 3 → the classes 1, 2 and 3). The top class always
 * gets the darkest colour, the bottom one the palest.
 */
export function heatClasses(max: number): HeatClass[] {
  if (!(max >= 1)) return [];
  const top = Math.floor(max);
  const lows: number[] = [1];
  for (let i = 1; i < HEAT_CLASS_COUNT; i++) {
    // Few enough counts for a class each; else log-spaced lower bounds.
    const low = top <= HEAT_CLASS_COUNT ? i + 1 : niceRound(top ** (i / HEAT_CLASS_COUNT));
    if (low > lows.at(-1)! && low <= top) lows.push(low);
  }
  const last = lows.length - 1;
  return lows.map((min, i) => {
    // Spread over the whole ramp, so two classes are the palest and the darkest rather than the two palest.
    const shade = last === 0 ? HEAT_RAMP.length - 1 : Math.round((i * (HEAT_RAMP.length - 1)) / last);
    const color = HEAT_RAMP[shade]!;
    return {
      min,
      max: i === last ? top : lows[i + 1]! - 1,
      color,
      rgb: hexToRgb(color),
      // Nearly opaque from the lowest class up: a pale, see-through speck read as the picture's own texture.
      alpha: last === 0 ? 0.95 : 0.88 + (0.08 * i) / last,
    };
  });
}

/** The class a count belongs to (index into `classes`), or -1 for 0 and below. */
export function classOf(count: number, classes: readonly HeatClass[]): number {
  if (count < 1 || classes.length === 0) return -1;
  for (let i = classes.length - 1; i >= 0; i--) if (count >= classes[i]!.min) return i;
  return 0;
}

/**
 * The cell holding game coordinate (x, y), or null outside the grid (docs/catch-data-api.md §3: the last cell keeps its
 * edge).
 */
export function cellAt(x: number, y: number, grid: HeatGrid): Cell | null {
  const { bounds, cols, rows, cell_w, cell_h } = grid;
  if (!(x >= bounds.x_min && x <= bounds.x_max && y >= bounds.y_min && y <= bounds.y_max)) return null;
  return {
    col: Math.min(cols - 1, Math.floor((x - bounds.x_min) / cell_w)),
    row: Math.min(rows - 1, Math.floor((y - bounds.y_min) / cell_h)),
  };
}

/**
 * A cell's area in game coordinates, `x_min ≤ x < x_max`, `y_min ≤ y < y_max`; with `size`, that of the square of
 * `size × size` cells from it north-east, cut at the grid's edge (as the server's `/heatmap/cell` answers it).
 */
export function cellArea({ col, row, size = 1 }: Cell & { size?: number }, grid: HeatGrid): CellArea {
  const { bounds, cols, rows, cell_w, cell_h } = grid;
  const lastCol = Math.min(cols, col + size) - 1;
  const lastRow = Math.min(rows, row + size) - 1;
  return {
    x_min: bounds.x_min + col * cell_w,
    x_max: lastCol === cols - 1 ? bounds.x_max : bounds.x_min + (lastCol + 1) * cell_w,
    y_min: bounds.y_min + row * cell_h,
    y_max: lastRow === rows - 1 ? bounds.y_max : bounds.y_min + (lastRow + 1) * cell_h,
  };
}
