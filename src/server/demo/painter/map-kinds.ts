import {
  canalWater,
  lakeWater,
  marshWater,
  pondWater,
  reservoirWater,
  riverWater,
  streamWater,
} from '../water/water-kinds-fresh';
import { bayWater, capeWater, deltaWater, fjordWater, lagoonWater } from '../water/water-kinds-sea';
import { layoutRng } from '../water/water-layout';
import type { DemoMap } from '../world/maps';
import { canalPlan, lakePlan, marshPlan, pondPlan, reservoirPlan, riverPlan, streamPlan } from './map-kinds-fresh';
import { bayPlan, capePlan, deltaPlan, fjordPlan, lagoonPlan } from './map-kinds-sea';
import type { MapPalette } from './map-palette';
import type { MapPlan } from './map-plan';

/**
 * The layout of a map, by its kind of water: its water (the same shapes water/water-kinds.ts gives catch placement),
 * then what the kind draws around it, from one random stream.
 */
export function planFor(map: DemoMap, pal: MapPalette): MapPlan {
  const rng = layoutRng(map);
  switch (map.kind) {
    case 'lake':
      return lakePlan(map, rng, lakeWater(map, rng));
    case 'pond':
      return pondPlan(map, rng, pal, pondWater(map, rng));
    case 'marsh':
      return marshPlan(map, rng, marshWater(map, rng));
    case 'river':
      return riverPlan(map, rng, riverWater(map, rng));
    case 'stream':
      return streamPlan(map, rng, pal, streamWater(map, rng));
    case 'reservoir':
      return reservoirPlan(map, rng, reservoirWater(map, rng));
    case 'canal':
      return canalPlan(map, rng, pal, canalWater(map, rng));
    case 'delta':
      return deltaPlan(map, rng, deltaWater(map, rng));
    case 'sea':
      return map.climate === 'cold'
        ? capePlan(map, rng, pal, capeWater(map, rng))
        : bayPlan(map, rng, bayWater(map, rng));
    case 'fjord':
      return fjordPlan(map, rng, pal, fjordWater(map, rng));
    case 'lagoon':
      return lagoonPlan(map, rng, lagoonWater(map, rng));
  }
}
