import type { Pt } from '../water/geometry';
import type { WaterShapes } from '../water/water-layout';

/**
 * A map's water (water/water-kinds-*.ts) and what its kind adds around it (map-kinds-*.ts); map-svg.ts paints it.
 * Everything is in picture pixels. The painter adds the shared layers: land texture, hills, fields, forests, grid,
 * north arrow.
 */
export interface MapPlan extends WaterShapes {
  /** Open lines drawn as roads under the water (so they stop at the shore). */
  roads: Pt[][];
  shoreWidth: number;
  /** Stone quays instead of sandy shores (canals). */
  shoreColor?: string;
  /** Share of shore points that get a reed tuft (0–1). */
  reeds: number;
  /** Floating leaves (lily pads, lotus) near the shore; lotus pads get pink flowers. */
  pads: { count: number; lotus: boolean };
  /** Replaces the climate's hill tints (red sandstone around a canyon reservoir). */
  hillTints?: readonly string[];
  /** How much land cover the painter scatters. */
  terrain: { forests: number; fields: number; hills: number };
  /** Village centres: a few houses are drawn around each. */
  villages: Pt[];
  /** Extra SVG drawn after the land cover, before the water. */
  under: string[];
  /** Extra SVG drawn above the water and islands (dams, bridges, piers, lighthouses, rocks). */
  over: string[];
}

export function planOn(water: WaterShapes): MapPlan {
  return {
    bodies: water.bodies,
    depths: water.depths,
    islands: water.islands,
    sandbars: water.sandbars,
    rocks: water.rocks,
    roads: [],
    shoreWidth: 8,
    reeds: 0,
    pads: { count: 0, lotus: false },
    terrain: { forests: 6, fields: 0, hills: 2 },
    villages: [],
    under: [],
    over: [],
  };
}
