import { bridge, dam, house, lockGates } from './map-features';
import {
  blob,
  curvatures,
  distance,
  meander,
  n1,
  normals,
  offsetLine,
  ribbon,
  roundedPolyline,
  scaleAbout,
  smoothOpen,
  type Pt,
} from './map-geometry';
import { addCliffs, addPiers, addRocks, addBoats, insideCanvas, scaleOf } from './map-kind-helpers';
import type { MapPalette } from './map-palette';
import { emptyPlan, type MapPlan, type Shape } from './map-plan';
import type { Rng } from './prng';
import type { DemoMap } from './world/maps';

/** Moving average over ±k points: keeps the big bends of a line and drops the small wiggles. */
function smoothLine(line: readonly Pt[], k: number): Pt[] {
  return line.map((_, i) => {
    let x = 0;
    let y = 0;
    let n = 0;
    for (let j = Math.max(0, i - k); j <= Math.min(line.length - 1, i + k); j++) {
      x += (line[j] as Pt)[0];
      y += (line[j] as Pt)[1];
      n++;
    }
    return [x / n, y / n] as Pt;
  });
}

/** Where a line from the centre through `p` leaves the picture (plus a margin), for inflowing streams and roads. */
function towardsEdge(map: DemoMap, c: Pt, p: Pt, margin = 60): Pt {
  const dx = p[0] - c[0];
  const dy = p[1] - c[1];
  const len = Math.hypot(dx, dy) || 1;
  const tx = dx > 0 ? (map.width + margin - c[0]) / dx : dx < 0 ? (-margin - c[0]) / dx : Infinity;
  const ty = dy > 0 ? (map.height + margin - c[1]) / dy : dy < 0 ? (-margin - c[1]) / dy : Infinity;
  const t = Math.min(tx, ty);
  return Number.isFinite(t) ? [c[0] + dx * t, c[1] + dy * t] : [c[0] + (dx / len) * 2000, c[1] + (dy / len) * 2000];
}

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

export function lakePlan(map: DemoMap, rng: Rng): MapPlan {
  const plan = emptyPlan();
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
  plan.bodies.push(lake, stream(rng, map, c, shape, inlet, 8 * s), stream(rng, map, c, shape, outlet, 6 * s));
  const off = (f: number): Pt => [c[0] + rng.range(-0.04, 0.04) * w * f, c[1] + rng.range(-0.04, 0.04) * h * f];
  plan.depths = [0.74, 0.5, 0.28].map((f, k) => {
    const o = off(k + 1);
    return [{ points: scaleAbout(shape, o[0], o[1], f) }];
  });
  plan.islands = islandsIn(rng, shape, c, rng.int(2, 4) + (cold ? 1 : 0), 34 * s);
  // A lakeside road following the shore at a distance, then out to the edge of the map.
  const ring = scaleAbout(shape, c[0], c[1], 1.2);
  const start = rng.int(0, ring.length - 1);
  const arc = Array.from({ length: Math.floor(ring.length * 0.55) }, (_, k) => ring[(start + k) % ring.length] as Pt);
  const end = arc[arc.length - 1] as Pt;
  plan.roads.push(arc, meander(rng, end, towardsEdge(map, c, end), { amplitude: 30, waves: 1.5, steps: 30 }));
  plan.villages.push(scaleAbout([arc[Math.floor(arc.length / 2)] as Pt], c[0], c[1], 1.1)[0] as Pt);
  addPiers(rng, map, plan, lake, rng.int(3, 5));
  plan.reeds = cold ? 0.14 : 0.32;
  plan.pads = { count: cold ? 0 : 24, lotus: false };
  plan.terrain = cold ? { forests: 14, fields: 0, hills: 5 } : { forests: 8, fields: 4, hills: 2 };
  if (cold) addRocks(rng, plan, arc[3] ?? c, 40, 8, '#a19c90');
  return plan;
}

