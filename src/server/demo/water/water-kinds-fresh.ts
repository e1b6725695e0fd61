/**
 * The water of the freshwater kinds. Each builder returns the shapes and the lines the painter dresses them along
 * (shores for piers, the river for its bridge). The order of random draws is part of the pictures: draw nothing new
 * here, or every map after it changes.
 */
import type { Rng } from '../prng';
import type { DemoMap } from '../world/maps';
import { blob, curvatures, distance, meander, normals, ribbon, roundedPolyline, scaleAbout, type Pt } from './geometry';
import { noWater, scaleOf, towardsEdge, type Shape, type WaterShapes } from './water-layout';

/** A small stream from the picture edge into a body at its vertex i. */
function stream(rng: Rng, map: DemoMap, c: Pt, shape: Pt[], i: number, halfWidth: number): Shape {
  const p = shape[i] as Pt;
  const into: Pt = [p[0] + (c[0] - p[0]) * 0.08, p[1] + (c[1] - p[1]) * 0.08];
  const line = meander(rng, towardsEdge(map, c, p), into, { amplitude: 45, waves: 2.2, steps: 50 });
  return { points: ribbon(line, (t) => halfWidth * (0.8 + 0.4 * t)) };
}

function islandsIn(rng: Rng, shape: Pt[], c: Pt, count: number, size: number): Shape[] {
  const islands: Shape[] = [];
  const centres: { p: Pt; r: number }[] = [];
  for (let tries = 0; tries < count * 8 && islands.length < count; tries++) {
    const v = rng.pick(shape);
    const t = rng.range(0.25, 0.62);
    const p: Pt = [c[0] + (v[0] - c[0]) * t, c[1] + (v[1] - c[1]) * t];
    const r = size * rng.range(0.55, 1.3);
    if (centres.some((o) => distance(o.p, p) < o.r + r + 40)) continue;
    centres.push({ p, r });
    islands.push({
      points: blob(rng, p[0], p[1], r * rng.range(1, 1.7), r, { roughness: 0.25, rotation: rng.range(0, 3) }),
    });
  }
  return islands;
}

export interface LakeWater extends WaterShapes {
  centre: Pt;
  lake: Shape;
}

export function lakeWater(map: DemoMap, rng: Rng): LakeWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const cold = map.climate === 'cold';
  const c: Pt = [w * rng.range(0.46, 0.54), h * rng.range(0.46, 0.54)];
  const shape = blob(rng, c[0], c[1], w * (cold ? 0.33 : 0.31), h * (cold ? 0.27 : 0.3), {
    roughness: cold ? 0.27 : 0.2,
    harmonics: 8,
    points: 84,
    rotation: cold ? rng.range(-0.25, 0.25) : 0,
  });
  const lake: Shape = { points: shape };
  const inlet = rng.int(0, shape.length - 1);
  const outlet = (inlet + Math.floor(shape.length * rng.range(0.35, 0.6))) % shape.length;
  water.bodies.push(lake, stream(rng, map, c, shape, inlet, 8 * s), stream(rng, map, c, shape, outlet, 6 * s));
  const off = (f: number): Pt => [c[0] + rng.range(-0.04, 0.04) * w * f, c[1] + rng.range(-0.04, 0.04) * h * f];
  water.depths = [0.74, 0.5, 0.28].map((f, k) => {
    const o = off(k + 1);
    return [{ points: scaleAbout(shape, o[0], o[1], f) }];
  });
  water.islands = islandsIn(rng, shape, c, rng.int(2, 4) + (cold ? 1 : 0), 34 * s);
  return { ...water, centre: c, lake };
}

export interface PondWater extends WaterShapes {
  pond: Shape;
  /** The mill stream, from the pond's east end out of the picture. */
  millLine: Pt[];
}

export function pondWater(map: DemoMap, rng: Rng): PondWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const c: Pt = [w * 0.44, h * 0.5];
  const shape = blob(rng, c[0], c[1], w * 0.27, h * 0.31, { roughness: 0.17, harmonics: 6, points: 72 });
  const pond: Shape = { points: shape };
  // The mill stream leaves at the pond's east end.
  const east = shape.reduce((best, p, i) => (p[0] > (shape[best] as Pt)[0] ? i : best), 0);
  const north = shape.reduce((best, p, i) => (p[1] < (shape[best] as Pt)[1] ? i : best), 0);
  const millStart = shape[east] as Pt;
  const millLine = meander(rng, [millStart[0] - 10, millStart[1]], [w + 60, h * rng.range(0.55, 0.75)], {
    amplitude: 40,
    waves: 1.6,
    steps: 50,
  });
  water.bodies.push(pond, stream(rng, map, c, shape, north, 7 * s), { points: ribbon(millLine, () => 7 * s) });
  water.depths = [
    [{ points: scaleAbout(shape, c[0], c[1], 0.66) }],
    [{ points: scaleAbout(shape, c[0] + 12, c[1], 0.36) }],
  ];
  water.islands = islandsIn(rng, shape, c, 1, 26 * s);
  return { ...water, pond, millLine };
}

