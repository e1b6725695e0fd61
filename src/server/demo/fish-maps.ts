import { createRng, seedOf } from './prng';
import type { DemoFish } from './world/fish';
import type { DemoMap } from './world/maps';

/** Every map gets at least this many species: enough for a varied heat map and bait guide (spec needs ≥ 15). */
const MIN_SPECIES_PER_MAP = 18;

/** Chance that a species lives on one of its candidate maps: common species are widespread, rare ones local. */
const PRESENCE_BY_LEVEL: Readonly<Record<number, number>> = { 1: 0.9, 2: 0.8, 3: 0.7, 4: 0.6, 5: 0.5, 6: 0.45, 7: 0.4 };

function sharesHabitat(fish: DemoFish, map: DemoMap): boolean {
  return fish.habitats.some((h) => map.habitats.includes(h));
}

/**
 * Decides on which maps each species lives (fish id → sorted map ids). A species can only live on a map that shares
 * a habitat tag, so sea fish stay in the sea and Amur species in the Amur-like river. Seeded per fish and per map:
 * adding a species does not reshuffle the others.
 */
export function assignFishMaps(fishList: readonly DemoFish[], maps: readonly DemoMap[]): Map<number, number[]> {
  const byFish = new Map<number, Set<number>>();
  for (const fish of fishList) {
    const candidates = maps.filter((map) => sharesHabitat(fish, map));
    if (candidates.length === 0) throw new Error(`fish ${fish.id} (${fish.name_en}) has no map with its habitats`);
    const rng = createRng(seedOf(0xf15, fish.id));
    const presence = PRESENCE_BY_LEVEL[fish.level] ?? 0.5;
    const chosen = candidates.filter(() => rng.chance(presence)).map((map) => map.id);
    if (chosen.length === 0) chosen.push(rng.pick(candidates).id);
    byFish.set(fish.id, new Set(chosen));
  }

  // Top up thin maps with more of the species that could live there.
  for (const map of maps) {
    const living = fishList.filter((fish) => byFish.get(fish.id)?.has(map.id));
    if (living.length >= MIN_SPECIES_PER_MAP) continue;
    const rng = createRng(seedOf(0x3a9, map.id));
    const extra = rng.shuffle(fishList.filter((fish) => sharesHabitat(fish, map) && !living.includes(fish)));
    for (const fish of extra.slice(0, MIN_SPECIES_PER_MAP - living.length)) byFish.get(fish.id)?.add(map.id);
    const total = living.length + Math.min(extra.length, MIN_SPECIES_PER_MAP - living.length);
    if (total < 15) throw new Error(`map ${map.id} (${map.name_en}) can only hold ${total} species`);
  }

  return new Map([...byFish].map(([fishId, mapIds]) => [fishId, [...mapIds].sort((a, b) => a - b)]));
}
