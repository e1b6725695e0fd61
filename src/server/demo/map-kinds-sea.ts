import { lighthouse } from './map-features';
import {
  blob,
  coastline,
  meander,
  n1,
  normals,
  regionBelow,
  ribbon,
  smoothClosed,
  transpose,
  yAt,
  type Pt,
} from './map-geometry';
import { addBoats, addCliffs, addPiers, addRocks, scaleOf } from './map-kind-helpers';
import type { MapPalette } from './map-palette';
import { emptyPlan, type MapPlan, type Shape } from './map-plan';
import type { Rng } from './prng';
import type { DemoMap } from './world/maps';

/** Sea below a west–east coastline, with depth zones as the same coast pushed seawards. */
function southSea(plan: MapPlan, coast: Pt[], bottom: number, steps: readonly number[]): Shape {
  const sea: Shape = { points: regionBelow(coast, bottom) };
  plan.bodies.push(sea);
  plan.depths.push(
    ...steps.map((d) => [
      {
        points: regionBelow(
          coast.map(([x, y]) => [x, y + d] as Pt),
          bottom,
        ),
      },
    ]),
  );
  return sea;
}

/** A harbour wall: a thick grey line from the shore into the sea with a bend at the end. */
function breakwater(start: Pt, dir: Pt, length: number): string {
  const mid: Pt = [start[0] + dir[0] * length, start[1] + dir[1] * length];
  const end: Pt = [mid[0] + dir[1] * length * 0.5, mid[1] - dir[0] * length * 0.5];
  const d = `M${n1(start[0])} ${n1(start[1])}L${n1(mid[0])} ${n1(mid[1])}L${n1(end[0])} ${n1(end[1])}`;
  return (
    `<path d="${d}" fill="none" stroke="#5f6368" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#c3c6c8" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>`
  );
}

export function deltaPlan(map: DemoMap, rng: Rng): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const coast = coastline(rng, w, () => h * 0.72, h * 0.03);
  const sea = southSea(plan, coast, h + 80, [40 * s, 110 * s, 220 * s, 360 * s]);
  const split: Pt = [w * rng.range(0.45, 0.55), h * 0.4];
  const trunk = meander(rng, [w * rng.range(0.4, 0.6), -80], split, { amplitude: w * 0.07, waves: 1.6, steps: 70 });
  plan.bodies.push({ points: ribbon(trunk, () => 34 * s) });
  plan.depths[0]?.push({ points: ribbon(trunk, () => 16 * s) });
  const mouths = [0.1, 0.37, 0.63, 0.9].map((f) => w * f + rng.range(-30, 30) * s);
  for (const x of mouths) {
    const to: Pt = [x, yAt(coast, x) + 50 * s];
    const line = meander(rng, split, to, { amplitude: 55 * s, waves: 1.3, steps: 70 });
    const hw = (t: number): number => s * (t < 0.08 ? 30 : 20 + 12 * t);
    plan.bodies.push({ points: ribbon(line, hw) });
    plan.depths[0]?.push({ points: ribbon(line, (t) => hw(t) * 0.42) });
  }
  // The delta plain between the arms is reed marsh.
  const first = mouths[0] as number;
  const last = mouths[mouths.length - 1] as number;
  const fan: Pt[] = [split, ...coast.filter(([x]) => x >= first - 20 && x <= last + 20).reverse()];
  plan.under.push(`<path d="${smoothClosed(fan)}" fill="#a3c58a" fill-opacity="0.85"/>`);
  // Sand bars off the mouths and two wooded barrier islets.
  for (const x of mouths) {
    const y = yAt(coast, x) + rng.range(90, 140) * s;
    plan.sandbars.push({
      points: blob(rng, x + rng.range(-40, 40), y, rng.range(45, 75) * s, rng.range(8, 14) * s, { roughness: 0.1 }),
    });
  }
  for (const f of [0.24, 0.76]) {
    const x = w * f;
    plan.islands.push({
      points: blob(rng, x, yAt(coast, x) + 190 * s, 70 * s, 22 * s, {
        roughness: 0.15,
        rotation: rng.range(-0.2, 0.2),
      }),
    });
  }
  plan.villages.push([split[0] - 150 * s, split[1] - 60 * s], [w * 0.04 + 60 * s, yAt(coast, w * 0.05) - 70 * s]);
  addPiers(rng, map, plan, sea, 5);
  plan.reeds = 0.16;
  plan.pads = { count: 10, lotus: false };
  plan.shoreWidth = 10;
  plan.terrain = { forests: 4, fields: 9, hills: 1 };
  return plan;
}

