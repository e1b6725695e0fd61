/** A tiny catalogue and heat map answers, served at the HTTP boundary for the heat map's component tests. */
import type { HeatCellResponse, HeatmapResponse } from '#shared/contracts/catches';

export { BAITS, CATEGORY_LIST, FISH, MAPS, STAR_TYPES } from '../../test/catalogue-fixtures';

/** A heat map of Amber Lake (1000 × 500 in 100 × 50 cells of 10 × 10). */
export function heatmapOf(cells: [number, number, number][], fields: Partial<HeatmapResponse> = {}): HeatmapResponse {
  return {
    map_id: 1,
    cols: 100,
    rows: 50,
    cell_w: 10,
    cell_h: 10,
    bounds: { x_min: 0, y_min: 0, x_max: 1000, y_max: 500 },
    cells,
    max: cells.reduce((max, cell) => Math.max(max, cell[2]), 0),
    total: cells.reduce((sum, cell) => sum + cell[2], 0),
    updated_at: cells.length > 0 ? '2026-11-20T08:15:00Z' : null,
    ...fields,
  };
}

export function cellOf(fields: Partial<HeatCellResponse> = {}): HeatCellResponse {
  return {
    map_id: 1,
    col: 25,
    row: 12,
    x_min: 250,
    x_max: 260,
    y_min: 120,
    y_max: 130,
    from: '2026-11-13T08:15:00Z',
    to: '2026-11-20T08:15:00Z',
    total: 41,
    fishes: [
      { fish_id: 10, count: 30 },
      { fish_id: 11, count: 11 },
    ],
    baits: [
      { bait_id: 100, count: 25 },
      { bait_id: 101, count: 16 },
    ],
    depth: { min: 2.5, max: 7.25 },
    ...fields,
  };
}
