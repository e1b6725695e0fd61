/**
 * What a tap or a click on the map opens: the non-empty block nearest to it within a radius, so a finger's tap near
 * a small patch of colour lands on it rather than on the empty water beside it (docs/design.md §5: a tap target of at
 * least 24 px on a phone). Distances are to a block's edge, so a tap inside a block always picks that block.
 */
import type { Block, Blocks } from './heat-blocks';
import { cellArea, type HeatGrid } from './heat-scale';

/** Tap radius in screen pixels: a finger (a 32 px target) and a mouse pointer (16 px). */
export const TOUCH_RADIUS_PX = 16;
export const POINTER_RADIUS_PX = 8;

/** The distance from (x, y) to a block's area in game units; 0 inside it. */
function distanceTo(block: Block, grid: HeatGrid, x: number, y: number): number {
  const area = cellArea(block, grid);
  const dx = Math.max(area.x_min - x, 0, x - area.x_max);
  const dy = Math.max(area.y_min - y, 0, y - area.y_max);
  return Math.hypot(dx, dy);
}

/**
 * The non-empty block nearest to game point (x, y) within `radius` game units, or null when none is. Ties (two blocks
 * as near, as when a tap falls on their common edge) go to the busier one.
 */
export function nearestBlock(x: number, y: number, blocks: Blocks, grid: HeatGrid, radius: number): Block | null {
  const { bounds, cell_w, cell_h } = grid;
  const blockW = cell_w * blocks.size;
  const blockH = cell_h * blocks.size;
  if (!(blockW > 0 && blockH > 0)) return null;
  // Only the blocks whose area may reach the radius are looked at.
  const clamp = (value: number, last: number) => Math.max(0, Math.min(last, value));
  const c0 = clamp(Math.floor((x - radius - bounds.x_min) / blockW), blocks.cols - 1);
  const c1 = clamp(Math.floor((x + radius - bounds.x_min) / blockW), blocks.cols - 1);
  const r0 = clamp(Math.floor((y - radius - bounds.y_min) / blockH), blocks.rows - 1);
  const r1 = clamp(Math.floor((y + radius - bounds.y_min) / blockH), blocks.rows - 1);
  let best: Block | null = null;
  let bestDistance = Infinity;
  for (let brow = r0; brow <= r1; brow++) {
    for (let bcol = c0; bcol <= c1; bcol++) {
      const count = blocks.counts[brow * blocks.cols + bcol]!;
      if (count === 0) continue;
      const block = { col: bcol * blocks.size, row: brow * blocks.size, size: blocks.size, count };
      const distance = distanceTo(block, grid, x, y);
      if (distance > radius) continue;
      if (distance < bestDistance || (distance === bestDistance && count > best!.count)) {
        best = block;
        bestDistance = distance;
      }
    }
  }
  return best;
}