/** A rocky west coast with a cape and a harbour bay (cold), or a sunny bay open to the south (warm). */
export function seaPlan(map: DemoMap, rng: Rng, pal: MapPalette): MapPlan {
  return map.climate === 'cold' ? capeCoast(map, rng, pal) : sunnyBay(map, rng);
}

function capeCoast(map: DemoMap, rng: Rng, pal: MapPalette): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const capeY = h * rng.range(0.36, 0.46);
  const bayY = h * rng.range(0.66, 0.74);
  const bump = (y: number): number =>
    w * 0.27 * Math.exp(-(((y - capeY) / (h * 0.07)) ** 2)) - w * 0.09 * Math.exp(-(((y - bayY) / (h * 0.09)) ** 2));
  // Built as a west–east coastline in transposed space: x is the distance from the west edge.
  const coast = transpose(coastline(rng, h, (y) => w * 0.4 + bump(y), w * 0.035, 14));
  const sea: Shape = { points: [...coast, [w + 80, h + 80], [w + 80, -80]] };
  plan.bodies.push(sea);
  plan.depths = [45, 130, 260, 420].map((d) => [
    { points: [...coast.map(([x, y]) => [x + d * s, y] as Pt), [w + 80, h + 80], [w + 80, -80]] as Pt[] },
  ]);
  const tip = coast.reduce((best, p) => (p[0] > best[0] ? p : best));
  plan.over.push(lighthouse([tip[0] - 24 * s, tip[1]]));
  const tipIndex = coast.indexOf(tip);
  addCliffs(plan, sea, tipIndex - 14, tipIndex + 14, '#6f6a5e');
  for (let k = 0; k < 4; k++) {
    const y = h * rng.range(0.12, 0.92);
    const x = Math.min(w - 70, yAtCoast(coast, y) + rng.range(170, 420) * s);
    const r = rng.range(16, 42) * s;
    plan.islands.push({ points: blob(rng, x, y, r * 1.3, r, { roughness: 0.3, rotation: rng.range(0, 3) }) });
    addRocks(rng, plan, [x + r * 1.8, y + r], 26 * s, 4, pal.rock);
  }
  const harbour: Pt = [yAtCoast(coast, bayY), bayY];
  plan.over.push(breakwater([harbour[0] - 4, harbour[1] - 60 * s], [1, 0], 90 * s));
  addBoats(plan, [harbour[0] + 22 * s, harbour[1] - 32 * s], [0, 24 * s], 4, 0);
  plan.villages.push([harbour[0] - 100 * s, harbour[1] - 20 * s], [tip[0] - 160 * s, tip[1] + 60 * s]);
  plan.roads.push(
    meander(rng, [-80, h * 0.5], [harbour[0] - 40 * s, harbour[1] - 20 * s], { amplitude: 50, waves: 1.4 }),
  );
  plan.roads.push(meander(rng, [-80, h * 0.15], [tip[0] - 40 * s, tip[1]], { amplitude: 60, waves: 1.3 }));
  plan.shoreWidth = 7;
  plan.terrain = { forests: 9, fields: 3, hills: 5 };
  return plan;
}

function yAtCoast(coast: readonly Pt[], y: number): number {
  return yAt(transpose(coast), y);
}

