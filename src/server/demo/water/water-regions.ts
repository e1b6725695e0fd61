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
  const exact = (p: Pt) => ins.some((poly) => contains(poly, p)) && !outs.some((poly) => contains(poly, p));
  return rememberedBySquare(exact, [...inside, ...outside]);
}

/** Side of the squares whose answers `rememberedBySquare` keeps, in pixels. */
const SQUARE = 4;
/** How far beyond an edge's bounding box a square counts as near it: far above the test's rounding (1e-12 px). */
const NEAR = 1e-6;
const NEAR_EDGE = 1;
const INSIDE = 2;
const OUTSIDE = 3;

/**
 * `test` answered once per square of the picture that no edge of `polygons` comes near, and kept: every crossing
 * count, and so the answer, is the same everywhere in such a square, so its centre answers for all of it. Points in
 * squares an edge passes through or near, and outside the polygons' box, are tested as asked. The answers are the
 * exact test's (water-regions.test.ts); the demo catches ask millions of points, most far from any shore, and a test
 * at a shore reads the edges of every polygon at that height (a seed spent a fifth of its time there).
 */
export function rememberedBySquare(test: (p: Pt) => boolean, polygons: readonly (readonly Pt[])[]): (p: Pt) => boolean {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const points of polygons)
    for (const [x, y] of points) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  if (x0 > x1) return test;
  const columns = Math.floor((x1 - x0) / SQUARE) + 1;
  const rows = Math.floor((y1 - y0) / SQUARE) + 1;
  const state = new Uint8Array(columns * rows);
  const columnOf = (x: number) => Math.floor((x - x0) / SQUARE);
  const rowOf = (y: number) => Math.floor((y - y0) / SQUARE);
  /** Marks the squares the box of a piece of an edge reaches, a little beyond. */
  const markNear = (a: Pt, b: Pt) => {
    const c0 = Math.max(0, columnOf(Math.min(a[0], b[0]) - NEAR));
    const c1 = Math.min(columns - 1, columnOf(Math.max(a[0], b[0]) + NEAR));
    const r0 = Math.max(0, rowOf(Math.min(a[1], b[1]) - NEAR));
    const r1 = Math.min(rows - 1, rowOf(Math.max(a[1], b[1]) + NEAR));
    for (let r = r0; r <= r1; r++) state.fill(NEAR_EDGE, r * columns + c0, r * columns + c1 + 1);
  };
  for (const points of polygons)
    points.forEach((q, i) => {
      const prev = points[i === 0 ? points.length - 1 : i - 1]!;
      // In pieces no longer than a square, so that a long slanting edge marks the squares along it, not its box.
      const pieces = Math.max(1, Math.ceil(Math.hypot(q[0] - prev[0], q[1] - prev[1]) / SQUARE));
      const along = (k: number): Pt => [
        prev[0] + ((q[0] - prev[0]) * k) / pieces,
        prev[1] + ((q[1] - prev[1]) * k) / pieces,
      ];
      for (let k = 0; k < pieces; k++) markNear(along(k), k + 1 === pieces ? q : along(k + 1));
    });
  return (p) => {
    const column = columnOf(p[0]);
    const row = rowOf(p[1]);
    if (column < 0 || row < 0 || column >= columns || row >= rows) return test(p);
    const at = row * columns + column;
    if (state[at] === NEAR_EDGE) return test(p);
    if (state[at] === 0) state[at] = test([x0 + (column + 0.5) * SQUARE, y0 + (row + 0.5) * SQUARE]) ? INSIDE : OUTSIDE;
    return state[at] === INSIDE;
  };
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