export function pondPlan(map: DemoMap, rng: Rng, pal: MapPalette): MapPlan {
  const plan = emptyPlan();
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
  plan.bodies.push(pond, stream(rng, map, c, shape, north, 7 * s), { points: ribbon(millLine, () => 7 * s) });
  plan.depths = [
    [{ points: scaleAbout(shape, c[0], c[1], 0.66) }],
    [{ points: scaleAbout(shape, c[0] + 12, c[1], 0.36) }],
  ];
  plan.islands = islandsIn(rng, shape, c, 1, 26 * s);
  // The mill: a long building beside the stream with its wheel in the water.
  const mp = millLine[8] as Pt;
  const nrm = normals(millLine)[8] as Pt;
  const angle = Math.atan2(millLine[9]![1] - mp[1], millLine[9]![0] - mp[0]);
  plan.over.push(house(mp[0] + nrm[0] * 26, mp[1] + nrm[1] * 26, 38, 20, angle, pal.roof));
  plan.over.push(
    `<circle cx="${n1(mp[0] + nrm[0] * 9)}" cy="${n1(mp[1] + nrm[1] * 9)}" r="9" fill="#7a5a3a" stroke="#3f2e1f" stroke-width="1.5"/>`,
  );
  plan.roads.push(
    meander(rng, [-60, h * 0.82], [mp[0] + nrm[0] * 50, mp[1] + nrm[1] * 50], { amplitude: 40, waves: 1.3 }),
  );
  plan.roads.push(
    meander(rng, [mp[0] + nrm[0] * 50, mp[1] + nrm[1] * 50], [w * 0.8, -60], { amplitude: 50, waves: 1.2 }),
  );
  plan.villages.push([mp[0] + nrm[0] * 110, mp[1] + nrm[1] * 90]);
  addPiers(rng, map, plan, pond, 3);
  plan.reeds = 0.45;
  plan.pads = { count: 55, lotus: false };
  plan.terrain = { forests: 6, fields: 6, hills: 1 };
  return plan;
}

export function marshPlan(map: DemoMap, rng: Rng): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const c: Pt = [w * 0.5, h * 0.5];
  const main = blob(rng, c[0], c[1], w * 0.24, h * 0.21, { roughness: 0.24, harmonics: 8, points: 80 });
  plan.bodies.push({ points: main });
  plan.depths = [[{ points: scaleAbout(main, c[0], c[1], 0.6) }], [{ points: scaleAbout(main, c[0], c[1], 0.3) }]];
  const count = rng.int(6, 8);
  for (let k = 0; k < count; k++) {
    const a = (k / count) * Math.PI * 2 + rng.range(-0.3, 0.3);
    const d = rng.range(0.3, 0.4) * Math.min(w, h);
    const p: Pt = [c[0] + Math.cos(a) * d, c[1] + Math.sin(a) * d];
    const r = rng.range(45, 95) * s;
    const pool = blob(rng, p[0], p[1], r * rng.range(1, 1.5), r, { roughness: 0.22, rotation: a, points: 40 });
    plan.bodies.push({ points: pool });
    plan.depths[0]?.push({ points: scaleAbout(pool, p[0], p[1], 0.5) });
    if (rng.chance(0.7)) {
      const line = meander(rng, c, p, { amplitude: 25, waves: 1.5, steps: 30 });
      plan.bodies.push({ points: ribbon(line, () => 9 * s) });
    }
  }
  plan.islands = islandsIn(rng, main, c, 4, 22 * s);
  plan.roads.push(meander(rng, [-60, h * 0.12], [w + 60, h * 0.2], { amplitude: 40, waves: 1.5 }));
  plan.villages.push([w * 0.18, h * 0.14], [w * 0.84, h * 0.9]);
  addPiers(rng, map, plan, { points: main }, 3);
  plan.reeds = 0.6;
  plan.pads = { count: 120, lotus: true };
  plan.terrain = { forests: 4, fields: 8, hills: 1 };
  return plan;
}

