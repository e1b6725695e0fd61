import { describe, expect, it } from 'vitest';
import { createRng } from '../prng';
import { DEMO_MAPS } from '../world/maps';
import type { Pt } from './geometry';
import { waterShapesOf } from './water-kinds';
import { rememberedBySquare } from './water-regions';

/** The plain even-odd crossing test over every edge: the reference the remembered answers must equal. */
function crossings(polygon: readonly Pt[], p: Pt): boolean {
  let inside = false;
  polygon.forEach(([xi, yi], i) => {
    const [xj, yj] = polygon[i === 0 ? polygon.length - 1 : i - 1]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  });
  return inside;
}

describe('rememberedBySquare', () => {
  it.each(DEMO_MAPS.map((m) => [m.id, m] as const))(
    'answers as the exact test does on map %i, anywhere and on the shores',
    (_id, map) => {
      const water = waterShapesOf(map);
      const polygons = [...water.bodies.map((b) => b.points), ...water.islands.map((i) => i.points), ...water.rocks];
      const exact = (p: Pt) => polygons.some((polygon) => crossings(polygon, p));
      const remembered = rememberedBySquare(exact, polygons);
      const rng = createRng(map.id);
      // Anywhere in and a little around the picture.
      const points = Array.from({ length: 4000 }, (): Pt => [
        rng.next() * (map.width + 40) - 20,
        rng.next() * (map.height + 40) - 20,
      ]);
      // Right at the shores: vertices, a hair beside them, and points along the edges.
      for (const polygon of polygons)
        polygon.forEach(([x, y], i) => {
          const [px, py] = polygon[i === 0 ? polygon.length - 1 : i - 1]!;
          const t = rng.next();
          points.push([x, y], [x + 1e-9, y - 1e-9], [px + t * (x - px), py + t * (y - py)], [x + 0.5, y + 0.5]);
        });
      expect(points.map((p) => remembered(p))).toEqual(points.map((p) => exact(p)));
    },
  );

  it('asks the test once per square away from the edges, and every time near one', () => {
    const square: Pt[] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ];
    const asked: Pt[] = [];
    const remembered = rememberedBySquare(
      (p) => {
        asked.push(p);
        return crossings(square, p);
      },
      [square],
    );
    // Four points in the square 40–44 (its centre 42, 42 answers for them), then one a hair off an edge, twice.
    const answers = [
      [40.5, 40.5],
      [41, 43.9],
      [43.2, 40],
      [40, 40],
      [1e-7, 50],
      [1e-7, 50],
    ].map((p) => remembered(p as Pt));
    expect(answers).toEqual([true, true, true, true, true, true]);
    expect(asked).toEqual([
      [42, 42],
      [1e-7, 50],
      [1e-7, 50],
    ]);
    expect(remembered([-1, 50])).toBe(false);
  });

  it('without polygons, asks the test itself', () => {
    const remembered = rememberedBySquare((p) => p[0] > 1, []);
    expect([remembered([2, 0]), remembered([0, 0])]).toEqual([true, false]);
  });
});
