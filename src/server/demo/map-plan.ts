import type { Pt } from './map-geometry';

/** A closed shape; smooth shapes are drawn as splines through the points, others as straight edges. */
export interface Shape {
  points: Pt[];
  smooth?: boolean;
  /** Islands only: the vegetated part inside the sandy rim (default: the outline shrunk about its centre). */
  inner?: Pt[];
}

/**
 * What a water kind contributes to its map (map-kinds.ts builds one per map; map-svg.ts paints it). Everything is in
 * picture pixels. The painter adds the shared layers: land texture, hills, fields, forests, grid, north arrow.
 */
export interface MapPlan {
  /** All open water: lakes, river ribbons, the sea. */
  bodies: Shape[];
  /** Deeper zones, shallow to deep; each level is drawn darker over the previous one. */
  depths: Shape[][];
  /** Land inside the water, drawn above it with a sandy rim. */
  islands: Shape[];
  /** Bare sand above the water (river bars, shoals). */
  sandbars: Shape[];
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

export function emptyPlan(): MapPlan {
  return {
    bodies: [],
    depths: [],
    islands: [],
    sandbars: [],
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
