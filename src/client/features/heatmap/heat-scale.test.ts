import { describe, expect, it } from 'vitest';
import {
  busiestCells,
  cellArea,
  cellAt,
  classOf,
  HEAT_RAMP,
  heatClasses,
  heatPixels,
  type HeatGrid,
} from './heat-scale';

const GRID: HeatGrid = {
  cols: 4,
  rows: 2,
  cell_w: 25,
  cell_h: 50,
  bounds: { x_min: -100, y_min: 0, x_max: 0, y_max: 100 },
};

describe('heat classes', () => {
  it('spaces up to six classes on a log scale, readable bounds, the top class ending at the maximum', () => {
    expect(heatClasses(41).map(({ min, max }) => [min, max])).toEqual([
      [1, 1],
      [2, 2],
      [3, 5],
      [6, 11],
      [12, 21],
      [22, 41],
    ]);
    expect(heatClasses(100_000).map(({ min }) => min)).toEqual([1, 7, 46, 320, 2200, 15_000]);
  });

  it('has fewer classes for small maxima, still from the palest to the darkest colour', () => {
    const three = heatClasses(3);
    expect(three.map(({ min, max }) => [min, max])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(three[0]!.color).toBe(HEAT_RAMP[0]);
    expect(three[2]!.color).toBe(HEAT_RAMP.at(-1));
    expect(heatClasses(1).map(({ color }) => color)).toEqual([HEAT_RAMP.at(-1)]);
    expect(heatClasses(0)).toEqual([]);
  });

  it('puts each count in its class, 0 in none', () => {
    const classes = heatClasses(41);
    expect([0, 1, 2, 5, 6, 21, 22, 41, 500].map((count) => classOf(count, classes))).toEqual([
      -1, 0, 1, 2, 3, 4, 5, 5, 5,
    ]);
  });
});

describe('cells', () => {
  it('maps game coordinates to cells as the contract does: the last cell keeps its edge, outside is none', () => {
    expect(cellAt(-100, 0, GRID)).toEqual({ col: 0, row: 0 });
    expect(cellAt(-75, 49.99, GRID)).toEqual({ col: 1, row: 0 });
    expect(cellAt(-1, 50, GRID)).toEqual({ col: 3, row: 1 });
    expect(cellAt(0, 100, GRID)).toEqual({ col: 3, row: 1 });
    expect(cellAt(0.01, 50, GRID)).toBeNull();
    expect(cellAt(-50, -1, GRID)).toBeNull();
  });

  it("gives a cell's area in game coordinates", () => {
    expect(cellArea({ col: 1, row: 1 }, GRID)).toEqual({ x_min: -75, x_max: -50, y_min: 50, y_max: 100 });
  });

  it('draws one pixel per cell, north up, transparent where nothing was caught', () => {
    const classes = heatClasses(9);
    const pixels = heatPixels(
      [
        [0, 0, 9],
        [3, 1, 1],
        [7, 7, 5],
      ],
      4,
      2,
      classes,
    );
    const at = (x: number, y: number) => Array.from(pixels.slice((y * 4 + x) * 4, (y * 4 + x) * 4 + 4));
    // Row 0 (south) is the image's bottom line.
    expect(at(0, 1).slice(0, 3)).toEqual([0x4a, 0x0c, 0x5c]);
    expect(at(3, 0).slice(0, 3)).toEqual([0xfd, 0xe6, 0x8a]);
    expect(at(0, 0)[3]).toBe(0);
    // The cell outside the grid is ignored.
    expect(pixels.filter((_, i) => i % 4 === 3 && pixels[i]! > 0)).toHaveLength(2);
  });

  it('lists the busiest cells first', () => {
    expect(
      busiestCells(
        [
          [1, 1, 3],
          [2, 0, 9],
          [0, 1, 3],
        ],
        2,
      ),
    ).toEqual([
      { col: 2, row: 0, count: 9 },
      { col: 0, row: 1, count: 3 },
    ]);
  });
});
