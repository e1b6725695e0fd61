import type { Rng } from '../prng';
import { inwardNormal, pointInPolygon, type Pt } from '../water/geometry';
import { rockOutlines, type Shape } from '../water/water-layout';
import type { DemoMap } from '../world/maps';
import { boat, pier, rock } from './map-features';
import type { MapPlan } from './map-plan';
import { n1, smoothClosed } from './svg-path';

export function insideCanvas(map: DemoMap, p: Pt, margin: number): boolean {
  return p[0] > margin && p[1] > margin && p[0] < map.width - margin && p[1] < map.height - margin;
}

/** Jetties at random shore points of a body (inside the picture), some with a moored boat. */
export function addPiers(rng: Rng, map: DemoMap, plan: MapPlan, body: Shape, count: number): void {
  const candidates = body.points.map((p, i) => ({ p, i })).filter(({ p }) => insideCanvas(map, p, 60));
  for (const { p, i } of rng.shuffle(candidates).slice(0, count)) {
    const nrm = inwardNormal(body.points, i);
    const angle = Math.atan2(nrm[1], nrm[0]);
    const length = rng.range(22, 34);
    const start: Pt = [p[0] - nrm[0] * plan.shoreWidth * 0.5, p[1] - nrm[1] * plan.shoreWidth * 0.5];
    plan.over.push(pier(start, angle, length + plan.shoreWidth * 0.5));
    if (rng.chance(0.6)) {
      const side = rng.chance(0.5) ? 1 : -1;
      const bx = start[0] + nrm[0] * length * 0.7 - nrm[1] * 12 * side;
      const by = start[1] + nrm[1] * length * 0.7 + nrm[0] * 12 * side;
      plan.over.push(boat(bx, by, angle, 9));
    }
  }
}

/** Cliff hatching on the land side of part of a shore (vertices from..to). */
export function addCliffs(plan: MapPlan, body: Shape, from: number, to: number, colour: string): void {
  let d = '';
  const n = body.points.length;
  for (let k = from; k < to; k++) {
    const i = ((k % n) + n) % n;
    const p = body.points[i] as Pt;
    const nrm = inwardNormal(body.points, i);
    const a: Pt = [p[0] - nrm[0] * (plan.shoreWidth + 1), p[1] - nrm[1] * (plan.shoreWidth + 1)];
    const len = 9 + (k % 3) * 4;
    // Skip shore points that another body (a flooded side valley) has drowned.
    const tip: Pt = [a[0] - nrm[0] * len, a[1] - nrm[1] * len];
    if (plan.bodies.some((b) => pointInPolygon(a, b.points) || pointInPolygon(tip, b.points))) continue;
    d += `M${n1(a[0])} ${n1(a[1])}l${n1(-nrm[0] * len)} ${n1(-nrm[1] * len)}`;
  }
  plan.over.push(`<path d="${d}" stroke="${colour}" stroke-width="2.4" stroke-linecap="round" fill="none"/>`);
}

/** Scattered boulders or skerries around a point. */
export function addRocks(rng: Rng, plan: MapPlan, centre: Pt, spread: number, count: number, fill: string): void {
  for (const outline of rockOutlines(rng, centre, spread, count)) plan.over.push(rock(smoothClosed(outline), fill));
}

/** Boats moored in a row (marinas, harbours). */
export function addBoats(plan: MapPlan, from: Pt, step: Pt, count: number, angle: number): void {
  for (let k = 0; k < count; k++) plan.over.push(boat(from[0] + step[0] * k, from[1] + step[1] * k, angle, 10));
}