function sunnyBay(map: DemoMap, rng: Rng): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const cx = w * rng.range(0.45, 0.55);
  const coast = coastline(rng, w, (x) => h * (0.6 - 0.34 * Math.exp(-(((x - cx) / (w * 0.25)) ** 2))), h * 0.035, 14);
  const sea = southSea(plan, coast, h + 80, [40 * s, 120 * s, 240 * s, 380 * s]);
  for (let k = 0; k < 3; k++) {
    const x = w * (0.2 + 0.3 * k) + rng.range(-60, 60) * s;
    const r = rng.range(22, 55) * s;
    plan.islands.push({ points: blob(rng, x, h * rng.range(0.78, 0.9), r * 1.5, r, { roughness: 0.25 }) });
  }
  const head: Pt = [cx, yAt(coast, cx)];
  plan.villages.push([head[0] - 40 * s, head[1] - 80 * s], [head[0] + 110 * s, head[1] - 60 * s]);
  const hx = cx + w * 0.12;
  plan.over.push(breakwater([hx, yAt(coast, hx) - 4], [0, 1], 110 * s));
  addBoats(plan, [hx - 30 * s, yAt(coast, hx) + 30 * s], [-26 * s, 4 * s], 5, Math.PI / 2);
  const lx = w * 0.05;
  plan.over.push(lighthouse([lx + 20 * s, yAt(coast, lx) - 18 * s]));
  plan.roads.push(
    smoothCoastRoad(coast, -70 * s).filter(([x]) => x > -80 && x < w + 80),
    meander(rng, [head[0], head[1] - 70 * s], [cx + rng.range(-80, 80), -80], { amplitude: 40, waves: 1.2 }),
  );
  addPiers(rng, map, plan, sea, 4);
  plan.shoreWidth = 15;
  plan.terrain = { forests: 6, fields: 6, hills: 3 };
  return plan;
}

/** A road following a coastline at a fixed offset (negative = inland for a southern sea). */
function smoothCoastRoad(coast: readonly Pt[], offset: number): Pt[] {
  return coast.filter((_, i) => i % 3 === 0).map(([x, y]) => [x, y + offset] as Pt);
}

export function fjordPlan(map: DemoMap, rng: Rng, pal: MapPalette): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const coast = coastline(rng, w, () => h * 0.86, h * 0.02);
  southSea(plan, coast, h + 80, [40 * s, 120 * s, 240 * s]);
  const mouthX = w * rng.range(0.42, 0.58);
  const line = meander(rng, [mouthX, yAt(coast, mouthX) + 60], [w * rng.range(0.3, 0.55), h * 0.12], {
    amplitude: w * 0.13,
    waves: 1.7,
    steps: 120,
  });
  const hw = (t: number): number => s * (100 - 62 * t);
  const fjord: Shape = { points: ribbon(line, hw) };
  plan.bodies.push(fjord);
  // Fjords are deepest inland and shallow at a sill by the mouth: the deep zones start inside the coastline with
  // rounded ends, so they never cut across the sea's own isobaths.
  const mouth = line.findIndex(([x, y]) => y < yAt(coast, x) - 30 * s);
  const basin = line.slice(Math.max(0, mouth));
  const at = (t: number): number => hw(1 - (1 - t) * (basin.length / line.length));
  plan.depths[0]?.push({ points: ribbon(basin, (t) => at(t) * 0.72, true) });
  plan.depths[1]?.push({ points: ribbon(basin.slice(6), (t) => at(t) * 0.46, true) });
  plan.depths[2]?.push({ points: ribbon(basin.slice(14, -12), (t) => at(t) * 0.22, true) });
  const j = Math.round(line.length * rng.range(0.4, 0.5));
  const from = line[j] as Pt;
  const sideX = from[0] < w / 2 ? w + 80 : -80;
  const arm = meander(rng, from, [sideX, h * rng.range(0.25, 0.4)], { amplitude: 40 * s, waves: 1.4, steps: 50 });
  plan.bodies.push({ points: ribbon(arm, (t) => s * (46 - 20 * t)) });
  plan.depths[0]?.push({ points: ribbon(arm, (t) => s * (46 - 20 * t) * 0.5) });
  // Waterfalls down the fjord walls.
  const nrms = normals(line);
  let falls = '';
  for (const t of [0.3, 0.62, 0.8]) {
    const i = Math.round(t * (line.length - 1));
    const p = line[i] as Pt;
    const n = nrms[i] as Pt;
    const side = t === 0.62 ? -1 : 1;
    const a: Pt = [p[0] + n[0] * side * (hw(t) + 26 * s), p[1] + n[1] * side * (hw(t) + 26 * s)];
    const b: Pt = [p[0] + n[0] * side * hw(t) * 0.9, p[1] + n[1] * side * hw(t) * 0.9];
    falls += `M${n1(a[0])} ${n1(a[1])}L${n1(b[0])} ${n1(b[1])}`;
  }
  plan.over.push(
    `<path d="${falls}" stroke="#ffffff" stroke-width="3" stroke-dasharray="5 3" stroke-linecap="round"/>`,
  );
  const headP = line[line.length - 1] as Pt;
  plan.villages.push([headP[0], headP[1] - 70 * s], [mouthX - 170 * s, yAt(coast, mouthX - 170 * s) - 70 * s]);
  plan.roads.push(
    meander(rng, [headP[0], headP[1] - 40 * s], [headP[0] + rng.range(-200, 200), -80], { amplitude: 50, waves: 2 }),
  );
  addPiers(rng, map, plan, fjord, 3);
  for (let k = 0; k < 5; k++)
    addRocks(rng, plan, [w * rng.range(0.1, 0.9), h * rng.range(0.9, 0.97)], 30 * s, 3, pal.rock);
  plan.shoreColor = '#b9b19b';
  plan.shoreWidth = 5;
  plan.terrain = { forests: 10, fields: 0, hills: 11 };
  return plan;
}

