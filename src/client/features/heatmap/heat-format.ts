/** How the heat map writes a cell's area and its legend; numbers themselves go through lib/format-number. */
import { formatCount } from '../../lib/format-number';
import type { CellArea, HeatClass } from './heat-scale';

/** Decimals that keep a cell's edges apart: none for cells of 2 units or more, else enough for the cell's size. */
export function areaDigits(area: CellArea): number {
  const size = Math.min(area.x_max - area.x_min, area.y_max - area.y_min);
  if (!(size > 0) || size >= 2) return 0;
  // A step of at least half a unit of the last digit keeps neighbouring edges from reading the same.
  return Math.min(3, Math.max(1, Math.ceil(-Math.log10(size / 2))));
}

/** A legend class as text: "3–5", or "7" when it holds one count. */
export function classLabel(heatClass: Pick<HeatClass, 'min' | 'max'>, locale: string): string {
  const min = formatCount(heatClass.min, locale);
  return heatClass.min === heatClass.max ? min : `${min}–${formatCount(heatClass.max, locale)}`;
}
