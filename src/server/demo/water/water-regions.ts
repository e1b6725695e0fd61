import type { Pt } from './geometry';
import type { WaterShapes } from './water-layout';

/**
 * A polygon ready for many point tests: its bounding box, and its edges sorted into horizontal bands so a test reads
 * only the few edges at the point's height instead of all of them (shores have hundreds of vertices, and catch
 * placement tests every simulated catch). Same crossing rule and arithmetic as pointInPolygon, so the same answers.
 */
interface IndexedPolygon {
  x0: number;
  x1: number;
  y0: number;
  bandHeight: number;
  /** For each band, the indices i of the edges (i - 1 → i) that reach into it. */
  bands: number[][];
  points: readonly Pt[];
}

function indexPolygon(points: readonly Pt[]): IndexedPolygon {
  const xs = points.map((q) => q[0]);
  const ys = points.map((q) => q[1]);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const count = Math.max(1, Math.ceil(points.length / 4));
  const bandHeight = (y1 - y0) / count || 1;
  const bands: number[][] = Array.from({ length: count }, () => []);
  const bandOf = (y: number): number => Math.min(count - 1, Math.max(0, Math.floor((y - y0) / bandHeight)));
  points.forEach((q, i) => {
    const prev = points[i === 0 ? points.length - 1 : i - 1] as Pt;
    const from = bandOf(Math.min(q[1], prev[1]));
    const to = bandOf(Math.max(q[1], prev[1]));
    for (let b = from; b <= to; b++) bands[b]?.push(i);
  });
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0, bandHeight, bands, points };
}

function contains(poly: IndexedPolygon, p: Pt): boolean {
  if (p[0] < poly.x0 || p[0] > poly.x1 || p[1] < poly.y0) return false;
  const band = poly.bands[Math.floor((p[1] - poly.y0) / poly.bandHeight)];
  if (!band) return false;
  const { points } = poly;
  let inside = false;
  for (const i of band) {
    const [xi, yi] = points[i] as Pt;
    const [xj, yj] = points[i === 0 ? points.length - 1 : i - 1] as Pt;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** "Is p inside one of `inside` and outside all of `outside`?" */
function regionTest(inside: readonly (readonly Pt[])[], outside: readonly (readonly Pt[])[]): (p: Pt) => boolean {
  const ins = inside.map(indexPolygon);
  const outs = outside.map(indexPolygon);
  return (p) => ins.some((poly) => contains(poly, p)) && !outs.some((poly) => contains(poly, p));
}

/**
 * The painter's question: is this pixel within the water's outline (inside a body and not on an island; shoals
 * count as water), or, with a margin, within that many pixels of it? Land cover keeps off such pixels.
 */
export function wetTest(water: WaterShapes): (p: Pt, margin?: number) => boolean {
  const at = regionTest(
    water.bodies.map((b) => b.points),
    water.islands.map((i) => i.points),
  );
  return (p, margin = 0) => {
    if (at(p)) return true;
    if (margin === 0) return false;
    return (
      at([p[0] + margin, p[1]]) || at([p[0] - margin, p[1]]) || at([p[0], p[1] + margin]) || at([p[0], p[1] - margin])
    );
  };
}

/** Open water, where a fish can be caught: inside a body, off islands, sand bars and skerries. */
export function openWaterTest(water: WaterShapes): (p: Pt) => boolean {
  return regionTest(
    water.bodies.map((b) => b.points),
    [...water.islands.map((i) => i.points), ...water.sandbars.map((s) => s.points), ...water.rocks],
  );
}
