/**
 * The water of the coastal kinds: delta, sea (a cold cape coast or a warm bay), fjord and lagoon. As in
 * water-kinds-fresh.ts, the order of random draws is part of the pictures.
 */
import type { Rng } from '../prng';
import type { DemoMap } from '../world/maps';
import { blob, coastline, meander, regionBelow, ribbon, transpose, yAt, type Pt } from './geometry';
import { noWater, rockOutlines, scaleOf, type Shape, type WaterShapes } from './water-layout';

/** Sea below a west–east coastline, with depth zones as the same coast pushed seawards. */
function southSea(water: WaterShapes, coast: Pt[], bottom: number, steps: readonly number[]): Shape {
  const sea: Shape = { points: regionBelow(coast, bottom) };
  water.bodies.push(sea);
  water.depths.push(
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

/** x of a north–south coastline (built transposed, see capeWater) at height y. */
export function xOfCoast(coast: readonly Pt[], y: number): number {
  return yAt(transpose(coast), y);
}

export interface DeltaWater extends WaterShapes {
  coast: Pt[];
  sea: Shape;
  /** Where the river splits into its arms, and the x of each arm's mouth. */
  split: Pt;
  mouths: number[];
}

export function deltaWater(map: DemoMap, rng: Rng): DeltaWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const coast = coastline(rng, w, () => h * 0.72, h * 0.03);
  const sea = southSea(water, coast, h + 80, [40 * s, 110 * s, 220 * s, 360 * s]);
  const split: Pt = [w * rng.range(0.45, 0.55), h * 0.4];
  const trunk = meander(rng, [w * rng.range(0.4, 0.6), -80], split, { amplitude: w * 0.07, waves: 1.6, steps: 70 });
  water.bodies.push({ points: ribbon(trunk, () => 34 * s) });
  water.depths[0]?.push({ points: ribbon(trunk, () => 16 * s) });
  const mouths = [0.1, 0.37, 0.63, 0.9].map((f) => w * f + rng.range(-30, 30) * s);
  for (const x of mouths) {
    const to: Pt = [x, yAt(coast, x) + 50 * s];
    const line = meander(rng, split, to, { amplitude: 55 * s, waves: 1.3, steps: 70 });
    const hw = (t: number): number => s * (t < 0.08 ? 30 : 20 + 12 * t);
    water.bodies.push({ points: ribbon(line, hw) });
    water.depths[0]?.push({ points: ribbon(line, (t) => hw(t) * 0.42) });
  }
  // Sand bars off the mouths and two wooded barrier islets.
  for (const x of mouths) {
    const y = yAt(coast, x) + rng.range(90, 140) * s;
    water.sandbars.push({
      points: blob(rng, x + rng.range(-40, 40), y, rng.range(45, 75) * s, rng.range(8, 14) * s, { roughness: 0.1 }),
    });
  }
  for (const f of [0.24, 0.76]) {
    const x = w * f;
    water.islands.push({
      points: blob(rng, x, yAt(coast, x) + 190 * s, 70 * s, 22 * s, {
        roughness: 0.15,
        rotation: rng.range(-0.2, 0.2),
      }),
    });
  }
  return { ...water, coast, sea, split, mouths };
}

export interface CapeWater extends WaterShapes {
  /** A north–south coastline, transposed (x is the distance from the west edge); the sea lies east of it. */
  coast: Pt[];
  sea: Shape;
  /** Height of the harbour bay. */
  bayY: number;
}

/** A rocky west coast with a cape, a harbour bay and skerries (the cold sea). */
export function capeWater(map: DemoMap, rng: Rng): CapeWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const capeY = h * rng.range(0.36, 0.46);
  const bayY = h * rng.range(0.66, 0.74);
  const bump = (y: number): number =>
    w * 0.27 * Math.exp(-(((y - capeY) / (h * 0.07)) ** 2)) - w * 0.09 * Math.exp(-(((y - bayY) / (h * 0.09)) ** 2));
  // Built as a west–east coastline in transposed space: x is the distance from the west edge.
  const coast = transpose(coastline(rng, h, (y) => w * 0.4 + bump(y), w * 0.035, 14));
  const sea: Shape = { points: [...coast, [w + 80, h + 80], [w + 80, -80]] };
  water.bodies.push(sea);
  water.depths = [45, 130, 260, 420].map((d) => [
    { points: [...coast.map(([x, y]) => [x + d * s, y] as Pt), [w + 80, h + 80], [w + 80, -80]] as Pt[] },
  ]);
  for (let k = 0; k < 4; k++) {
    const y = h * rng.range(0.12, 0.92);
    const x = Math.min(w - 70, xOfCoast(coast, y) + rng.range(170, 420) * s);
    const r = rng.range(16, 42) * s;
    water.islands.push({ points: blob(rng, x, y, r * 1.3, r, { roughness: 0.3, rotation: rng.range(0, 3) }) });
    water.rocks.push(...rockOutlines(rng, [x + r * 1.8, y + r], 26 * s, 4));
  }
  return { ...water, coast, sea, bayY };
}

