/** What the logs compute for display beyond plain numbers (lib/format-number): durations and map positions. */

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
