import { describe, expect, it } from 'vitest';
import { createRng } from '../prng';
import { DEMO_MAPS, type DemoMap } from '../world/maps';
import { centroid } from './geometry';
import { waterShapesOf } from './water-kinds';
import { isInWater, randomWaterPoint, toGame, waterPointNear } from './water-shapes';

const mapById = (id: number): DemoMap => {
  const map = DEMO_MAPS.find((m) => m.id === id);
  if (!map) throw new Error(`no map ${id}`);
  return map;
};

/** A game point at a fraction of the map's width (from the west) and height (from the south). */
const at = (map: DemoMap, east: number, north: number) => ({
  x: map.bounds.x_min + east * (map.bounds.x_max - map.bounds.x_min),
  y: map.bounds.y_min + north * (map.bounds.y_max - map.bounds.y_min),
});

describe('randomWaterPoint', () => {
  it.each(DEMO_MAPS.map((m) => [m.id, m.name_en, m] as const))(
    'puts points inside the bounds and in the water of map %i (%s)',
    (id, _name, map) => {
      const rng = createRng(id);
      for (let i = 0; i < 300; i++) {
        const { x, y } = randomWaterPoint(id, rng);
        expect(x).toBeGreaterThanOrEqual(map.bounds.x_min);
        expect(x).toBeLessThanOrEqual(map.bounds.x_max);
        expect(y).toBeGreaterThanOrEqual(map.bounds.y_min);
        expect(y).toBeLessThanOrEqual(map.bounds.y_max);
        expect(isInWater(id, x, y), `${x}, ${y}`).toBe(true);
      }
    },
  );

  it('spreads points over the whole water, not one spot', () => {
    // Mirror Lake (100) is a lake of about 600 × 600 game units in the middle of the map.
    const rng = createRng(7);
    const points = Array.from({ length: 400 }, () => randomWaterPoint(100, rng));
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(400);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(400);
  });

  it('refuses a map that is not a demo map', () => {
    expect(() => randomWaterPoint(99_999, createRng(1))).toThrow(RangeError);
    expect(() => isInWater(99_999, 0, 0)).toThrow(RangeError);
  });
});

describe('isInWater', () => {
  it('is false on land: the corners of a lake map, and outside the bounds', () => {
    const lake = mapById(100);
    expect(lake.kind).toBe('lake');
    for (const [east, north] of [
      [0.02, 0.02],
      [0.98, 0.98],
    ] as const) {
      const { x, y } = at(lake, east, north);
      expect(isInWater(100, x, y), `${east}, ${north}`).toBe(false);
    }
    expect(isInWater(100, lake.bounds.x_min - 10, 500)).toBe(false);
  });

  it('is false on islands and sand bars inside the water', () => {
    for (const map of DEMO_MAPS) {
      const water = waterShapesOf(map);
      for (const dry of [...water.islands, ...water.sandbars]) {
        const middle = toGame(map, centroid(dry.inner ?? dry.points));
        const inside =
          middle.x > map.bounds.x_min &&
          middle.x < map.bounds.x_max &&
          middle.y > map.bounds.y_min &&
          middle.y < map.bounds.y_max;
        if (inside) expect(isInWater(map.id, middle.x, middle.y), `map ${map.id}`).toBe(false);
      }
    }
  });

  it('reads y northwards: the warm bay opens to the south, the cold cape coast to the east', () => {
    const bay = mapById(109);
    expect([bay.kind, bay.climate]).toEqual(['sea', 'warm']);
    const south = at(bay, 0.05, 0.05);
    const north = at(bay, 0.05, 0.95);
    expect(isInWater(109, south.x, south.y)).toBe(true);
    expect(isInWater(109, north.x, north.y)).toBe(false);

    const cape = mapById(108);
    expect([cape.kind, cape.climate]).toEqual(['sea', 'cold']);
    const east = at(cape, 0.97, 0.5);
    const west = at(cape, 0.03, 0.5);
    expect(isInWater(108, east.x, east.y)).toBe(true);
    expect(isInWater(108, west.x, west.y)).toBe(false);
  });
});

describe('waterPointNear', () => {
  it('stays within the radius of a spot in the water', () => {
    const rng = createRng(3);
    const spot = randomWaterPoint(102, rng);
    for (let i = 0; i < 100; i++) {
      const p = waterPointNear(102, spot.x, spot.y, 40, rng);
      expect(Math.hypot(p.x - spot.x, p.y - spot.y)).toBeLessThanOrEqual(40);
      expect(isInWater(102, p.x, p.y)).toBe(true);
    }
  });

  it('falls back to anywhere in the water when the spot is far inland', () => {
    const lake = mapById(100);
    const corner = at(lake, 0.01, 0.01);
    const p = waterPointNear(100, corner.x, corner.y, 5, createRng(4));
    expect(isInWater(100, p.x, p.y)).toBe(true);
  });
});
