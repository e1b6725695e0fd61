/**
 * Plane geometry of the demo maps, in picture pixels: the shapes of the water (water-kinds-*.ts) and the lines the
 * painter draws along them. Pure maths, no drawing: catch placement uses it without loading the painter.
 */
import type { Rng } from '../prng';

/** A point in picture pixels (x right, y down). */
export type Pt = [number, number];

export interface BlobOptions {
  points?: number;
  /** 0 = ellipse; 0.3 = very ragged. */
  roughness?: number;
  harmonics?: number;
  /** Radians; turns the blob's axes. */
  rotation?: number;
}

/**
 * A natural closed shape around a centre: an ellipse whose radius is modulated by a few random harmonics. It is
 * star-shaped around its centre, so scaling it about the centre always stays inside it (used for depth zones).
 */
export function blob(rng: Rng, cx: number, cy: number, rx: number, ry: number, options: BlobOptions = {}): Pt[] {
  const count = options.points ?? 64;
  const roughness = options.roughness ?? 0.18;
  const harmonics = options.harmonics ?? 6;
  const rotation = options.rotation ?? 0;
  const waves = Array.from({ length: harmonics - 1 }, (_, i) => ({
    k: i + 2,
    amp: (rng.range(0.4, 1) * roughness) / Math.sqrt(i + 1),
    phase: rng.range(0, Math.PI * 2),
  }));
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  return Array.from({ length: count }, (_, i) => {
    const a = (i / count) * Math.PI * 2;
    let r = 1;
    for (const w of waves) r += w.amp * Math.sin(w.k * a + w.phase);
    r = Math.max(0.35, r);
    const x = Math.cos(a) * rx * r;
    const y = Math.sin(a) * ry * r;
    return [cx + x * cos - y * sin, cy + x * sin + y * cos] as Pt;
  });
}

export function scaleAbout(points: readonly Pt[], cx: number, cy: number, f: number): Pt[] {
  return points.map(([x, y]) => [cx + (x - cx) * f, cy + (y - cy) * f] as Pt);
}

export interface MeanderOptions {
  /** Largest sideways swing in pixels. */
  amplitude: number;
  /** Rough number of bends between the ends. */
  waves: number;
  steps?: number;
}

/**
 * A winding line between two points: the straight line plus three sine swings with random phases, damped to zero at
 * both ends so the line still starts and finishes where asked.
 */
export function meander(rng: Rng, from: Pt, to: Pt, options: MeanderOptions): Pt[] {
  const steps = options.steps ?? 80;
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  const swings = [1, 1.9, 3.7].map((mul, i) => ({
    freq: options.waves * mul * rng.range(0.8, 1.2),
    amp: options.amplitude / (i * 1.8 + 1),
    phase: rng.range(0, Math.PI * 2),
  }));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const damp = Math.min(1, Math.sin(Math.PI * t) * 3);
    let off = 0;
    for (const s of swings) off += s.amp * Math.sin(Math.PI * s.freq * t + s.phase);
    off *= damp;
    return [from[0] + dx * t + nx * off, from[1] + dy * t + ny * off] as Pt;
  });
}

/** Unit normal (to the left of the direction of travel) at each point of a line. */
export function normals(line: readonly Pt[]): Pt[] {
  return line.map((_, i) => {
    const a = line[Math.max(0, i - 1)] as Pt;
    const b = line[Math.min(line.length - 1, i + 1)] as Pt;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [-dy / len, dx / len] as Pt;
  });
}

/** A line moved sideways by a distance (valley contours beside a stream, tree rows beside a canal). */
export function offsetLine(line: readonly Pt[], distance: (t: number) => number): Pt[] {
  const ns = normals(line);
  return line.map((p, i) => {
    const d = distance(i / Math.max(1, line.length - 1));
    const nrm = ns[i] as Pt;
    return [p[0] + nrm[0] * d, p[1] + nrm[1] * d] as Pt;
  });
}

/**
 * The closed outline of a band of varying half-width around a centre line (rivers, fjords, reservoir arms). With
 * `caps`, both ends are rounded: for zones that end inside other water, where a square end would show.
 */
export function ribbon(line: readonly Pt[], halfWidth: (t: number) => number, caps = false): Pt[] {
  const left = offsetLine(line, halfWidth);
  const right = offsetLine(line, (t) => -halfWidth(t));
  if (!caps || line.length < 2) return [...left, ...right.reverse()];
  const ns = normals(line);
  const cap = (i: number, from: number, hw: number): Pt[] => {
    const p = line[i] as Pt;
    const nrm = ns[i] as Pt;
    const dir: Pt = [nrm[1], -nrm[0]];
    return Array.from({ length: 7 }, (_, k) => {
      const a = from + ((k + 1) * Math.PI) / 8;
      return [
        p[0] + hw * (Math.cos(a) * nrm[0] + Math.sin(a) * dir[0]),
        p[1] + hw * (Math.cos(a) * nrm[1] + Math.sin(a) * dir[1]),
      ] as Pt;
    });
  };
  const last = line.length - 1;
  return [...left, ...cap(last, 0, halfWidth(1)), ...right.reverse(), ...cap(0, Math.PI, halfWidth(0))];
}

