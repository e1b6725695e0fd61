/** The 8 compass points of the catch detail view (docs/product-requirements.md §2), clockwise from north. */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** Degrees into [0, 360): -10 → 350, 360 → 0, 725 → 5. */
export function normaliseAngle(angle: number): number {
  const wrapped = angle % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped + 0; // `+ 0` turns -0 into 0
}

/**
 * The compass point an angle (degrees clockwise from north) points to. Each point covers 45°, centred on it, lower
 * bound included: N is [337.5, 22.5), NE is [22.5, 67.5), … NW is [292.5, 337.5).
 */
export function compassPoint(angle: number): CompassPoint {
  const index = Math.floor(((normaliseAngle(angle) + 22.5) % 360) / 45);
  return COMPASS_POINTS[index] ?? 'N';
}
