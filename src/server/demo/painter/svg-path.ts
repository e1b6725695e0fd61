/** SVG path text for the shapes of water/geometry.ts. */
import type { Pt } from '../water/geometry';

/** One decimal is plenty for a picture and keeps the SVG text small. */
export function n1(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

function pt(p: Pt): string {
  return `${n1(p[0])} ${n1(p[1])}`;
}

/**
 * A closed Catmull–Rom spline through the points, as cubic Béziers: hand-drawn looking shores from a coarse polygon.
 */
export function smoothClosed(points: readonly Pt[]): string {
  const n = points.length;
  if (n < 3) return '';
  const at = (i: number): Pt => points[((i % n) + n) % n] as Pt;
  let d = `M${pt(at(0))}`;
  for (let i = 0; i < n; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return `${d}Z`;
}

/** An open Catmull–Rom spline (roads, paths, contour lines). */
export function smoothOpen(points: readonly Pt[]): string {
  const n = points.length;
  if (n < 2) return '';
  const at = (i: number): Pt => points[Math.max(0, Math.min(n - 1, i))] as Pt;
  let d = `M${pt(at(0))}`;
  for (let i = 0; i < n - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return d;
}

/** A straight-edged closed polygon (canal banks, quays). */
export function polygonPath(points: readonly Pt[]): string {
  return points.length < 3 ? '' : `M${points.map(pt).join('L')}Z`;
}