export interface MarshWater extends WaterShapes {
  /** Outline of the central pool. */
  main: Pt[];
}

export function marshWater(map: DemoMap, rng: Rng): MarshWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const c: Pt = [w * 0.5, h * 0.5];
  const main = blob(rng, c[0], c[1], w * 0.24, h * 0.21, { roughness: 0.24, harmonics: 8, points: 80 });
  water.bodies.push({ points: main });
  water.depths = [[{ points: scaleAbout(main, c[0], c[1], 0.6) }], [{ points: scaleAbout(main, c[0], c[1], 0.3) }]];
  const count = rng.int(6, 8);
  for (let k = 0; k < count; k++) {
    const a = (k / count) * Math.PI * 2 + rng.range(-0.3, 0.3);
    const d = rng.range(0.3, 0.4) * Math.min(w, h);
    const p: Pt = [c[0] + Math.cos(a) * d, c[1] + Math.sin(a) * d];
    const r = rng.range(45, 95) * s;
    const pool = blob(rng, p[0], p[1], r * rng.range(1, 1.5), r, { roughness: 0.22, rotation: a, points: 40 });
    water.bodies.push({ points: pool });
    water.depths[0]?.push({ points: scaleAbout(pool, p[0], p[1], 0.5) });
    if (rng.chance(0.7)) {
      const line = meander(rng, c, p, { amplitude: 25, waves: 1.5, steps: 30 });
      water.bodies.push({ points: ribbon(line, () => 9 * s) });
    }
  }
  water.islands = islandsIn(rng, main, c, 4, 22 * s);
  return { ...water, main };
}

export interface RiverWater extends WaterShapes {
  /** The main river's centre line and its normals. */
  main: Pt[];
  normals: Pt[];
  /** Half-width of the main river. */
  base: number;
}

export function riverWater(map: DemoMap, rng: Rng): RiverWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const cold = map.climate === 'cold';
  const base = (cold ? 50 : 36) * s;
  // Cold river runs north–south, the temperate one west–east: two river maps that do not look alike.
  const [from, to]: [Pt, Pt] = cold
    ? [
        [w * rng.range(0.35, 0.65), -80],
        [w * rng.range(0.35, 0.65), h + 80],
      ]
    : [
        [-80, h * rng.range(0.35, 0.65)],
        [w + 80, h * rng.range(0.35, 0.65)],
      ];
  const span = cold ? w : h;
  const main = meander(rng, from, to, { amplitude: span * 0.17, waves: 2.3, steps: 140 });
  const hw = (t: number): number => base * (1 + 0.12 * Math.sin(t * 17));
  water.bodies.push({ points: ribbon(main, hw) });
  water.depths = [[{ points: ribbon(main, (t) => hw(t) * 0.62) }], [{ points: ribbon(main, (t) => hw(t) * 0.3) }]];
  const nrms = normals(main);
  const at = (t: number): { p: Pt; n: Pt; i: number } => {
    const i = Math.round(t * (main.length - 1));
    return { p: main[i] as Pt, n: nrms[i] as Pt, i };
  };

  // A tributary joining from one side.
  const trib = at(rng.range(0.3, 0.45));
  const tribFrom: Pt = [trib.p[0] + trib.n[0] * 1500, trib.p[1] + trib.n[1] * 1500];
  const tribLine = meander(rng, tribFrom, trib.p, { amplitude: 60, waves: 2, steps: 80 });
  water.bodies.push({ points: ribbon(tribLine, () => base * 0.36) });
  water.depths[0]?.push({ points: ribbon(tribLine, () => base * 0.18) });

  // An oxbow lake on the other side: a cut-off bend.
  const ox = at(rng.range(0.6, 0.75));
  const oc: Pt = [ox.p[0] - ox.n[0] * (base + 150 * s), ox.p[1] - ox.n[1] * (base + 150 * s)];
  const a0 = Math.atan2(-ox.n[1], -ox.n[0]);
  const arc = Array.from({ length: 24 }, (_, k) => {
    const a = a0 - 1.5 + (3 * k) / 23;
    return [oc[0] + Math.cos(a) * 70 * s, oc[1] + Math.sin(a) * 70 * s] as Pt;
  });
  water.bodies.push({ points: ribbon(arc, (t) => 13 * s * Math.sin(Math.PI * (0.1 + 0.8 * t))) });

  // Islands in mid-stream and sand bars on the inside of the sharpest bends.
  for (const t of [0.2, 0.55, 0.85].slice(0, cold ? 3 : 2)) {
    const { p, i } = at(t + rng.range(-0.04, 0.04));
    const next = main[i + 1] as Pt;
    const rot = Math.atan2(next[1] - p[1], next[0] - p[0]);
    water.islands.push({ points: blob(rng, p[0], p[1], base * 1.9, base * 0.42, { rotation: rot, roughness: 0.12 }) });
  }
  const curv = curvatures(main);
  const bends = curv
    .map((k, i) => ({ k, i }))
    .filter(({ i }) => i > 8 && i < main.length - 8)
    .sort((a, b) => Math.abs(b.k) - Math.abs(a.k));
  const used: number[] = [];
  for (const { k, i } of bends) {
    if (used.length >= 5) break;
    if (used.some((u) => Math.abs(u - i) < 12)) continue;
    used.push(i);
    const n = nrms[i] as Pt;
    const side = Math.sign(k);
    const p = main[i] as Pt;
    const q: Pt = [p[0] + n[0] * side * base * 0.72, p[1] + n[1] * side * base * 0.72];
    const next = main[i + 1] as Pt;
    const rot = Math.atan2(next[1] - p[1], next[0] - p[0]);
    water.sandbars.push({ points: blob(rng, q[0], q[1], base * 1.05, base * 0.22, { rotation: rot, roughness: 0.1 }) });
  }
  return { ...water, main, normals: nrms, base };
}

