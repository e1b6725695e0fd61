/** How the heat map writes its numbers: counts, game coordinates, a cell's area, depths and how old the data is. */
import type { CellArea, HeatClass } from './heat-scale';

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A game coordinate: whole units on a large map, one decimal on a small one. */
export function formatCoordinate(value: number, locale: string, digits = 0): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false }).format(value);
}

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

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "2 hours ago", "now": how long ago `iso` was, in the page's language. */
export function formatAgo(iso: string, locale: string, now = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (!Number.isFinite(elapsed)) return '';
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return format.format(0, 'second');
}
