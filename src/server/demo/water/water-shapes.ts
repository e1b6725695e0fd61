/**
 * Where the water is on the demo maps, in game coordinates: x grows east from `bounds.x_min` to `x_max`, y grows north
 * from `y_min` to `y_max` (docs/catch-data-api.md §1), while the pictures count pixels from the top-left corner.
 * Simulated catches are placed with these functions; they use the same shapes as the pictures and never load the
 * painter.
 */
import type { Rng } from '../prng';
import { DEMO_MAPS, type DemoMap } from '../world/maps';
import type { Pt } from './geometry';
import { waterShapesOf } from './water-kinds';
import { openWaterTest } from './water-regions';

export interface GamePoint {
  x: number;
  y: number;
}

/** Candidate cells for random points, in pixels: small enough for the narrowest stream, a few thousand per map. */
const CELL = 8;
/** Catches keep this far (in pixels) from a shore, so none is drawn on a sandy rim. */
const SHORE_MARGIN = 4;
const TRIES = 30;

interface MapWater {
  map: DemoMap;
  open: (p: Pt) => boolean;
  /** Top-left corners of the cells whose centre is open water. */
  cells: Pt[];
}

const cache = new Map<number, MapWater>();

function waterOf(mapId: number): MapWater {
  const cached = cache.get(mapId);
  if (cached) return cached;
  const map = DEMO_MAPS.find((m) => m.id === mapId);
  if (!map) throw new RangeError(`map ${mapId} is not a demo map`);
  const open = openWaterTest(waterShapesOf(map));
  const cells: Pt[] = [];
  for (let y = 0; y < map.height; y += CELL) {
    for (let x = 0; x < map.width; x += CELL) if (open([x + CELL / 2, y + CELL / 2])) cells.push([x, y]);
  }
  if (cells.length === 0) throw new Error(`map ${mapId} has no open water`);
  const water = { map, open, cells };
  cache.set(mapId, water);
  return water;
}

export function toPicture(map: DemoMap, x: number, y: number): Pt {
  const { x_min, x_max, y_min, y_max } = map.bounds;
  return [((x - x_min) / (x_max - x_min)) * map.width, ((y_max - y) / (y_max - y_min)) * map.height];
}

export function toGame(map: DemoMap, p: Pt): GamePoint {
  const { x_min, x_max, y_min, y_max } = map.bounds;
  return { x: x_min + (p[0] / map.width) * (x_max - x_min), y: y_max - (p[1] / map.height) * (y_max - y_min) };
}

function inPicture(map: DemoMap, p: Pt): boolean {
  return p[0] >= 0 && p[1] >= 0 && p[0] <= map.width && p[1] <= map.height;
}

/** Open water with room around it: the point and the points SHORE_MARGIN pixels north, south, east and west. */
function roomy(water: MapWater, p: Pt): boolean {
  const m = SHORE_MARGIN;
  const around: Pt[] = [p, [p[0] + m, p[1]], [p[0] - m, p[1]], [p[0], p[1] + m], [p[0], p[1] - m]];
  return around.every((q) => inPicture(water.map, q) && water.open(q));
}

/** True when the game point lies in open water of the demo map (not on land, an island, a sand bar or a rock). */
export function isInWater(mapId: number, x: number, y: number): boolean {
  const water = waterOf(mapId);
  const p = toPicture(water.map, x, y);
  return inPicture(water.map, p) && water.open(p);
}

/** A point in open water, spread evenly over the map's water and kept off the shores. */
export function randomWaterPoint(mapId: number, rng: Rng): GamePoint {
  const water = waterOf(mapId);
  let cell = rng.pick(water.cells);
  for (let i = 0; i < TRIES; i++) {
    const p: Pt = [cell[0] + rng.next() * CELL, cell[1] + rng.next() * CELL];
    if (roomy(water, p)) return toGame(water.map, p);
    cell = rng.pick(water.cells);
  }
  // Only a map that is nearly all shore gets here: a cell centre is open water, if close to land.
  return toGame(water.map, [cell[0] + CELL / 2, cell[1] + CELL / 2]);
}

/**
 * A point in open water within `radius` game units of (x, y), for catches that cluster around a spot; a point
 * anywhere in the water when the surroundings are dry.
 */
export function waterPointNear(mapId: number, x: number, y: number, radius: number, rng: Rng): GamePoint {
  const water = waterOf(mapId);
  for (let i = 0; i < TRIES; i++) {
    const r = radius * Math.sqrt(rng.next());
    const a = rng.next() * Math.PI * 2;
    const p = toPicture(water.map, x + r * Math.cos(a), y + r * Math.sin(a));
    if (roomy(water, p)) return toGame(water.map, p);
  }
  return randomWaterPoint(mapId, rng);
}
