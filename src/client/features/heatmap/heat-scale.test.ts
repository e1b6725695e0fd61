import { describe, expect, it } from 'vitest';
import { cellArea, cellAt, classOf, HEAT_RAMP, heatClasses, type HeatGrid } from './heat-scale';

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

  it('draws even the lowest class nearly opaque, so it is not a pale speck over the map', () => {
    for (const heatClass of heatClasses(41)) expect(heatClass.alpha).toBeGreaterThanOrEqual(0.85);
    expect(heatClasses(41)[0]!.alpha).toBeLessThan(heatClasses(41)[5]!.alpha);
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

  it("gives a square of cells' area, cut at the grid's edge, which it holds", () => {
    expect(cellArea({ col: 0, row: 0, size: 2 }, GRID)).toEqual({ x_min: -100, x_max: -50, y_min: 0, y_max: 100 });
    expect(cellArea({ col: 2, row: 0, size: 4 }, GRID)).toEqual({ x_min: -50, x_max: 0, y_min: 0, y_max: 100 });
  });
});
