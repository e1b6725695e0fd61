import type { Rng } from '../prng';
import { meander, normals, offsetLine, scaleAbout, type Pt } from '../water/geometry';
import type {
  CanalWater,
  LakeWater,
  MarshWater,
  PondWater,
  ReservoirWater,
  RiverWater,
  StreamWater,
} from '../water/water-kinds-fresh';
import { scaleOf, towardsEdge, type Shape } from '../water/water-layout';
import type { DemoMap } from '../world/maps';
import { bridge, dam, house, lockGates } from './map-features';
import { addCliffs, addPiers, addRocks, addBoats, insideCanvas } from './map-kind-helpers';
import type { MapPalette } from './map-palette';
import { planOn, type MapPlan } from './map-plan';
import { n1, smoothOpen } from './svg-path';

/** What the freshwater kinds add around their water. `rng` continues the stream their water was drawn from. */

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

export function lakePlan(map: DemoMap, rng: Rng, water: LakeWater): MapPlan {
  const plan = planOn(water);
  const cold = map.climate === 'cold';
  const { centre: c, lake } = water;
  const shape = lake.points;
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

export function pondPlan(map: DemoMap, rng: Rng, pal: MapPalette, water: PondWater): MapPlan {
  const plan = planOn(water);
  const { width: w, height: h } = map;
  const { millLine } = water;
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
  addPiers(rng, map, plan, water.pond, 3);
  plan.reeds = 0.45;
  plan.pads = { count: 55, lotus: false };
  plan.terrain = { forests: 6, fields: 6, hills: 1 };
  return plan;
}

export function marshPlan(map: DemoMap, rng: Rng, water: MarshWater): MapPlan {
  const plan = planOn(water);
  const { width: w, height: h } = map;
  plan.roads.push(meander(rng, [-60, h * 0.12], [w + 60, h * 0.2], { amplitude: 40, waves: 1.5 }));
  plan.villages.push([w * 0.18, h * 0.14], [w * 0.84, h * 0.9]);
  addPiers(rng, map, plan, { points: water.main }, 3);
  plan.reeds = 0.6;
  plan.pads = { count: 120, lotus: true };
  plan.terrain = { forests: 4, fields: 8, hills: 1 };
  return plan;
}

export function riverPlan(map: DemoMap, rng: Rng, water: RiverWater): MapPlan {
  const plan = planOn(water);
  const s = scaleOf(map);
  const cold = map.climate === 'cold';
  const { main, normals: nrms, base } = water;
  const at = (t: number): { p: Pt; n: Pt; i: number } => {
    const i = Math.round(t * (main.length - 1));
    return { p: main[i] as Pt, n: nrms[i] as Pt, i };
  };

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

export function streamPlan(map: DemoMap, rng: Rng, pal: MapPalette, water: StreamWater): MapPlan {
  const plan = planOn(water);
  const s = scaleOf(map);
  const { main, halfWidth: hw } = water;
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

export function reservoirPlan(map: DemoMap, rng: Rng, water: ReservoirWater): MapPlan {
  const plan = planOn(water);
  const s = scaleOf(map);
  const warm = map.climate === 'warm';
  const { main } = water;
  const { at: D, dir: damDir, halfWidth } = water.dam;
  // The dam itself and the roads along its crest.
  const damAngle = Math.atan2(damDir[1], damDir[0]);
  const across: Pt = [-damDir[1], damDir[0]];
  const damLen = halfWidth * 2 + 46 * s;
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

export function canalPlan(map: DemoMap, rng: Rng, pal: MapPalette, water: CanalWater): MapPlan {
  const plan = planOn(water);
  const s = scaleOf(map);
  const { line, side, halfWidth: hw, y0, y1, x1, basinX: bx } = water;
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