export function lagoonPlan(map: DemoMap, rng: Rng): MapPlan {
  const plan = emptyPlan();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const mainland = coastline(rng, w, () => h * 0.36, h * 0.035, 14);
  const water: Shape = { points: regionBelow(mainland, h + 80) };
  plan.bodies.push(water);
  const barrier = coastline(rng, w, () => h * 0.64, h * 0.02, 14);
  plan.depths = [50, 130, 240].map((d) => [
    {
      points: regionBelow(
        barrier.map(([x, y]) => [x, y + d * s] as Pt),
        h + 80,
      ),
    },
  ]);
  // The barrier island, cut by one tidal inlet.
  const gap = w * rng.range(0.4, 0.6);
  const width = (t: number): number => s * (20 + 7 * Math.sin(t * 11));
  for (const part of [barrier.filter(([x]) => x < gap - 45 * s), barrier.filter(([x]) => x > gap + 45 * s)]) {
    plan.islands.push({ points: ribbon(part, width), inner: ribbon(part.slice(2, -2), (t) => width(t) * 0.45) });
  }
  const inletY = yAt(barrier, gap);
  // The tide scours a deeper channel through the inlet.
  const channel = Array.from({ length: 12 }, (_, k) => [gap, inletY + (k / 11 - 0.45) * 120 * s] as Pt);
  plan.depths[0]?.push({ points: ribbon(channel, (t) => s * (26 - 10 * Math.abs(t - 0.45)), true) });
  // Sea grass meadows in the lagoon.
  for (let k = 0; k < 6; k++) {
    const x = w * rng.range(0.08, 0.92);
    const y = (yAt(mainland, x) + yAt(barrier, x)) / 2 + rng.range(-20, 20) * s;
    plan.over.push(
      `<path d="${smoothClosed(blob(rng, x, y, rng.range(40, 80) * s, rng.range(14, 26) * s, { roughness: 0.25 }))}" fill="#6aa79a" fill-opacity="0.35"/>`,
    );
  }
  const boatsX = w * rng.range(0.15, 0.3);
  addBoats(plan, [boatsX, yAt(mainland, boatsX) + 40 * s], [26 * s, 2 * s], 4, Math.PI / 2);
  plan.villages.push(
    [boatsX + 40 * s, yAt(mainland, boatsX + 40 * s) - 70 * s],
    [w * 0.78, yAt(mainland, w * 0.78) - 80 * s],
  );
  plan.roads.push(mainland.filter((_, i) => i % 3 === 0).map(([x, y]) => [x, y - 55 * s] as Pt));
  addPiers(rng, map, plan, water, 5);
  plan.reeds = 0.3;
  plan.shoreWidth = 12;
  plan.terrain = { forests: 5, fields: 7, hills: 2 };
  return plan;
}