export function riverPlan(map: DemoMap, rng: Rng): MapPlan {
  const plan = emptyPlan();
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
  plan.bodies.push({ points: ribbon(main, hw) });
  plan.depths = [[{ points: ribbon(main, (t) => hw(t) * 0.62) }], [{ points: ribbon(main, (t) => hw(t) * 0.3) }]];
  const nrms = normals(main);
  const at = (t: number): { p: Pt; n: Pt; i: number } => {
    const i = Math.round(t * (main.length - 1));
    return { p: main[i] as Pt, n: nrms[i] as Pt, i };
  };

  // A tributary joining from one side.
  const trib = at(rng.range(0.3, 0.45));
  const tribFrom: Pt = [trib.p[0] + trib.n[0] * 1500, trib.p[1] + trib.n[1] * 1500];
  const tribLine = meander(rng, tribFrom, trib.p, { amplitude: 60, waves: 2, steps: 80 });
  plan.bodies.push({ points: ribbon(tribLine, () => base * 0.36) });
  plan.depths[0]?.push({ points: ribbon(tribLine, () => base * 0.18) });

  // An oxbow lake on the other side: a cut-off bend.
  const ox = at(rng.range(0.6, 0.75));
  const oc: Pt = [ox.p[0] - ox.n[0] * (base + 150 * s), ox.p[1] - ox.n[1] * (base + 150 * s)];
  const a0 = Math.atan2(-ox.n[1], -ox.n[0]);
  const arc = Array.from({ length: 24 }, (_, k) => {
    const a = a0 - 1.5 + (3 * k) / 23;
    return [oc[0] + Math.cos(a) * 70 * s, oc[1] + Math.sin(a) * 70 * s] as Pt;
  });
  plan.bodies.push({ points: ribbon(arc, (t) => 13 * s * Math.sin(Math.PI * (0.1 + 0.8 * t))) });

  // Islands in mid-stream and sand bars on the inside of the sharpest bends.
  for (const t of [0.2, 0.55, 0.85].slice(0, cold ? 3 : 2)) {
    const { p, i } = at(t + rng.range(-0.04, 0.04));
    const next = main[i + 1] as Pt;
    const rot = Math.atan2(next[1] - p[1], next[0] - p[0]);
    plan.islands.push({ points: blob(rng, p[0], p[1], base * 1.9, base * 0.42, { rotation: rot, roughness: 0.12 }) });
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
    plan.sandbars.push({ points: blob(rng, q[0], q[1], base * 1.05, base * 0.22, { rotation: rot, roughness: 0.1 }) });
  }

  // A road crossing on a bridge.
  const br = at(rng.range(0.47, 0.53));
  const far1: Pt = [br.p[0] + br.n[0] * 1400, br.p[1] + br.n[1] * 1400];
  const far2: Pt = [br.p[0] - br.n[0] * 1400, br.p[1] - br.n[1] * 1400];
  plan.roads.push(meander(rng, far1, br.p, { amplitude: 50, waves: 1.2, steps: 60 }));
  plan.roads.push(meander(rng, br.p, far2, { amplitude: 50, waves: 1.2, steps: 60 }));
  plan.over.push(bridge(br.p, Math.atan2(br.n[1], br.n[0]), base * 2 + 30));
  const along = main[br.i + 1] as Pt;
  const dir: Pt = [along[0] - br.p[0], along[1] - br.p[1]];
  const dl = Math.hypot(dir[0], dir[1]) || 1;
  plan.villages.push([
    br.p[0] + br.n[0] * (base + 100 * s) + (dir[0] / dl) * 70,
    br.p[1] + br.n[1] * (base + 100 * s) + (dir[1] / dl) * 70,
  ]);
  addPiers(rng, map, plan, plan.bodies[0] as Shape, 4);
  plan.reeds = cold ? 0.12 : 0.28;
  plan.pads = { count: cold ? 0 : 12, lotus: false };
  plan.terrain = cold ? { forests: 16, fields: 0, hills: 4 } : { forests: 7, fields: 6, hills: 2 };
  return plan;
}

