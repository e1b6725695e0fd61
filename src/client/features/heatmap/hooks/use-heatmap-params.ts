import { useCallback, useMemo } from 'react';
import { parseId, parseOneOf, parseStarType, setParam, useSearch } from '../../../lib/search-params';
import { DEFAULT_HEATMAP_RANGE, HEATMAP_MAX_BLOCK, HEATMAP_RANGES, type HeatmapRange } from '#shared/catch-data-rules';
import type { Spot } from '../heat-blocks';

export interface HeatFilters {
  /** Map id; null until chosen (the page then shows the first map). */
  map: number | null;
  /** One fish, null for all fish. */
  fish: number | null;
  range: HeatmapRange;
  /** 0 (unknown) or 446–452; null for every star type. */
  star: number | null;
  /** Unverified catches too (`trust=all`: new loggers in probation, flagged ones); false: trusted ones only. */
  all: boolean;
}

interface HeatParams extends HeatFilters {
  /** The spot whose catches are shown (a cell, or a square of cells), null when none. */
  cell: Spot | null;
}

/**
 * `cell=12-34` → column 12, row 34 (row 0 is the southern edge, as in the API); `cell=8-32-4` → the square of 4 × 4
 * cells from column 8, row 32 (the page merged cells there).
 */
function parseCell(value: string | null): Spot | null {
  const match = /^(\d{1,4})-(\d{1,4})(?:-(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return null;
  const size = match[3] === undefined ? 1 : Number(match[3]);
  if (size < 1 || size > HEATMAP_MAX_BLOCK) return null;
  return { col: Number(match[1]), row: Number(match[2]), size };
}

function cellParam(spot: Spot): string {
  return spot.size > 1 ? `${spot.col}-${spot.row}-${spot.size}` : `${spot.col}-${spot.row}`;
}

/**
 * The view lives in the URL (`/?map=3&fish=42&range=30d&star=448&cell=12-34&trust=all`), so it can be shared and restored,
 * and every change is a history entry: the back button undoes a filter or closes the cell it opened. Defaults (the
 * first map, all fish, 7 days, every star type) are left out. Another map closes the cell, which belongs to a grid
 * of the old map; other filters keep it open and its catches follow them.
 */
export function useHeatmapParams(): [HeatParams, (patch: Partial<HeatParams>) => void] {
  const [searchParams, edit] = useSearch();

  const params = useMemo<HeatParams>(
    () => ({
      map: parseId(searchParams.get('map')),
      fish: parseId(searchParams.get('fish')),
      range: parseOneOf(searchParams.get('range'), HEATMAP_RANGES) ?? DEFAULT_HEATMAP_RANGE,
      star: parseStarType(searchParams.get('star')),
      cell: parseCell(searchParams.get('cell')),
      all: searchParams.get('trust') === 'all',
    }),
    [searchParams],
  );

  const update = useCallback(
    (patch: Partial<HeatParams>) =>
      edit((next) => {
        if ('map' in patch) {
          setParam(next, 'map', patch.map);
          next.delete('cell');
        }
        if ('fish' in patch) setParam(next, 'fish', patch.fish);
        if ('star' in patch) setParam(next, 'star', patch.star);
        if ('range' in patch) setParam(next, 'range', patch.range === DEFAULT_HEATMAP_RANGE ? null : patch.range);
        if ('cell' in patch) setParam(next, 'cell', patch.cell ? cellParam(patch.cell) : null);
        if ('all' in patch) setParam(next, 'trust', patch.all ? 'all' : null);
      }),
    [edit],
  );

  return [params, update];
}
