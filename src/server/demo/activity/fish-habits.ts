/**
 * What each demo fish likes: the patterns players can discover in the demo world's catches (bait guide, heat map,
 * logs). Each species favours a few baits of one or two bait types, a depth, a time of day, two weathers and a few
 * spots on each of its maps, placed in open water. Derived from the world data with seeded streams only, so the
 * same habits come out on every run.
 */
import { WEATHER_KINDS, type WeatherKind } from '#shared/game/catch-attributes';
import { assignFishMaps } from '../fish-maps';
import { createRng, seedOf } from '../prng';
import { starWeightsFor } from '../star-weights';
import { type GamePoint, randomWaterPoint } from '../water/water-shapes';
import { DEMO_BAITS } from '../world/baits';
import { DEMO_FISH, type DemoFish } from '../world/fish';
import { FW } from '../world/fish-ways';
import { DEMO_MAPS, type DemoMap } from '../world/maps';

/** The weathers a logger reports (`unknown` is added rarely by the simulation). */
export const WEATHERS: readonly WeatherKind[] = WEATHER_KINDS.filter((w) => w !== 'unknown');

export interface FishHabits {
  fish: DemoFish;
  /** Favourite baits, most favoured first. */
  baits: number[];
  depth: { mean: number; sd: number };
  /** The game hour (1–24) the fish bites best around. */
  peakHour: number;
  /** Night feeders bite best after dark, and their trophies come mostly at night. */
  nocturnal: boolean;
  weathers: WeatherKind[];
  /** Trophy thresholds (446 → 452), ascending. */
  starWeights: number[];
}

export interface MapHabits {
  map: DemoMap;
  /** The species of the map and their cumulative draw weights (common species are caught far more often). */
  fish: FishHabits[];
  cumulative: number[];
  /** Per species id: its spots on this map, in open water. */
  spots: Map<number, GamePoint[]>;
  /** Radius of a spot in game units: a few percent of the map's width. */
  spotRadius: number;
}

const SEA_WAYS = [FW.seaBait, FW.metalJig, FW.liveBait, FW.deadBait, FW.jig, FW.softPlastic];
const PREDATOR_WAYS = [FW.spinner, FW.spoon, FW.wobbler, FW.softPlastic, FW.jig, FW.liveBait, FW.deadBait, FW.topwater];
const PEACEFUL_WAYS = [FW.natural, FW.plant, FW.boilie, FW.pellet, FW.groundbait, FW.fly];

const isSeaFish = (fish: DemoFish) => fish.habitats.every((h) => h === 'cold-sea' || h === 'warm-sea');

function habitsOf(fish: DemoFish): FishHabits {
  const rng = createRng(seedOf(0xfa7, fish.id));
  // Big species are predators on lures in this world; small ones take natural and plant baits.
  const ways = isSeaFish(fish) ? SEA_WAYS : fish.max_weight > 8000 && rng.chance(0.6) ? PREDATOR_WAYS : PEACEFUL_WAYS;
  const [first, second] = rng.shuffle(ways);
  const candidates = DEMO_BAITS.filter((b) => b.fish_way === first || b.fish_way === second).map((b) => b.id);
  const baits = rng.shuffle(candidates).slice(0, 3);
  const mean = isSeaFish(fish) ? rng.range(6, 45) : rng.range(0.8, 9);
  const peakHour = rng.int(1, 24);
  return {
    fish,
    baits,
    depth: { mean, sd: mean * rng.range(0.12, 0.3) },
    peakHour,
    nocturnal: peakHour >= 21 || peakHour <= 4,
    weathers: rng.shuffle(WEATHERS).slice(0, 2),
    starWeights: starWeightsFor(fish).map((s) => s.min_weight),
  };
}

let cached: Map<number, MapHabits> | undefined;

/** Every demo map with its species, their habits and spots (computed once per process: spots test the water). */
export function mapHabits(): ReadonlyMap<number, MapHabits> {
  if (cached) return cached;
  const fishMaps = assignFishMaps(DEMO_FISH, DEMO_MAPS);
  const habits = new Map(DEMO_FISH.map((fish) => [fish.id, habitsOf(fish)]));
  cached = new Map(
    DEMO_MAPS.map((map) => {
      const living = DEMO_FISH.filter((fish) => fishMaps.get(fish.id)?.includes(map.id)).map((fish) =>
        habits.get(fish.id)!,
      );
      let total = 0;
      const cumulative = living.map((h) => (total += 1 / h.fish.level ** 1.6));
      const spots = new Map(
        living.map((h) => {
          const rng = createRng(seedOf(0x5b07, h.fish.id, map.id));
          return [h.fish.id, Array.from({ length: rng.int(2, 4) }, () => randomWaterPoint(map.id, rng))];
        }),
      );
      const spotRadius = (map.bounds.x_max - map.bounds.x_min) * 0.025;
      return [map.id, { map, fish: living, cumulative: cumulative.map((c) => c / total), spots, spotRadius }];
    }),
  );
  return cached;
}