export function streamPlan(map: DemoMap, rng: Rng, pal: MapPalette): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const main = meander(rng, [w * rng.range(0.4, 0.6), -80], [w * rng.range(0.4, 0.6), h + 80], {
    amplitude: w * 0.12,
    waves: 3,
    steps: 150,
  });
  const hw = (t: number): number => 15 * s * (1 + 0.3 * Math.sin(t * 23) + 0.25 * t);
  plan.bodies.push({ points: ribbon(main, hw) });
  plan.depths = [[{ points: ribbon(main, (t) => hw(t) * 0.42) }]];
  for (const t of [0.22, 0.5, 0.78]) {
    const i = Math.round((t + rng.range(-0.05, 0.05)) * (main.length - 1));
    const p = main[i] as Pt;
    const r = rng.range(38, 58) * s;
    const pool = blob(rng, p[0], p[1], r * 1.2, r, { roughness: 0.2, points: 40, rotation: rng.range(0, 3) });
    plan.bodies.push({ points: pool });
    plan.depths[0]?.push({ points: scaleAbout(pool, p[0], p[1], 0.55) });
    (plan.depths[1] ??= []).push({ points: scaleAbout(pool, p[0], p[1], 0.25) });
  }
  // Valley sides: contour lines parallel to a smoothed course of the stream (the raw course bends too tightly and
  // its parallels would loop), kept within the bend radius.
  const valley = smoothLine(main, 14);
  let contours = '';
  for (const side of [1, -1]) {
    for (const d of [58, 96, 136]) {
      const line = offsetLine(valley, (t) => side * (d * s + 5 * Math.sin(t * 9 + d)));
      contours += `<path d="${smoothOpen(line)}" fill="none" stroke="${pal.contour}" stroke-opacity="0.4" stroke-width="1.1"/>`;
    }
  }
  plan.under.push(contours);
  // A footpath along the valley with a footbridge.
  const trail = offsetLine(valley, () => 64 * s);
  plan.under.push(
    `<path d="${smoothOpen(trail)}" fill="none" stroke="#8a6d45" stroke-width="2.2" stroke-dasharray="7 5"/>`,
  );
  const nrms = normals(main);
  const fb = Math.round(main.length * 0.62);
  plan.over.push(bridge(main[fb] as Pt, Math.atan2(nrms[fb]![1], nrms[fb]![0]), 70 * s));
  // Rapids and boulders.
  let rapids = '';
  for (let k = 0; k < 14; k++) {
    const i = rng.int(4, main.length - 5);
    const p = main[i] as Pt;
    const n = nrms[i] as Pt;
    const half = hw(i / main.length) * 0.7;
    rapids += `M${n1(p[0] - n[0] * half)} ${n1(p[1] - n[1] * half)}L${n1(p[0] + n[0] * half)} ${n1(p[1] + n[1] * half)}`;
    if (k % 2 === 0) addRocks(rng, plan, p, 22 * s, 3, pal.rock);
  }
  plan.over.push(
    `<path d="${rapids}" stroke="#ffffff" stroke-opacity="0.75" stroke-width="2" stroke-dasharray="4 3"/>`,
  );
  for (let k = 0; k < 3; k++) {
    const i = rng.int(10, main.length - 10);
    const p = trail[i] as Pt;
    if (insideCanvas(map, p, 30)) plan.over.push(house(p[0] + 22, p[1], 18, 12, rng.range(0, 3), pal.roof));
  }
  plan.reeds = 0.04;
  plan.shoreWidth = 5;
  plan.terrain = { forests: 18, fields: 0, hills: 7 };
  return plan;
}

