/**
 * The water of a demo map as data, in picture pixels (x right, y down; the map's width × height). The painter draws
 * these shapes and catch placement (water-shapes.ts) tests points against them, so a catch never lands on the land
 * of its picture.
 */
import { createRng, seedOf, type Rng } from '../prng';
import type { DemoMap } from '../world/maps';
import { blob, type Pt } from './geometry';

/** A closed shape; smooth shapes are drawn as splines through the points, others as straight edges. */
export interface Shape {
  points: Pt[];
  smooth?: boolean;
  /** Islands only: the vegetated part inside the sandy rim (default: the outline shrunk about its centre). */
  inner?: Pt[];
}

export interface WaterShapes {
  /** All open water: lakes, river ribbons, the sea. */
  bodies: Shape[];
  /** Deeper zones, shallow to deep; each level is drawn darker over the previous one. */
  depths: Shape[][];
  /** Land inside the water, drawn above it with a sandy rim. */
  islands: Shape[];
  /** Bare sand above the water (river bars, shoals). */
  sandbars: Shape[];
  /** Skerries: bare rocks standing in open water (outlines). */
  rocks: Pt[][];
}

export function noWater(): WaterShapes {
  return { bodies: [], depths: [], islands: [], sandbars: [], rocks: [] };
}

/**
 * The random stream a map's layout is drawn from. The water is drawn first, the painter's roads, piers and villages
 * continue the same stream, so the water of a map stays where its picture shows it.
 */
export function layoutRng(map: Pick<DemoMap, 'id'>): Rng {
  return createRng(seedOf(0x91a7, map.id));
}

/** Size factor: shapes are designed for a 1000 px picture and scaled to the map's shorter side. */
export function scaleOf(map: DemoMap): number {
  return Math.min(map.width, map.height) / 1000;
}

/** Where a line from the centre through `p` leaves the picture (plus a margin), for inflowing streams and roads. */
export function towardsEdge(map: DemoMap, c: Pt, p: Pt, margin = 60): Pt {
  const dx = p[0] - c[0];
  const dy = p[1] - c[1];
  const len = Math.hypot(dx, dy) || 1;
  const tx = dx > 0 ? (map.width + margin - c[0]) / dx : dx < 0 ? (-margin - c[0]) / dx : Infinity;
  const ty = dy > 0 ? (map.height + margin - c[1]) / dy : dy < 0 ? (-margin - c[1]) / dy : Infinity;
  const t = Math.min(tx, ty);
  return Number.isFinite(t) ? [c[0] + dx * t, c[1] + dy * t] : [c[0] + (dx / len) * 2000, c[1] + (dy / len) * 2000];
}

/** Outlines of a few boulders or skerries scattered around a point. */
export function rockOutlines(rng: Rng, centre: Pt, spread: number, count: number): Pt[][] {
  const outlines: Pt[][] = [];
  for (let k = 0; k < count; k++) {
    const r = rng.range(2.5, 7);
    const c: Pt = [centre[0] + rng.range(-spread, spread), centre[1] + rng.range(-spread, spread)];
    outlines.push(blob(rng, c[0], c[1], r * 1.3, r, { points: 9, roughness: 0.2 }));
  }
  return outlines;
}
