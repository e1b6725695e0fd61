import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { STAR_TYPES } from '#shared/game/catch-attributes';
import type { Cell } from '../heat-scale';

/**
 * The heat map's time ranges, ending now (contract §3). Spelled here rather than imported as values from the
 * contract, which would bring zod into the page's download.
 */
export const HEAT_RANGES = ['1d', '3d', '7d', '30d'] as const;
export type HeatRange = (typeof HEAT_RANGES)[number];
export const DEFAULT_HEAT_RANGE: HeatRange = '7d';

export interface HeatFilters {
  /** Map id; null until chosen (the page then shows the first map). */
  map: number | null;
  /** One fish, null for all fish. */
  fish: number | null;
  range: HeatRange;
  /** 0 (unknown) or 446–452; null for every star type. */
  star: number | null;
}

export interface HeatParams extends HeatFilters {
  /** The cell whose catches are shown, null when none. */
  cell: Cell | null;
}

function parseId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

function parseStar(value: string | null): number | null {
  const star = Number(value);
  return value !== null && value !== '' && (STAR_TYPES as readonly number[]).includes(star) ? star : null;
}

/** `cell=12-34` → column 12, row 34 (row 0 is the southern edge, as in the API). */
function parseCell(value: string | null): Cell | null {
  const match = /^(\d{1,4})-(\d{1,4})$/.exec(value ?? '');
  return match ? { col: Number(match[1]), row: Number(match[2]) } : null;
}

export function cellParam(cell: Cell): string {
  return `${cell.col}-${cell.row}`;
}

/**
 * The view lives in the URL (`/?map=3&fish=42&range=30d&star=448&cell=12-34`), so it can be shared and restored,
 * and every change is a history entry: the back button undoes a filter or closes the cell it opened. Defaults (the
 * first map, all fish, 7 days, every star type) are left out. Another map closes the cell, which belongs to a grid
 * of the old map; other filters keep it open and its catches follow them.
 */
export function useHeatmapParams(): [HeatParams, (patch: Partial<HeatParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<HeatParams>(() => {
    const range = searchParams.get('range');
    return {
      map: parseId(searchParams.get('map')),
      fish: parseId(searchParams.get('fish')),
      range: (HEAT_RANGES as readonly string[]).includes(range ?? '') ? (range as HeatRange) : DEFAULT_HEAT_RANGE,
      star: parseStar(searchParams.get('star')),
      cell: parseCell(searchParams.get('cell')),
    };
  }, [searchParams]);

  const update = useCallback(
    (patch: Partial<HeatParams>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | number | null | undefined) =>
            value === null || value === undefined || value === '' ? next.delete(key) : next.set(key, String(value));
          if ('map' in patch) {
            set('map', patch.map);
            next.delete('cell');
          }
          if ('fish' in patch) set('fish', patch.fish);
          if ('star' in patch) set('star', patch.star);
          if ('range' in patch) set('range', patch.range === DEFAULT_HEAT_RANGE ? null : patch.range);
          if ('cell' in patch) set('cell', patch.cell ? cellParam(patch.cell) : null);
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [params, update];
}
