/**
 * Cells merged to what a reader can see and tap. The server counts 128 × 128 cells; on a phone with the whole map in
 * view a cell is 2–3 screen pixels, and a week of reports leaves most cells with one or two catches: specks that read
 * as the picture's texture, and a "busiest spot" of 2. So the page draws squares of 2 × 2 … 16 × 16 cells (a
 * "block") whenever one cell would be smaller than `MIN_BLOCK_PX` on screen, and merges once more while the data is
 * so thin that a typical block holds a single catch and the merged block stays small. Blocks are aligned to their
 * size, so each level nests in the next and a block is always the same cells, whatever the zoom.
 *
 * Exact counts stay one tap away: a block is asked of the server by its corner cell and size (`/heatmap/cell`).
 */
import type { Cell } from './heat-scale';

/** Counts of a heat map answer: `[col, row, count]`. */
export type CellCounts = readonly (readonly [number, number, number])[];

/** A square of `size × size` cells from (`col`, `row`) north-east (row 0 is the southern edge); size 1 is one cell. */
export interface Spot extends Cell {
  size: number;
}

/** One drawn block: its corner cell, size and catches. */
export interface Block extends Spot {
  count: number;
}

export interface Blocks {
  size: number;
  /** Blocks per side (the last one cut at the grid's edge when `size` does not divide it). */
  cols: number;
  rows: number;
  /** The non-empty blocks, in block order (south row first, then west to east). */
  list: Block[];
  /** Catches per block, `counts[brow * cols + bcol]`. */
  counts: Uint32Array;
  max: number;
}

/** Smallest size a drawn cell may have on screen, in CSS pixels. */
export const MIN_BLOCK_PX = 8;
/** Thin data merges blocks further only while a merged block stays at most this wide on screen. */
export const MAX_DATA_BLOCK_PX = 28;
/** The widest merge (cells per side). */
export const MAX_BLOCK = 16;

/** Merges the cells into blocks of `size × size`. */
export function mergeCells(cells: CellCounts, cols: number, rows: number, size: number): Blocks {
  const blockCols = Math.ceil(cols / size);
  const blockRows = Math.ceil(rows / size);
  const counts = new Uint32Array(blockCols * blockRows);
  for (const [col, row, count] of cells) {
    if (col < 0 || col >= cols || row < 0 || row >= rows || !(count > 0)) continue;
    counts[Math.floor(row / size) * blockCols + Math.floor(col / size)]! += count;
  }
  const list: Block[] = [];
  let max = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i]!;
    if (count === 0) continue;
    list.push({ col: (i % blockCols) * size, row: Math.floor(i / blockCols) * size, size, count });
    if (count > max) max = count;
  }
  return { size, cols: blockCols, rows: blockRows, list, counts, max };
}

/** The smallest block size (a power of two, at most `MAX_BLOCK`) whose blocks are at least `MIN_BLOCK_PX` wide. */
export function zoomBlockSize(cellPx: number): number {
  // Unknown (a map not laid out yet): single cells, as the server counts them.
  if (!(cellPx > 0) || !Number.isFinite(cellPx)) return 1;
  let size = 1;
  while (size < MAX_BLOCK && size * cellPx < MIN_BLOCK_PX) size *= 2;
  return size;
}

/** The middle count of the non-empty blocks (the lower one of the two middles). */
function typicalCount(blocks: Blocks): number {
  if (blocks.list.length === 0) return 0;
  const counts = blocks.list.map((block) => block.count).sort((a, b) => a - b);
  return counts[Math.floor((counts.length - 1) / 2)]!;
}

/**
 * The blocks to draw for these counts at this zoom (`cellPx`: one cell's width on screen): at least the zoom's size,
 * then merged again while the typical non-empty block holds a single catch and a merged block would stay within
 * `MAX_DATA_BLOCK_PX`.
 */
export function blocksFor(cells: CellCounts, cols: number, rows: number, cellPx: number): Blocks {
  let blocks = mergeCells(cells, cols, rows, zoomBlockSize(cellPx));
  while (
    blocks.size < MAX_BLOCK &&
    cellPx > 0 &&
    blocks.size * 2 * cellPx <= MAX_DATA_BLOCK_PX &&
    typicalCount(blocks) < 2 &&
    blocks.list.length > 1
  ) {
    blocks = mergeCells(cells, cols, rows, blocks.size * 2);
  }
  return blocks;
}

/** The block that holds a cell, or null outside the grid of blocks. */
export function blockAt(cell: Cell, blocks: Blocks): Block | null {
  const bcol = Math.floor(cell.col / blocks.size);
  const brow = Math.floor(cell.row / blocks.size);
  if (bcol < 0 || bcol >= blocks.cols || brow < 0 || brow >= blocks.rows) return null;
  const count = blocks.counts[brow * blocks.cols + bcol]!;
  return { col: bcol * blocks.size, row: brow * blocks.size, size: blocks.size, count };
}

/** The busiest blocks, most catches first (ties: southern and western first, so the order is stable). */
export function busiestBlocks(blocks: Blocks, limit: number): Block[] {
  return [...blocks.list].sort((a, b) => b.count - a.count || a.row - b.row || a.col - b.col).slice(0, limit);
}
