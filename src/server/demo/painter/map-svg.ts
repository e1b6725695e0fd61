/**
 * The demo map painter: one SVG picture per map, rasterised by render-images.ts (its only user). Frozen: the pictures
 * are pinned by map-svg.test.ts; the water it draws comes from water/, where catch placement reads it too.
 */
import { createRng, seedOf, type Rng } from '../prng';
import { blob, centroid, inwardNormal, pointInPolygon, scaleAbout, type Pt } from '../water/geometry';
import type { Shape } from '../water/water-layout';
import { wetTest } from '../water/water-regions';
import type { DemoMap } from '../world/maps';
import { house } from './map-features';
import { mapGrid } from './map-grid';
import { planFor } from './map-kinds';
import { paletteFor, type MapPalette } from './map-palette';
import type { MapPlan } from './map-plan';
import { n1, polygonPath, smoothClosed, smoothOpen } from './svg-path';

function shapePath(shape: Shape): string {
  return shape.smooth === false ? polygonPath(shape.points) : smoothClosed(shape.points);
}

function defs(rng: Rng, pal: MapPalette): string {
  const specks = Array.from({ length: 16 }, () => {
    const r = rng.range(0.8, 2.2);
    return `<circle cx="${n1(rng.range(0, 48))}" cy="${n1(rng.range(0, 48))}" r="${n1(r)}"/>`;
  }).join('');
  return (
    '<defs>' +
    `<pattern id="speck" width="48" height="48" patternUnits="userSpaceOnUse"><g fill="${pal.landSpeck}" fill-opacity="0.6">${specks}</g></pattern>` +
    '<pattern id="waves" width="40" height="26" patternUnits="userSpaceOnUse">' +
    '<path d="M4 8q5 -4 10 0t10 0M22 21q5 -4 10 0t10 0" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="1.1"/>' +
    '</pattern>' +
    '</defs>'
  );
}

/** Somewhere on dry land, or undefined after a few tries (a map that is mostly sea). */
function landPoint(rng: Rng, w: number, h: number, isWater: (p: Pt, m?: number) => boolean, margin: number) {
  for (let i = 0; i < 30; i++) {
    const p: Pt = [rng.range(0, w), rng.range(0, h)];
    if (!isWater(p, margin)) return p;
  }
  return undefined;
}

function hills(rng: Rng, map: DemoMap, pal: MapPalette, plan: MapPlan, isWater: (p: Pt, m?: number) => boolean) {
  const out: string[] = [];
  const count = plan.terrain.hills;
  const tints = plan.hillTints ?? pal.hill;
  const scale = Math.min(map.width, map.height) / 1000;
  for (let i = 0; i < count; i++) {
    const c = landPoint(rng, map.width, map.height, isWater, 60 * scale);
    if (!c) continue;
    const r = rng.range(70, 160) * scale;
    const base = blob(rng, c[0], c[1], r * rng.range(0.9, 1.5), r, { roughness: 0.16, rotation: rng.range(0, 3.14) });
    tints.forEach((fill, k) => {
      const ring = scaleAbout(base, c[0], c[1], 1 - k * (0.8 / tints.length));
      out.push(
        `<path d="${smoothClosed(ring)}" fill="${fill}" stroke="${pal.contour}" stroke-opacity="0.4" stroke-width="1"/>`,
      );
    });
  }
  return out.join('');
}