export function reservoirPlan(map: DemoMap, rng: Rng): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const warm = map.climate === 'warm';
  // The dam closes the valley towards one edge; the flooded side valleys point elsewhere.
  const damDir: Pt = warm ? [1, 0] : [0, 1];
  const c: Pt = [w * 0.5 - damDir[0] * w * 0.1, h * 0.46 - damDir[1] * h * 0.08];
  const main = blob(rng, c[0], c[1], w * 0.22, h * 0.19, { roughness: 0.28, harmonics: 8, points: 80 });
  plan.bodies.push({ points: main });
  plan.depths = [
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
    plan.bodies.push({ points: ribbon(line, arm) });
    plan.depths[0]?.push({ points: ribbon(line.slice(0, 35), (t) => arm(t * 0.7) * 0.5, true) });
    if (rng.chance(0.6)) {
      const j = Math.round(line.length * rng.range(0.45, 0.65));
      const from = line[j] as Pt;
      const b = a + (rng.chance(0.5) ? 0.9 : -0.9);
      const branch = meander(rng, from, [from[0] + Math.cos(b) * len * 0.4, from[1] + Math.sin(b) * len * 0.4], {
        amplitude: 20 * s,
        waves: 1.3,
        steps: 24,
      });
      plan.bodies.push({ points: ribbon(branch, (t) => s * (26 * (1 - t) + 6)) });
    }
  }
  // The deep arm to the dam, the dam itself and the river below it.
  const toEdge = damDir[0] !== 0 ? w - c[0] : h - c[1];
  const D: Pt = [c[0] + damDir[0] * (toEdge - 150 * s), c[1] + damDir[1] * (toEdge - 150 * s)];
  const damArm = meander(rng, c, D, { amplitude: 12, waves: 1, steps: 30 });
  const damHw = (t: number): number => s * (70 - 8 * t);
  plan.bodies.push({ points: ribbon(damArm, damHw) });
  plan.depths[0]?.push({ points: ribbon(damArm, (t) => damHw(t) * 0.72) });
  plan.depths[1]?.push({ points: ribbon(damArm, (t) => damHw(t) * 0.46) });
  plan.depths[2]?.push({ points: ribbon(damArm.slice(8, -2), (t) => damHw(t) * 0.22, true) });
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
  plan.bodies.push({ points: ribbon(below, () => 10 * s) });
  const across: Pt = [-damDir[1], damDir[0]];
  const damLen = damHw(1) * 2 + 46 * s;
  plan.over.push(dam(D[0], D[1], damAngle + Math.PI / 2, damLen));
  const crestA: Pt = [D[0] + across[0] * damLen * 0.5, D[1] + across[1] * damLen * 0.5];
  const crestB: Pt = [D[0] - across[0] * damLen * 0.5, D[1] - across[1] * damLen * 0.5];
  plan.roads.push(
    meander(rng, crestA, [crestA[0] + across[0] * 900, crestA[1] + across[1] * 900], { amplitude: 50, waves: 1.2 }),
  );
  plan.roads.push(
    meander(rng, crestB, [crestB[0] - across[0] * 900, crestB[1] - across[1] * 900], { amplitude: 50, waves: 1.2 }),
  );
  plan.villages.push([D[0] + damDir[0] * 90 + across[0] * 120, D[1] + damDir[1] * 90 + across[1] * 120]);
  if (warm) {
    const from = rng.int(0, main.length - 1);
    addCliffs(plan, { points: main }, from, from + Math.floor(main.length * 0.3), '#a9553a');
    plan.hillTints = ['#ccb083', '#c79d72', '#c28a62', '#bc7754'];
  }
  addPiers(rng, map, plan, { points: main }, 4);
  plan.reeds = 0.1;
  plan.terrain = { forests: 9, fields: warm ? 5 : 3, hills: 4 };
  return plan;
}

