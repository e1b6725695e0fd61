import { canalPlan, lakePlan, marshPlan, pondPlan, reservoirPlan, riverPlan, streamPlan } from './map-kinds-fresh';
import { deltaPlan, fjordPlan, lagoonPlan, seaPlan } from './map-kinds-sea';
import type { MapPalette } from './map-palette';
import type { MapPlan } from './map-plan';
import type { Rng } from './prng';
import type { DemoMap } from './world/maps';

/** The water layout of a map, by its kind of water. */
export function planFor(map: DemoMap, rng: Rng, pal: MapPalette): MapPlan {
  switch (map.kind) {
    case 'lake':
      return lakePlan(map, rng);
    case 'pond':
      return pondPlan(map, rng, pal);
    case 'marsh':
      return marshPlan(map, rng);
    case 'river':
      return riverPlan(map, rng);
    case 'stream':
      return streamPlan(map, rng, pal);
    case 'reservoir':
      return reservoirPlan(map, rng);
    case 'canal':
      return canalPlan(map, rng, pal);
    case 'delta':
      return deltaPlan(map, rng);
    case 'sea':
      return seaPlan(map, rng, pal);
    case 'fjord':
      return fjordPlan(map, rng, pal);
    case 'lagoon':
      return lagoonPlan(map, rng);
  }
}