function fields(rng: Rng, map: DemoMap, pal: MapPalette, groups: number, isWater: (p: Pt, m?: number) => boolean) {
  const out: string[] = [];
  const placed: Pt[][] = [];
  const taken = (p: Pt): boolean => placed.some((f) => pointInPolygon(p, f));
  for (let g = 0; g < groups; g++) {
    const c = landPoint(rng, map.width, map.height, isWater, 90);
    if (!c) continue;
    const angle = rng.range(-0.5, 0.5);
    const cw = rng.range(55, 95);
    const ch = rng.range(45, 80);
    const nx = rng.int(2, 5);
    const ny = rng.int(2, 4);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const at = (x: number, y: number): Pt => [c[0] + x * cos - y * sin, c[1] + x * sin + y * cos];
    for (let ix = 0; ix < nx; ix++) {
      for (let iy = 0; iy < ny; iy++) {
        if (rng.chance(0.15)) continue;
        const x0 = (ix - nx / 2) * cw;
        const y0 = (iy - ny / 2) * ch;
        const corners = [at(x0, y0), at(x0 + cw, y0), at(x0 + cw, y0 + ch), at(x0, y0 + ch)];
        const middle = at(x0 + cw / 2, y0 + ch / 2);
        if (corners.some((p) => isWater(p, 14) || taken(p)) || taken(middle)) continue;
        placed.push(corners);
        out.push(
          `<path d="${polygonPath(corners)}" fill="${rng.pick(pal.fields)}" stroke="${pal.hedge}" stroke-width="2"/>`,
        );
      }
    }
  }
  return out.join('');
}

/** Trees are batched into one path per colour: thousands of circles as one element render much faster. */
class TreeBatch {
  private readonly byColour = new Map<string, string[]>();
  private readonly shadows: string[] = [];

  constructor(private readonly conifers: boolean) {}

  add(p: Pt, r: number, colour: string): void {
    const [x, y] = p;
    const list = this.byColour.get(colour) ?? [];
    if (this.conifers) {
      list.push(`M${n1(x)} ${n1(y - r * 1.3)}L${n1(x + r)} ${n1(y + r)}L${n1(x - r)} ${n1(y + r)}Z`);
    } else {
      list.push(
        `M${n1(x - r)} ${n1(y)}a${n1(r)} ${n1(r)} 0 1 0 ${n1(2 * r)} 0a${n1(r)} ${n1(r)} 0 1 0 ${n1(-2 * r)} 0`,
      );
    }
    this.byColour.set(colour, list);
    const sr = r * 0.9;
    this.shadows.push(
      `M${n1(x - sr + 1.5)} ${n1(y + 2)}a${n1(sr)} ${n1(sr)} 0 1 0 ${n1(2 * sr)} 0a${n1(sr)} ${n1(sr)} 0 1 0 ${n1(-2 * sr)} 0`,
    );
  }

  svg(): string {
    let out = `<path d="${this.shadows.join('')}" fill="#2d4a22" fill-opacity="0.22"/>`;
    for (const [colour, list] of this.byColour) out += `<path d="${list.join('')}" fill="${colour}"/>`;
    return out;
  }
}

function forests(rng: Rng, map: DemoMap, pal: MapPalette, count: number, isWater: (p: Pt, m?: number) => boolean) {
  const patches: string[] = [];
  const trees = new TreeBatch(pal.conifers);
  const scale = Math.min(map.width, map.height) / 1000;
  for (let i = 0; i < count; i++) {
    const c = landPoint(rng, map.width, map.height, isWater, 30);
    if (!c) continue;
    const rx = rng.range(60, 170) * scale;
    const ry = rx * rng.range(0.5, 1);
    const shape = blob(rng, c[0], c[1], rx, ry, { roughness: 0.25, rotation: rng.range(0, 3.14) });
    patches.push(`<path d="${smoothClosed(shape)}" fill="${pal.forest}" fill-opacity="0.75"/>`);
    const n = Math.min(220, Math.round((rx * ry) / 170));
    for (let t = 0; t < n; t++) {
      const p: Pt = [c[0] + rng.range(-rx, rx) * 1.2, c[1] + rng.range(-ry, ry) * 1.2];
      if (!pointInPolygon(p, shape) || isWater(p, 7)) continue;
      trees.add(p, rng.range(4.5, 8.5), rng.pick(pal.trees));
    }
  }
  // Lone trees and hedgerow trees between the woods.
  for (let t = 0; t < 70; t++) {
    const p = landPoint(rng, map.width, map.height, isWater, 8);
    if (p) trees.add(p, rng.range(4, 7), rng.pick(pal.trees));
  }
  return patches.join('') + trees.svg();
}

