/**
 * The heat map's grid over a map (docs/catch-data-api.md §3): `cols × rows` cells over the map's bounds, row 0 at the
 * southern edge; a catch's cell is `col = min(cols − 1, floor((x − x_min) / cell_w))`, likewise for the row. The same
 * arithmetic runs in JavaScript (the rollups, written by the catch writer) and in SQL (the raw catches), and the two
 * must agree to the last catch: both compute in IEEE doubles from the stored coordinates (double precision columns)
 * with the same operations in the same order, and `cell_w` is computed once here and bound as a parameter.
 */
import { type RawBuilder, sql } from 'kysely';
import { HEATMAP_GRID } from '#shared/contracts/catches';
import type { Dialect } from '../db/database';

export interface Bounds {
  readonly x_min: number;
  readonly y_min: number;
  readonly x_max: number;
  readonly y_max: number;
}

export interface HeatGrid {
  readonly cols: number;
  readonly rows: number;
  readonly cell_w: number;
  readonly cell_h: number;
  readonly bounds: Bounds;
}

export const DAY_MS = 86_400_000;

/**
 * A day counts as ended for the sums readers keep in memory once it ended this long ago; a writer raises the map's
 * version for any day that ends before its clock plus this margin. Server clocks up to twice this apart still agree
 * (decision 0012).
 */
export const ENDED_DAY_MARGIN_MS = 10 * 60_000;

export function gridOf(bounds: Bounds, cols = HEATMAP_GRID, rows = HEATMAP_GRID): HeatGrid {
  return {
    cols,
    rows,
    cell_w: (bounds.x_max - bounds.x_min) / cols,
    cell_h: (bounds.y_max - bounds.y_min) / rows,
    bounds: { x_min: bounds.x_min, y_min: bounds.y_min, x_max: bounds.x_max, y_max: bounds.y_max },
  };
}

/**
 * The cell number of a point: `row × cols + col`. A point outside the map (only another tool could store one: the
 * writer checks the bounds) counts in the nearest edge cell, here and in SQL alike, so it can neither overflow the
 * database's integer cast nor name a cell off the grid.
 */
export function cellOf(grid: HeatGrid, x: number, y: number): number {
  const col = Math.max(0, Math.min(grid.cols - 1, Math.floor((x - grid.bounds.x_min) / grid.cell_w)));
  const row = Math.max(0, Math.min(grid.rows - 1, Math.floor((y - grid.bounds.y_min) / grid.cell_h)));
  return row * grid.cols + col;
}

/**
 * A catch's column and row computed by the database from the `x` and `y` columns (clamped before the integer cast),
 * with the same arithmetic as `cellOf`.
 */
export function colRowSql(dialect: Dialect, grid: HeatGrid): { col: RawBuilder<number>; row: RawBuilder<number> } {
  const axis = (column: 'x' | 'y', min: number, size: number, last: number) =>
    dialect === 'sqlite'
      ? sql<number>`max(0, min(${last}, cast(floor((${sql.ref(column)} - ${min}) / ${size}) as integer)))`
      : sql<number>`greatest(0, least(${last}, floor((${sql.ref(column)} - ${sql.val(min)}::double precision) / ${sql.val(size)}::double precision)))::integer`;
  return {
    col: axis('x', grid.bounds.x_min, grid.cell_w, grid.cols - 1),
    row: axis('y', grid.bounds.y_min, grid.cell_h, grid.rows - 1),
  };
}

/** The same cell number computed by the database from the `x` and `y` columns. */
export function cellSql(dialect: Dialect, grid: HeatGrid): RawBuilder<number> {
  const { col, row } = colRowSql(dialect, grid);
  return sql<number>`(${row} * ${grid.cols} + ${col})`;
}

/**
 * An aggregate of `cell` and `count` columns (non-negative integers) into one `cell,count,cell,count…` string: a reader's thousands of cells
 * cross from the database into JavaScript as one value instead of one row object each (three times faster, measured
 * at 8,000 cells: decision 0021).
 */
export function cellCountsSql(dialect: Dialect): RawBuilder<string | null> {
  // SQLite: numbers bound from JavaScript are REAL, so a cell computed with them prints as `12.0`; cast back.
  return dialect === 'sqlite'
    ? sql<string | null>`group_concat(cast(cell as integer) || ',' || count)`
    : sql<string | null>`string_agg(cell || ',' || count, ',')`;
}

/** An aggregate of `cells` strings made by `cellCountsSql` (packed window sums) into one such string. */
export function joinedCellsSql(dialect: Dialect): RawBuilder<string | null> {
  return dialect === 'sqlite' ? sql<string | null>`group_concat(cells)` : sql<string | null>`string_agg(cells, ',')`;
}

/**
 * The area in game coordinates of the `size × size` cells from (`col`, `row`) north-east, cut at the grid's edge:
 * `x_min ≤ x < x_max` (the last column also holds its right edge). `size` 1 is one cell.
 */
export function cellBounds(grid: HeatGrid, col: number, row: number, size = 1): Bounds {
  const { bounds } = grid;
  const lastCol = Math.min(grid.cols, col + size) - 1;
  const lastRow = Math.min(grid.rows, row + size) - 1;
  return {
    x_min: bounds.x_min + col * grid.cell_w,
    x_max: lastCol === grid.cols - 1 ? bounds.x_max : bounds.x_min + (lastCol + 1) * grid.cell_w,
    y_min: bounds.y_min + row * grid.cell_h,
    y_max: lastRow === grid.rows - 1 ? bounds.y_max : bounds.y_min + (lastRow + 1) * grid.cell_h,
  };
}

/** The bounds a map's rollup was counted with, as its `heat_map_version` row stores them (migration 0015). */
export interface StoredBounds {
  x_min: number | null;
  y_min: number | null;
  x_max: number | null;
  y_max: number | null;
}

/** The bounds stored on a version row; undefined when none are (nothing counted on the map since migration 0015). */
export function boundsOf(row: StoredBounds): Bounds | undefined {
  const { x_min, y_min, x_max, y_max } = row;
  if (x_min === null || y_min === null || x_max === null || y_max === null) return undefined;
  // Double precision on both databases, a JavaScript number once read: compared exactly.
  return { x_min: Number(x_min), y_min: Number(y_min), x_max: Number(x_max), y_max: Number(y_max) };
}

export function sameBounds(a: Bounds | undefined, b: Bounds): boolean {
  return a !== undefined && a.x_min === b.x_min && a.y_min === b.y_min && a.x_max === b.x_max && a.y_max === b.y_max;
}

/** What the heat map reads of the catalogue: every map's bounds (the catalogue snapshot satisfies it). */
export interface MapsCatalogue {
  view(): Promise<{ readonly maps: ReadonlyMap<number, { readonly data: { readonly bounds: Bounds } }> }>;
}