export function canalPlan(map: DemoMap, rng: Rng, pal: MapPalette): MapPlan {
  const plan = emptyPlan();
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
  plan.bodies.push({ points: ribbon(line, () => hw), smooth: false });
  plan.depths = [[{ points: ribbon(line, () => hw * 0.5), smooth: false }]];
  // A side cut to the south and a marina basin on the middle reach.
  const side = roundedPolyline(
    [
      [x2, y2],
      [x2 + w * 0.12, y2],
      [x2 + w * 0.12, h + 60],
    ],
    60 * s,
  );
  plan.bodies.push({ points: ribbon(side.slice(2), () => hw * 0.75), smooth: false });
  const bx = (x1 + x2) / 2;
  const basin: Pt[] = [
    [bx - 95 * s, y1 - hw + 2],
    [bx + 95 * s, y1 - hw + 2],
    [bx + 95 * s, y1 - hw - 100 * s],
    [bx - 95 * s, y1 - hw - 100 * s],
  ];
  plan.bodies.push({ points: basin, smooth: false });
  plan.depths[0]?.push({
    points: basin.map(([x, y], k) => [x + (k === 0 || k === 3 ? 14 : -14), y + (k < 2 ? 0 : 14)] as Pt),
    smooth: false,
  });
  addBoats(plan, [bx - 70 * s, y1 - hw - 78 * s], [28 * s, 0], 6, Math.PI / 2);
  addBoats(plan, [bx - 60 * s, y1 - hw - 22 * s], [36 * s, 0], 4, -Math.PI / 2);
  // Towpaths with rows of trees on both banks.
  let towpath = `<path d="${smoothOpen(line)}" fill="none" stroke="#ddd0a8" stroke-width="${n1(hw * 2 + 34)}" stroke-linejoin="round"/>`;
  let rows = '';
  for (const sign of [1, -1]) {
    const row = offsetLine(line, () => sign * (hw + 26));
    row.forEach((p, k) => {
      if (k % 3 === 0 && !(Math.abs(p[0] - bx) < 110 * s && p[1] < y1)) {
        rows += `<circle cx="${n1(p[0])}" cy="${n1(p[1])}" r="6.5" fill="${pal.trees[k % pal.trees.length]}" stroke="#3d5f2d" stroke-opacity="0.4"/>`;
      }
    });
  }
  towpath += `<path d="${smoothOpen(side)}" fill="none" stroke="#ddd0a8" stroke-width="${n1(hw * 1.5 + 28)}"/>`;
  plan.under.push(towpath, rows);
  // Locks on two reaches; roads cross on bridges.
  const nrms = normals(line);
  for (const t of [0.12, 0.86]) {
    const i = Math.round(t * (line.length - 1));
    const n = nrms[i] as Pt;
    plan.over.push(lockGates(line[i] as Pt, Math.atan2(n[0], -n[1]), hw * 2 + 10));
  }
  for (const t of [0.36, 0.66]) {
    const i = Math.round(t * (line.length - 1));
    const p = line[i] as Pt;
    const n = nrms[i] as Pt;
    plan.roads.push(
      meander(rng, [p[0] + n[0] * 1200, p[1] + n[1] * 1200], p, { amplitude: 30, waves: 1, steps: 40 }),
      meander(rng, p, [p[0] - n[0] * 1200, p[1] - n[1] * 1200], { amplitude: 30, waves: 1, steps: 40 }),
    );
    plan.over.push(bridge(p, Math.atan2(n[1], n[0]), hw * 2 + 26));
  }
  plan.villages.push([bx - 40 * s, y1 - hw - 170 * s], [bx + 170 * s, y1 - hw - 150 * s], [x1 - 120 * s, y0 + 90 * s]);
  plan.shoreColor = '#b9b3a4';
  plan.shoreWidth = 4;
  plan.reeds = 0.03;
  plan.terrain = { forests: 3, fields: 12, hills: 1 };
  return plan;
}