function roads(plan: MapPlan, pal: MapPalette): string {
  return plan.roads
    .map((line) => {
      const d = smoothOpen(line);
      return (
        `<path d="${d}" fill="none" stroke="${pal.roadCasing}" stroke-width="7.5" stroke-linecap="round"/>` +
        `<path d="${d}" fill="none" stroke="${pal.road}" stroke-width="4.5" stroke-linecap="round"/>`
      );
    })
    .join('');
}

function water(plan: MapPlan, pal: MapPalette): string {
  const shore = plan.shoreColor ?? pal.sand;
  const paths = plan.bodies.map(shapePath);
  let out = paths
    .map(
      (d) =>
        `<path d="${d}" fill="${shore}" stroke="${shore}" stroke-width="${plan.shoreWidth * 2}" stroke-linejoin="round"/>`,
    )
    .join('');
  out += paths.map((d) => `<path d="${d}" fill="${pal.water[0]}"/>`).join('');
  // Per level, outlines first and fills on top: overlapping zones (a reservoir arm over its basin) then show one
  // isobath around their union instead of criss-crossing lines.
  plan.depths.forEach((level, i) => {
    const fill = pal.water[Math.min(i + 1, pal.water.length - 1)];
    const ds = level.map(shapePath);
    out += ds
      .map((d) => `<path d="${d}" fill="none" stroke="#e8f4fa" stroke-opacity="0.5" stroke-width="2.2"/>`)
      .join('');
    out += ds.map((d) => `<path d="${d}" fill="${fill}"/>`).join('');
  });
  out += paths.map((d) => `<path d="${d}" fill="url(#waves)"/>`).join('');
  return out;
}

function islandsAndBars(rng: Rng, plan: MapPlan, pal: MapPalette): string {
  let out = plan.sandbars
    .map((s) => `<path d="${shapePath(s)}" fill="${pal.sand}" stroke="#cdbb85" stroke-width="1"/>`)
    .join('');
  const trees = new TreeBatch(pal.conifers);
  for (const island of plan.islands) {
    const d = shapePath(island);
    const [cx, cy] = centroid(island.points);
    const inner = island.inner ?? scaleAbout(island.points, cx, cy, 0.78);
    out += `<path d="${d}" fill="${pal.sand}" stroke="${pal.sand}" stroke-width="${plan.shoreWidth}" stroke-linejoin="round"/>`;
    out += `<path d="${smoothClosed(inner)}" fill="${pal.land}"/>`;
    const xs = inner.map((p) => p[0]);
    const ys = inner.map((p) => p[1]);
    const area = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
    for (let t = 0; t < Math.min(40, area / 300); t++) {
      const p: Pt = [rng.range(Math.min(...xs), Math.max(...xs)), rng.range(Math.min(...ys), Math.max(...ys))];
      if (pointInPolygon(p, scaleAbout(inner, cx, cy, 0.85))) trees.add(p, rng.range(4, 7), rng.pick(pal.trees));
    }
  }
  return out + trees.svg();
}