export interface BayWater extends WaterShapes {
  coast: Pt[];
  sea: Shape;
  /** x of the head of the bay. */
  headX: number;
}

/** A sunny bay open to the south (the warm sea). */
export function bayWater(map: DemoMap, rng: Rng): BayWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const cx = w * rng.range(0.45, 0.55);
  const coast = coastline(rng, w, (x) => h * (0.6 - 0.34 * Math.exp(-(((x - cx) / (w * 0.25)) ** 2))), h * 0.035, 14);
  const sea = southSea(water, coast, h + 80, [40 * s, 120 * s, 240 * s, 380 * s]);
  for (let k = 0; k < 3; k++) {
    const x = w * (0.2 + 0.3 * k) + rng.range(-60, 60) * s;
    const r = rng.range(22, 55) * s;
    water.islands.push({ points: blob(rng, x, h * rng.range(0.78, 0.9), r * 1.5, r, { roughness: 0.25 }) });
  }
  return { ...water, coast, sea, headX: cx };
}

export interface FjordWater extends WaterShapes {
  coast: Pt[];
  fjord: Shape;
  /** The fjord's centre line from the mouth inland, and its half-width along it (t from 0 to 1). */
  line: Pt[];
  halfWidth: (t: number) => number;
  mouthX: number;
}

export function fjordWater(map: DemoMap, rng: Rng): FjordWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const coast = coastline(rng, w, () => h * 0.86, h * 0.02);
  southSea(water, coast, h + 80, [40 * s, 120 * s, 240 * s]);
  const mouthX = w * rng.range(0.42, 0.58);
  const line = meander(rng, [mouthX, yAt(coast, mouthX) + 60], [w * rng.range(0.3, 0.55), h * 0.12], {
    amplitude: w * 0.13,
    waves: 1.7,
    steps: 120,
  });
  const hw = (t: number): number => s * (100 - 62 * t);
  const fjord: Shape = { points: ribbon(line, hw) };
  water.bodies.push(fjord);
  // Fjords are deepest inland and shallow at a sill by the mouth: the deep zones start inside the coastline with
  // rounded ends, so they never cut across the sea's own isobaths.
  const mouth = line.findIndex(([x, y]) => y < yAt(coast, x) - 30 * s);
  const basin = line.slice(Math.max(0, mouth));
  const at = (t: number): number => hw(1 - (1 - t) * (basin.length / line.length));
  water.depths[0]?.push({ points: ribbon(basin, (t) => at(t) * 0.72, true) });
  water.depths[1]?.push({ points: ribbon(basin.slice(6), (t) => at(t) * 0.46, true) });
  water.depths[2]?.push({ points: ribbon(basin.slice(14, -12), (t) => at(t) * 0.22, true) });
  const j = Math.round(line.length * rng.range(0.4, 0.5));
  const from = line[j] as Pt;
  const sideX = from[0] < w / 2 ? w + 80 : -80;
  const arm = meander(rng, from, [sideX, h * rng.range(0.25, 0.4)], { amplitude: 40 * s, waves: 1.4, steps: 50 });
  water.bodies.push({ points: ribbon(arm, (t) => s * (46 - 20 * t)) });
  water.depths[0]?.push({ points: ribbon(arm, (t) => s * (46 - 20 * t) * 0.5) });
  return { ...water, coast, fjord, line, halfWidth: hw, mouthX };
}

export interface LagoonWater extends WaterShapes {
  /** The mainland shore (west–east) and the open water south of it. */
  mainland: Pt[];
  lagoon: Shape;
  /** The barrier island's centre line (west–east). */
  barrier: Pt[];
}

export function lagoonWater(map: DemoMap, rng: Rng): LagoonWater {
  const water = noWater();
  const { width: w, height: h } = map;
  const s = scaleOf(map);
  const mainland = coastline(rng, w, () => h * 0.36, h * 0.035, 14);
  const lagoon: Shape = { points: regionBelow(mainland, h + 80) };
  water.bodies.push(lagoon);
  const barrier = coastline(rng, w, () => h * 0.64, h * 0.02, 14);
  water.depths = [50, 130, 240].map((d) => [
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
    water.islands.push({ points: ribbon(part, width), inner: ribbon(part.slice(2, -2), (t) => width(t) * 0.45) });
  }
  const inletY = yAt(barrier, gap);
  // The tide scours a deeper channel through the inlet.
  const channel = Array.from({ length: 12 }, (_, k) => [gap, inletY + (k / 11 - 0.45) * 120 * s] as Pt);
  water.depths[0]?.push({ points: ribbon(channel, (t) => s * (26 - 10 * Math.abs(t - 0.45)), true) });
  return { ...water, mainland, barrier, lagoon };
}
