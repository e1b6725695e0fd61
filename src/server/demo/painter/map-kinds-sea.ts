import type { Rng } from '../prng';
import { blob, meander, normals, yAt, type Pt } from '../water/geometry';
import {
  xOfCoast,
  type BayWater,
  type CapeWater,
  type DeltaWater,
  type FjordWater,
  type LagoonWater,
} from '../water/water-kinds-sea';
import { scaleOf } from '../water/water-layout';
import type { DemoMap } from '../world/maps';
import { lighthouse, rock } from './map-features';
import { addBoats, addCliffs, addPiers, addRocks } from './map-kind-helpers';
import type { MapPalette } from './map-palette';
import { planOn, type MapPlan } from './map-plan';
import { n1, smoothClosed } from './svg-path';

/** What the coastal kinds add around their water. `rng` continues the stream their water was drawn from. */

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

export function deltaPlan(map: DemoMap, rng: Rng, water: DeltaWater): MapPlan {
  const plan = planOn(water);
  const { width: w } = map;
  const s = scaleOf(map);
  const { coast, sea, split, mouths } = water;
  // The delta plain between the arms is reed marsh.
  const first = mouths[0] as number;
  const last = mouths[mouths.length - 1] as number;
  const fan: Pt[] = [split, ...coast.filter(([x]) => x >= first - 20 && x <= last + 20).reverse()];
  plan.under.push(`<path d="${smoothClosed(fan)}" fill="#a3c58a" fill-opacity="0.85"/>`);
  plan.villages.push([split[0] - 150 * s, split[1] - 60 * s], [w * 0.04 + 60 * s, yAt(coast, w * 0.05) - 70 * s]);
  addPiers(rng, map, plan, sea, 5);
  plan.reeds = 0.16;
  plan.pads = { count: 10, lotus: false };
  plan.shoreWidth = 10;
  plan.terrain = { forests: 4, fields: 9, hills: 1 };
  return plan;
}

/** The cold sea's rocky cape with a lighthouse and a harbour in the bay. */
export function capePlan(map: DemoMap, rng: Rng, pal: MapPalette, water: CapeWater): MapPlan {
  const plan = planOn(water);
  const { height: h } = map;
  const s = scaleOf(map);
  const { coast, sea, bayY } = water;
  const tip = coast.reduce((best, p) => (p[0] > best[0] ? p : best));
  plan.over.push(lighthouse([tip[0] - 24 * s, tip[1]]));
  const tipIndex = coast.indexOf(tip);
  addCliffs(plan, sea, tipIndex - 14, tipIndex + 14, '#6f6a5e');
  // The skerries belong to the water (catches keep off them) but are drawn here, in their place among the extras.
  for (const outline of water.rocks) plan.over.push(rock(smoothClosed(outline), pal.rock));
  const harbour: Pt = [xOfCoast(coast, bayY), bayY];
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

/** The warm sea's bay: a harbour at its head, a lighthouse on the western point. */
export function bayPlan(map: DemoMap, rng: Rng, water: BayWater): MapPlan {
  const plan = planOn(water);
  const { width: w } = map;
  const s = scaleOf(map);
  const { coast, sea, headX: cx } = water;
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

export function fjordPlan(map: DemoMap, rng: Rng, pal: MapPalette, water: FjordWater): MapPlan {
  const plan = planOn(water);
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const { coast, line, halfWidth: hw, fjord, mouthX } = water;
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

export function lagoonPlan(map: DemoMap, rng: Rng, water: LagoonWater): MapPlan {
  const plan = planOn(water);
  const { width: w } = map;
  const s = scaleOf(map);
  const { mainland, barrier } = water;
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
  addPiers(rng, map, plan, water.lagoon, 5);
  plan.reeds = 0.3;
  plan.shoreWidth = 12;
  plan.terrain = { forests: 5, fields: 7, hills: 2 };
  return plan;
}