function reedsAndPads(rng: Rng, map: DemoMap, plan: MapPlan, pal: MapPalette, isWater: (p: Pt) => boolean): string {
  const inside = (p: Pt): boolean => p[0] > 6 && p[1] > 6 && p[0] < map.width - 6 && p[1] < map.height - 6;
  let tufts = '';
  if (plan.reeds > 0) {
    for (const body of plan.bodies) {
      body.points.forEach((p, i) => {
        if (!inside(p) || !rng.chance(plan.reeds)) return;
        const nrm = inwardNormal(body.points, i);
        // Only real shores: a vertex whose outside is still water lies inside another body (a channel mouth).
        if (isWater([p[0] - nrm[0] * (plan.shoreWidth + 4), p[1] - nrm[1] * (plan.shoreWidth + 4)])) return;
        const q: Pt = [p[0] + nrm[0] * rng.range(2, 9), p[1] + nrm[1] * rng.range(2, 9)];
        for (let k = 0; k < 5; k++) {
          const a = -Math.PI / 2 + rng.range(-0.7, 0.7);
          const len = rng.range(5, 10);
          const s: Pt = [q[0] + rng.range(-4, 4), q[1] + rng.range(-2, 2)];
          tufts += `M${n1(s[0])} ${n1(s[1])}l${n1(Math.cos(a) * len)} ${n1(Math.sin(a) * len)}`;
        }
      });
    }
  }
  let out = tufts
    ? `<path d="${tufts}" stroke="${pal.reed}" stroke-width="1.6" stroke-linecap="round" fill="none"/>`
    : '';

  let pads = '';
  let flowers = '';
  const bodies = plan.bodies.filter((b) => b.points.length > 12);
  for (let k = 0; k < plan.pads.count && bodies.length > 0; k++) {
    const body = rng.pick(bodies);
    const i = rng.int(0, body.points.length - 1);
    const p = body.points[i] as Pt;
    const nrm = inwardNormal(body.points, i);
    if (isWater([p[0] - nrm[0] * (plan.shoreWidth + 4), p[1] - nrm[1] * (plan.shoreWidth + 4)])) continue;
    const q: Pt = [p[0] + nrm[0] * rng.range(12, 55) + rng.range(-8, 8), p[1] + nrm[1] * rng.range(12, 55)];
    if (!inside(q) || !isWater(q)) continue;
    const r = rng.range(3.5, 7);
    const a = rng.range(0, Math.PI * 2);
    const [x1, y1] = [q[0] + Math.cos(a + 0.5) * r, q[1] + Math.sin(a + 0.5) * r];
    const [x2, y2] = [q[0] + Math.cos(a - 0.5) * r, q[1] + Math.sin(a - 0.5) * r];
    pads += `M${n1(q[0])} ${n1(q[1])}L${n1(x1)} ${n1(y1)}A${n1(r)} ${n1(r)} 0 1 1 ${n1(x2)} ${n1(y2)}Z`;
    if (plan.pads.lotus && rng.chance(0.45)) {
      flowers += `M${n1(q[0] - 2.4)} ${n1(q[1])}a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0 -4.8 0`;
    }
  }
  if (pads) out += `<path d="${pads}" fill="#5f9a45" stroke="#3f6f2c" stroke-width="0.6"/>`;
  if (flowers) out += `<path d="${flowers}" fill="#f08cb2" stroke="#c45c85" stroke-width="0.6"/>`;
  return out;
}

function villages(rng: Rng, plan: MapPlan, pal: MapPalette, isWater: (p: Pt, m?: number) => boolean): string {
  let out = '';
  for (const c of plan.villages) {
    const angle = rng.range(0, Math.PI);
    const count = rng.int(6, 12);
    for (let k = 0; k < count; k++) {
      const p: Pt = [c[0] + rng.range(-70, 70), c[1] + rng.range(-55, 55)];
      if (isWater(p, 14)) continue;
      const turn = angle + (rng.chance(0.5) ? 0 : Math.PI / 2) + rng.range(-0.08, 0.08);
      out += house(p[0], p[1], rng.range(13, 22), rng.range(9, 13), turn, pal.roof);
    }
  }
  return out;
}

/** The full SVG picture of a map. Deterministic: the same map always gives the same picture. */
export function buildMapSvg(map: DemoMap): string {
  const rng = createRng(seedOf(0x3a95, map.id));
  const pal = paletteFor(map);
  const plan = planFor(map, pal);
  const isWater = wetTest(plan);
  const { width: w, height: h } = map;
  const parts = [
    defs(rng, pal),
    `<rect width="${w}" height="${h}" fill="${pal.land}"/>`,
    `<rect width="${w}" height="${h}" fill="url(#speck)"/>`,
    hills(rng, map, pal, plan, isWater),
    fields(rng, map, pal, plan.terrain.fields, isWater),
    forests(rng, map, pal, plan.terrain.forests, isWater),
    roads(plan, pal),
    ...plan.under,
    water(plan, pal),
    islandsAndBars(rng, plan, pal),
    reedsAndPads(rng, map, plan, pal, isWater),
    ...plan.over,
    villages(rng, plan, pal, isWater),
    mapGrid(map),
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    parts.join('') +
    '</svg>'
  );
}
