import type { DemoMap } from '../world/maps';
import {
  canalWater,
  lakeWater,
  marshWater,
  pondWater,
  reservoirWater,
  riverWater,
  streamWater,
} from './water-kinds-fresh';
import { bayWater, capeWater, deltaWater, fjordWater, lagoonWater } from './water-kinds-sea';
import { layoutRng, type WaterShapes } from './water-layout';

/** The water of a map, by its kind of water: the same shapes its picture shows. */
export function waterShapesOf(map: DemoMap): WaterShapes {
  const rng = layoutRng(map);
  switch (map.kind) {
    case 'lake':
      return lakeWater(map, rng);
    case 'pond':
      return pondWater(map, rng);
    case 'marsh':
      return marshWater(map, rng);
    case 'river':
      return riverWater(map, rng);
    case 'stream':
      return streamWater(map, rng);
    case 'reservoir':
      return reservoirWater(map, rng);
    case 'canal':
      return canalWater(map, rng);
    case 'delta':
      return deltaWater(map, rng);
    case 'sea':
      return map.climate === 'cold' ? capeWater(map, rng) : bayWater(map, rng);
    case 'fjord':
      return fjordWater(map, rng);
    case 'lagoon':
      return lagoonWater(map, rng);
  }
}