export interface StreamWater extends WaterShapes {
  /** The stream's centre line and its half-width along it (t from 0 to 1). */
  main: Pt[];
  halfWidth: (t: number) => number;
}

export function streamWater(map: DemoMap, rng: Rng): StreamWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const main = meander(rng, [w * rng.range(0.4, 0.6), -80], [w * rng.range(0.4, 0.6), h + 80], {
    amplitude: w * 0.12,
    waves: 3,
    steps: 150,
  });
  const hw = (t: number): number => 15 * s * (1 + 0.3 * Math.sin(t * 23) + 0.25 * t);
  water.bodies.push({ points: ribbon(main, hw) });
  water.depths = [[{ points: ribbon(main, (t) => hw(t) * 0.42) }]];
  for (const t of [0.22, 0.5, 0.78]) {
    const i = Math.round((t + rng.range(-0.05, 0.05)) * (main.length - 1));
    const p = main[i] as Pt;
    const r = rng.range(38, 58) * s;
    const pool = blob(rng, p[0], p[1], r * 1.2, r, { roughness: 0.2, points: 40, rotation: rng.range(0, 3) });
    water.bodies.push({ points: pool });
    water.depths[0]?.push({ points: scaleAbout(pool, p[0], p[1], 0.55) });
    (water.depths[1] ??= []).push({ points: scaleAbout(pool, p[0], p[1], 0.25) });
  }
  return { ...water, main, halfWidth: hw };
}

export interface ReservoirWater extends WaterShapes {
  /** Outline of the central basin. */
  main: Pt[];
  /** Where the dam stands, the direction it faces (away from the lake) and the half-width of the water there. */
  dam: { at: Pt; dir: Pt; halfWidth: number };
}