/** Polyline with rounded corners, densified so ribbon() gives even banks (canals). */
export function roundedPolyline(corners: readonly Pt[], radius: number, spacing = 12): Pt[] {
  const out: Pt[] = [];
  const pushSegment = (a: Pt, b: Pt): void => {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const steps = Math.max(1, Math.ceil(len / spacing));
    for (let s = 0; s < steps; s++) out.push([a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps]);
  };
  let start = corners[0] as Pt;
  for (let i = 1; i < corners.length - 1; i++) {
    const prev = corners[i - 1] as Pt;
    const c = corners[i] as Pt;
    const next = corners[i + 1] as Pt;
    const d1 = Math.hypot(c[0] - prev[0], c[1] - prev[1]) || 1;
    const d2 = Math.hypot(next[0] - c[0], next[1] - c[1]) || 1;
    const r = Math.min(radius, d1 / 2, d2 / 2);
    const a: Pt = [c[0] - ((c[0] - prev[0]) / d1) * r, c[1] - ((c[1] - prev[1]) / d1) * r];
    const b: Pt = [c[0] + ((next[0] - c[0]) / d2) * r, c[1] + ((next[1] - c[1]) / d2) * r];
    pushSegment(start, a);
    // Quadratic Bézier through the corner approximates the arc well enough at this size.
    for (let s = 0; s < 8; s++) {
      const t = s / 8;
      const u = 1 - t;
      out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
    }
    start = b;
  }
  pushSegment(start, corners[corners.length - 1] as Pt);
  out.push(corners[corners.length - 1] as Pt);
  return out;
}

export function pointInPolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] as Pt;
    const [xj, yj] = poly[j] as Pt;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function centroid(points: readonly Pt[]): Pt {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

export function distance(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The curve y = f(x) across the picture, closed along the bottom (or top): a sea below (or above) a coastline. */
export function regionBelow(curve: readonly Pt[], bottom: number): Pt[] {
  const first = curve[0] as Pt;
  const last = curve[curve.length - 1] as Pt;
  return [...curve, [last[0], bottom], [first[0], bottom]];
}

/** A wavy coastline y = base(x) + noise, sampled every `step` pixels from beyond the left edge to beyond the right. */
export function coastline(rng: Rng, width: number, base: (x: number) => number, roughness: number, step = 16): Pt[] {
  const swings = [1, 2.3, 5.1, 11.3].map((mul, i) => ({
    freq: (mul * rng.range(0.8, 1.25) * Math.PI * 2) / width,
    amp: roughness / (i + 1),
    phase: rng.range(0, Math.PI * 2),
  }));
  const out: Pt[] = [];
  for (let x = -60; x <= width + 60; x += step) {
    let y = base(x);
    for (const s of swings) y += s.amp * Math.sin(s.freq * x + s.phase);
    out.push([x, y]);
  }
  return out;
}

/** Swaps x and y of every point: lets a west–east coastline builder draw a north–south coast. */
export function transpose(points: readonly Pt[]): Pt[] {
  return points.map(([x, y]) => [y, x] as Pt);
}

/** Unit normal at vertex i of a closed shape, pointing into the shape (reeds grow on the water side of a shore). */
export function inwardNormal(points: readonly Pt[], i: number): Pt {
  const n = points.length;
  const a = points[(i - 1 + n) % n] as Pt;
  const b = points[(i + 1) % n] as Pt;
  const p = points[i] as Pt;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const nrm: Pt = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
  return pointInPolygon([p[0] + nrm[0] * 5, p[1] + nrm[1] * 5], points) ? nrm : [-nrm[0], -nrm[1]];
}

/** y of a west–east line at x, by linear interpolation between its samples. */
export function yAt(line: readonly Pt[], x: number): number {
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as Pt;
    const b = line[i] as Pt;
    if (x <= b[0]) return a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0] || 1);
  }
  return (line[line.length - 1] as Pt)[1];
}

/** Signed turn at each point of a line: positive when it bends towards its left normal (see normals()). */
export function curvatures(line: readonly Pt[]): number[] {
  return line.map((p, i) => {
    const a = line[Math.max(0, i - 1)] as Pt;
    const b = line[Math.min(line.length - 1, i + 1)] as Pt;
    return (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]);
  });
}
