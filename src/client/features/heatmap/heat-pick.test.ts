import { describe, expect, it } from 'vitest';
import { mergeCells } from './heat-blocks';
import { nearestBlock } from './heat-pick';
import type { HeatGrid } from './heat-scale';

// 1000 × 500 game units in 100 × 50 cells of 10 × 10.
const grid: HeatGrid = {
  cols: 100,
  rows: 50,
  cell_w: 10,
  cell_h: 10,
  bounds: { x_min: 0, y_min: 0, x_max: 1000, y_max: 500 },
};

describe('nearestBlock', () => {
  const cells = mergeCells(
    [
      [25, 12, 41],
      [30, 12, 1],
      [99, 49, 7],
    ],
    100,
    50,
    1,
  );

  it('picks the block under the point', () => {
    expect(nearestBlock(255, 125, cells, grid, 0)).toEqual({ col: 25, row: 12, size: 1, count: 41 });
  });

  it('picks a block near the point on empty water, within the radius, measured to its edge', () => {
    // 4 units west of cell (30, 12)'s edge at x 300: out of reach with a radius of 3, in reach with 5.
    expect(nearestBlock(296, 125, cells, grid, 3)).toBeNull();
    expect(nearestBlock(296, 125, cells, grid, 5)).toEqual({ col: 30, row: 12, size: 1, count: 1 });
    // Diagonally off the corner (300, 120): 3 units across and 3 down is 4.24 away, a circle's reach rather than a box's.
    expect(nearestBlock(297, 117, cells, grid, 4)).toBeNull();
    expect(nearestBlock(297, 117, cells, grid, 4.5)).toMatchObject({ col: 30, row: 12 });
  });

  it('prefers the nearer block over the busier one, and the busier one when both are as near', () => {
    // x 268: 8 from cell 25's edge (260), 32 from cell 30's.
    expect(nearestBlock(268, 125, cells, grid, 40)).toMatchObject({ col: 25 });
    // x 292: 32 from cell 25, 8 from cell 30.
    expect(nearestBlock(292, 125, cells, grid, 40)).toMatchObject({ col: 30 });
    // x 280: 20 from both.
    expect(nearestBlock(280, 125, cells, grid, 40)).toMatchObject({ col: 25, count: 41 });
  });

  it('reaches the last cell, which holds the map edge, and nothing off the map', () => {
    expect(nearestBlock(1000, 500, cells, grid, 1)).toMatchObject({ col: 99, row: 49 });
    expect(nearestBlock(1010, 505, cells, grid, 5)).toBeNull();
    expect(nearestBlock(-50, -50, cells, grid, 20)).toBeNull();
  });

  it('works on merged blocks', () => {
    const merged = mergeCells(
      [
        [25, 12, 41],
        [30, 12, 1],
      ],
      100,
      50,
      8,
    );
    // Cells 25 and 30 share the block (24, 8): a tap anywhere in it opens it with both counts.
    expect(nearestBlock(310, 90, merged, grid, 0)).toEqual({ col: 24, row: 8, size: 8, count: 42 });
    expect(nearestBlock(235, 90, merged, grid, 4)).toBeNull();
    expect(nearestBlock(235, 90, merged, grid, 6)).toMatchObject({ col: 24, row: 8 });
  });
});