export function reservoirWater(map: DemoMap, rng: Rng): ReservoirWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const warm = map.climate === 'warm';
  // The dam closes the valley towards one edge; the flooded side valleys point elsewhere.
  const damDir: Pt = warm ? [1, 0] : [0, 1];
  const c: Pt = [w * 0.5 - damDir[0] * w * 0.1, h * 0.46 - damDir[1] * h * 0.08];
  const main = blob(rng, c[0], c[1], w * 0.22, h * 0.19, { roughness: 0.28, harmonics: 8, points: 80 });
  water.bodies.push({ points: main });
  water.depths = [
    [{ points: scaleAbout(main, c[0], c[1], 0.7) }],
    [{ points: scaleAbout(main, c[0], c[1], 0.45) }],
    [{ points: scaleAbout(main, c[0], c[1], 0.22) }],
  ];
  const damAngle = Math.atan2(damDir[1], damDir[0]);
  const arms = rng.int(4, 5);
  for (let k = 0; k < arms; k++) {
    const a = damAngle + 0.9 + ((2 * Math.PI - 1.8) * (k + rng.range(0.15, 0.85))) / arms;
    const len = rng.range(0.36, 0.52) * Math.min(w, h);
    const end: Pt = [c[0] + Math.cos(a) * len, c[1] + Math.sin(a) * len];
    const line = meander(rng, c, end, { amplitude: 45 * s, waves: 1.6, steps: 50 });
    const arm = (t: number): number => s * (58 * (1 - t) + 9);
    water.bodies.push({ points: ribbon(line, arm) });
    water.depths[0]?.push({ points: ribbon(line.slice(0, 35), (t) => arm(t * 0.7) * 0.5, true) });
    if (rng.chance(0.6)) {
      const j = Math.round(line.length * rng.range(0.45, 0.65));
      const from = line[j] as Pt;
      const b = a + (rng.chance(0.5) ? 0.9 : -0.9);
      const branch = meander(rng, from, [from[0] + Math.cos(b) * len * 0.4, from[1] + Math.sin(b) * len * 0.4], {
        amplitude: 20 * s,
        waves: 1.3,
        steps: 24,
      });
      water.bodies.push({ points: ribbon(branch, (t) => s * (26 * (1 - t) + 6)) });
    }
  }
  // The deep arm to the dam and the river below it.
  const toEdge = damDir[0] !== 0 ? w - c[0] : h - c[1];
  const D: Pt = [c[0] + damDir[0] * (toEdge - 150 * s), c[1] + damDir[1] * (toEdge - 150 * s)];
  const damArm = meander(rng, c, D, { amplitude: 12, waves: 1, steps: 30 });
  const damHw = (t: number): number => s * (70 - 8 * t);
  water.bodies.push({ points: ribbon(damArm, damHw) });
  water.depths[0]?.push({ points: ribbon(damArm, (t) => damHw(t) * 0.72) });
  water.depths[1]?.push({ points: ribbon(damArm, (t) => damHw(t) * 0.46) });
  water.depths[2]?.push({ points: ribbon(damArm.slice(8, -2), (t) => damHw(t) * 0.22, true) });
  const below = meander(
    rng,
    [D[0] + damDir[0] * 10, D[1] + damDir[1] * 10],
    [D[0] + damDir[0] * 400, D[1] + damDir[1] * 400],
    {
      amplitude: 30,
      waves: 1.5,
      steps: 30,
    },
  );
  water.bodies.push({ points: ribbon(below, () => 10 * s) });
  return { ...water, main, dam: { at: D, dir: damDir, halfWidth: damHw(1) } };
}

export interface CanalWater extends WaterShapes {
  /** The main canal's centre line, the side cut's, and their half-width. */
  line: Pt[];
  side: Pt[];
  halfWidth: number;
  /** The corners of the main line: west reach at y0, middle reach at y1 from x1 on; the marina at basinX. */
  y0: number;
  y1: number;
  x1: number;
  basinX: number;
}

export function canalWater(map: DemoMap, rng: Rng): CanalWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const hw = 22 * s;
  const y0 = h * rng.range(0.6, 0.7);
  const y1 = h * rng.range(0.3, 0.38);
  const x1 = w * rng.range(0.24, 0.3);
  const x2 = w * rng.range(0.6, 0.66);
  const y2 = h * rng.range(0.56, 0.64);
  const line = roundedPolyline(
    [
      [-60, y0],
      [x1, y0],
      [x1, y1],
      [x2, y1],
      [x2, y2],
      [w + 60, y2],
    ],
    80 * s,
  );
  water.bodies.push({ points: ribbon(line, () => hw), smooth: false });
  water.depths = [[{ points: ribbon(line, () => hw * 0.5), smooth: false }]];
  // A side cut to the south and a marina basin on the middle reach.
  const side = roundedPolyline(
    [
      [x2, y2],
      [x2 + w * 0.12, y2],
      [x2 + w * 0.12, h + 60],
    ],
    60 * s,
  );
  water.bodies.push({ points: ribbon(side.slice(2), () => hw * 0.75), smooth: false });
  const bx = (x1 + x2) / 2;
  const basin: Pt[] = [
    [bx - 95 * s, y1 - hw + 2],
    [bx + 95 * s, y1 - hw + 2],
    [bx + 95 * s, y1 - hw - 100 * s],
    [bx - 95 * s, y1 - hw - 100 * s],
  ];
  water.bodies.push({ points: basin, smooth: false });
  water.depths[0]?.push({
    points: basin.map(([x, y], k) => [x + (k === 0 || k === 3 ? 14 : -14), y + (k < 2 ? 0 : 14)] as Pt),
    smooth: false,
  });
  return { ...water, line, side, halfWidth: hw, y0, y1, x1, basinX: bx };
}
