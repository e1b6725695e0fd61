/** The collection put together from a catalogue and a logger's (star type, fish) groups, without a database. */
import { describe, expect, it } from 'vitest';
import { wireTime } from '#shared/contracts/catches';
import { type CatchGroupRow, type CollectionCatalogueView, collectionOf } from './collection-fold';

const fish = (id: number, deprecated = false) => ({ id, deprecated });

/** Fish 1, 2 on map 10; fish 2, 3 on map 20; fish 4 gone from the game (on map 10); map 30 has no fish; map 40 gone. */
function catalogue(): CollectionCatalogueView {
  const f = { 1: fish(1), 2: fish(2), 3: fish(3), 4: fish(4, true) };
  return {
    groups: {
      fish: [f[1], f[2], f[3], f[4]],
      maps: [fish(10), fish(20), fish(30), fish(40, true)],
    },
    fishByMap: new Map([
      [10, [f[1], f[2], f[4]]],
      [20, [f[2], f[3]]],
      [30, []],
      [40, [f[1]]],
    ]),
  };
}

let nextId = 1;
function group(fields: Partial<CatchGroupRow>): CatchGroupRow {
  return { id: nextId++, fish_id: 1, star_type: 0, weight: 1_000, caught_at: 1_000, map_id: 10, count: 1, ...fields };
}

describe('collectionOf', () => {
  it('lists every fish of the game not caught when there are no catches, and every map with fish at 0', () => {
    expect(collectionOf(catalogue(), [])).toEqual({
      caught: 0,
      total: 3,
      maps: [
        { map_id: 10, caught: 0, total: 2 },
        { map_id: 20, caught: 0, total: 2 },
      ],
      fishes: [1, 2, 3].map((id) => ({
        fish_id: id,
        caught: false,
        catch_count: 0,
        heaviest: null,
        best_star_type: null,
      })),
    });
  });

  it('sums the groups of a fish, keeps its first heaviest catch and its highest trophy star type', () => {
    const collection = collectionOf(catalogue(), [
      group({ fish_id: 2, star_type: 0, weight: 3_000, caught_at: 500, map_id: 20, count: '7' }),
      group({ fish_id: 2, star_type: 448, weight: 2_000, caught_at: 100, count: 2 }),
      group({ fish_id: 2, star_type: 446, weight: 3_000, caught_at: 200, map_id: 10, count: 1 }),
      group({ fish_id: 2, star_type: 452, weight: 900, caught_at: 900, count: 1 }),
    ]);
    expect(collection.fishes[1]).toEqual({
      fish_id: 2,
      caught: true,
      catch_count: 11,
      heaviest: { weight: 3_000, caught_at: wireTime(200), map_id: 10, star_type: 446 },
      best_star_type: 452,
    });
    expect(collection.caught).toBe(1);
    // Fish 2 lives on both maps: each counts it.
    expect(collection.maps).toEqual([
      { map_id: 10, caught: 1, total: 2 },
      { map_id: 20, caught: 1, total: 2 },
    ]);
  });

  it('counts a group given twice (two equally heavy catches of one millisecond) once, and keeps the first stored', () => {
    const first = group({ fish_id: 1, star_type: 449, weight: 4_000, caught_at: 300, map_id: 10, count: 3 });
    const second = group({ fish_id: 1, star_type: 449, weight: 4_000, caught_at: 300, map_id: 20, count: 3 });
    const collection = collectionOf(catalogue(), [second, first]);
    expect(collection.fishes[0]).toMatchObject({ catch_count: 3, heaviest: { map_id: 10 }, best_star_type: 449 });
  });

  it('shows a deprecated fish the player caught after the others, outside the totals; ignores fish unknown to the catalogue', () => {
    const collection = collectionOf(catalogue(), [group({ fish_id: 4 }), group({ fish_id: 99 })]);
    expect(collection.fishes.map((entry) => [entry.fish_id, entry.caught])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(collection.caught).toBe(0);
    expect(collection.total).toBe(3);
    expect(collection.maps.find((map) => map.map_id === 10)).toEqual({ map_id: 10, caught: 0, total: 2 });
  });

  it('shows stored values out of their bounds at the nearest bound, and an unknown star type as 0', () => {
    const collection = collectionOf(catalogue(), [
      group({ fish_id: 3, star_type: 999, weight: 1e15, count: -4, map_id: 20 }),
    ]);
    expect(collection.fishes[2]).toMatchObject({
      catch_count: 0,
      best_star_type: null,
      heaviest: { star_type: 0, map_id: 20 },
    });
    expect(collection.fishes[2]!.heaviest!.weight).toBeLessThan(1e15);
  });
});
