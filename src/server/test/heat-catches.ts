/**
 * Random catches for the heat map's exactness tests (features/heatmap): anywhere on a few test maps, cell edges and
 * the maps' edges included, at times a test draws (UTC midnights and a millisecond either side among them).
 */
import fc from 'fast-check';
import { wireTime } from '#shared/contracts/catches';
import { STAR_TYPES } from '#shared/game/catch-attributes';
import type { IngestionCatalogueView } from '../catch-store/catch-store';
import { DAY_MS } from '../catch-store/catch-reads';
import { type CatchPlace, validCatch } from './catch-fixtures';

/** A test map: its id, a few fish that live on it, its bounds and each fish's minimum weight. */
export interface HeatTestMap {
  mapId: number;
  fishIds: number[];
  bounds: { x_min: number; y_min: number; x_max: number; y_max: number };
  minWeight: Map<number, number>;
}

/** The catalogue's first `maps` maps, each with its first `fish` fish. */
export function heatTestMaps(catalogue: IngestionCatalogueView, maps: number, fish: number): HeatTestMap[] {
  return [...catalogue.maps].slice(0, maps).map(([mapId, map]) => {
    const living = [...catalogue.fish].filter(([, f]) => f.data.maps.includes(mapId));
    return {
      mapId,
      fishIds: living.slice(0, fish).map(([id]) => id),
      bounds: map.data.bounds,
      minWeight: new Map(living.map(([id, f]) => [id, f.data.min_weight])),
    };
  });
}

/** Any instant in `[from, to]`, or exactly on the UTC midnight `d` days before `today` (d in `days`), ±1 ms. */
export function arbitraryCatchTime(from: number, to: number, today: number, days: [number, number]) {
  return fc.oneof(
    fc.integer({ min: from, max: to }),
    fc
      .integer({ min: days[0], max: days[1] })
      .chain((d) => fc.constantFrom(-1, 0, 1).map((ms) => (today - d) * DAY_MS + ms)),
  );
}

/** A valid catch on one of `maps()` at a time `at` draws (the maps and place are read when a catch is drawn). */
export function arbitraryHeatCatch(
  maps: () => readonly HeatTestMap[],
  place: () => CatchPlace,
  at: fc.Arbitrary<number>,
) {
  const share = fc.oneof(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 0, max: 128 }).map((i) => i / 128),
  );
  return fc
    .record({ mapIndex: fc.nat(), fishIndex: fc.nat(), star: fc.constantFrom(...STAR_TYPES), at, u: share, v: share })
    .map(({ mapIndex, fishIndex, star, at: time, u, v }) => {
      const map = maps()[mapIndex % maps().length]!;
      const fishId = map.fishIds[fishIndex % map.fishIds.length]!;
      const { x_min, x_max, y_min, y_max } = map.bounds;
      return validCatch(place(), {
        map_id: map.mapId,
        fish_id: fishId,
        weight: map.minWeight.get(fishId),
        star_type: star,
        caught_at: wireTime(time),
        x: Math.min(x_max, x_min + u * (x_max - x_min)),
        y: Math.min(y_max, y_min + v * (y_max - y_min)),
      });
    });
}
