/**
 * How the site writes numbers, in the page's language: counts, decimals, game coordinates, weights, shares and
 * changes. Every feature formats through these, so the same quantity reads the same on every page.
 */

// Building an Intl.NumberFormat costs far more than using one, and a page of cards formats hundreds of numbers.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** A whole count with the language's grouping: "1,234". */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A measured value (a depth, a temperature) with at most `digits` decimals, trailing zeros dropped. */
export function formatDecimal(value: number, locale: string, digits = 1): string {
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A game coordinate with at most `digits` decimals and no grouping: it is a position, not an amount ("1234.5"). */
export function formatCoordinate(value: number, locale: string, digits = 0): string {
  return numberFormat(locale, { maximumFractionDigits: digits, useGrouping: false }).format(value);
}

/**
 * A point in game coordinates, written the same way wherever one is shown (the heat map's readout, a catch's
 * detail): "x 1234.5 · y 67". The letters are the game's axis names, the same in every language.
 */
export function formatPoint(x: number, y: number, locale: string, digits = 0): string {
  return `x ${formatCoordinate(x, locale, digits)} · y ${formatCoordinate(y, locale, digits)}`;
}

/** An area in game coordinates, as `formatPoint` writes a point: "x 120–128 · y 300–308"; an open side reads "…". */
export function formatArea(
  area: { x_min: number | null; x_max: number | null; y_min: number | null; y_max: number | null },
  locale: string,
  digits = 0,
): string {
  const f = (value: number | null) => (value === null ? '…' : formatCoordinate(value, locale, digits));
  return `x ${f(area.x_min)}–${f(area.x_max)} · y ${f(area.y_min)}–${f(area.y_max)}`;
}

/**
 * Weights are stored in grams. Below a kilogram players think in grams; above it in kilograms, and a trophy
 * threshold or a record must stay exact, so kilograms keep up to three decimals (every gram), trailing zeros dropped.
 */
export function formatWeight(grams: number, locale: string): string {
  if (Math.abs(grams) < 1000) return `${formatCount(grams, locale)} g`;
  return `${formatDecimal(grams / 1000, locale, 3)} kg`;
}

/** "850 g – 12.5 kg": a range keeps each end in its own unit rather than forcing both into one. */
export function formatWeightRange(minGrams: number, maxGrams: number, locale: string): string {
  return `${formatWeight(minGrams, locale)} – ${formatWeight(maxGrams, locale)}`;
}

export { shareDigits } from '#shared/catch-data-rules';

/**
 * A share (0–1) as a percentage with exactly `digits` decimals ("33.3%"); `shareDigits(sample)` for a share of a
 * count. A share that is not 0 never reads as 0:
 * one too small to show reads as under the smallest step ("<0.1%").
 */
export function formatShare(share: number, locale: string, digits = 1): string {
  const format = numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const step = 10 ** -(digits + 2);
  if (share > 0 && share < step / 2) return `<${format.format(step)}`;
  return format.format(share);
}

/**
 * A share's 95 % interval (decision 0034) with the share's own decimals: "35–49%". The lower end may read 0: an
 * interval's end is an estimate's bound, not a count, so the "<1%" of `formatShare` would only clutter it.
 */
export function formatShareRange(lower: number, upper: number, locale: string, digits = 1): string {
  const fixed = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const low = numberFormat(locale, fixed).format(lower * 100);
  const high = numberFormat(locale, { style: 'percent', ...fixed }).format(upper);
  // The percent sign stands once, where the language writes it beside the upper end: "35–49%".
  return high.replace(/\d[\d.,]*/, (number) => `${low}–${number}`);
}

/** A change in percent (already ×100) with its sign: "+12.5%", "−8%" (a real minus sign), "0%". */
export function formatChange(pct: number, locale: string): string {
  const text = numberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(pct);
  return `${text.replace('-', '−')}%`;
}
