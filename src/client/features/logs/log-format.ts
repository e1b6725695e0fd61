/**
 * How the logs write numbers. Weights are grams: players think in grams below a kilogram and in kilograms above,
 * with every gram kept (a record is exact). Depths, temperatures and coordinates keep one or two decimals.
 */
export function formatWeight(grams: number, locale: string): string {
  if (Math.abs(grams) < 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(grams)} g`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(grams / 1000)} kg`;
}

export function formatDecimal(value: number, locale: string, digits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

export function formatInteger(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A signed percentage for a change: "+12.5%", "−8%" (a real minus sign), "0%". */
export function formatChange(pct: number, locale: string): string {
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(pct);
  return `${text.replace('-', '−')}%`;
}

/** Seconds as the parts of a duration: `{h, m, s}` with the largest unit that is not 0 first. */
export function durationParts(seconds: number): {
  unit: 'seconds' | 'minutes' | 'hours';
  h: number;
  m: number;
  s: number;
} {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return { unit: h > 0 ? 'hours' : m > 0 ? 'minutes' : 'seconds', h, m, s };
}

/** Where on the map picture a game coordinate lies, as fractions from the left and from the top (y grows north). */
export function mapPosition(
  x: number,
  y: number,
  bounds: { x_min: number; y_min: number; x_max: number; y_max: number },
): { left: number; top: number } {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const width = bounds.x_max - bounds.x_min || 1;
  const height = bounds.y_max - bounds.y_min || 1;
  return { left: clamp((x - bounds.x_min) / width), top: clamp((bounds.y_max - y) / height) };
}
