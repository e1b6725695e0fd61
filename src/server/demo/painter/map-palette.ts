import type { DemoMap } from '../world/maps';

/** Colours of one climate: a map reads at a glance as boreal, temperate or sunny. */
export interface MapPalette {
  land: string;
  landSpeck: string;
  /** Tints of rising ground, from the foot of a hill to its top. */
  hill: readonly string[];
  contour: string;
  forest: string;
  trees: readonly string[];
  conifers: boolean;
  fields: readonly string[];
  hedge: string;
  sand: string;
  rock: string;
  roof: string;
  road: string;
  roadCasing: string;
  reed: string;
  /** Water from the shallow edge to the deepest zone. */
  water: readonly string[];
}

const TEMPERATE: MapPalette = {
  land: '#b5cf88',
  landSpeck: '#9fbd72',
  hill: ['#adc680', '#a6bd7a', '#b3bd83', '#c2c495'],
  contour: '#7f7350',
  forest: '#7ea65c',
  trees: ['#5f8f45', '#6b9c4e', '#4f7f3b', '#74a455'],
  conifers: false,
  fields: ['#dccf8e', '#cfd58f', '#e2d39a', '#c6cf83', '#d8c27e', '#bcd08a'],
  hedge: '#6f8f4c',
  sand: '#e8d9a8',
  rock: '#a9a293',
  roof: '#b8573f',
  road: '#efe2bd',
  roadCasing: '#a88d5c',
  reed: '#4f7330',
  water: ['#9dd2ea', '#7fbfe2', '#60a8d6', '#4690c6', '#357ab3'],
};

const COLD: MapPalette = {
  land: '#a7bb8f',
  landSpeck: '#93a97b',
  hill: ['#a3b48a', '#aab38f', '#b9bca2', '#cdcdc0', '#e8eae6'],
  contour: '#6e6a58',
  forest: '#6a8c62',
  trees: ['#3f6b4a', '#4a7754', '#365f42', '#527f58'],
  conifers: true,
  fields: ['#c9c79a', '#bfc793', '#d1c9a0'],
  hedge: '#5e7a55',
  sand: '#d9d0b0',
  rock: '#9b978d',
  roof: '#7b4a3a',
  road: '#e4dcc8',
  roadCasing: '#8f8470',
  reed: '#566f3b',
  water: ['#8fc3dc', '#6eaacb', '#5192bb', '#3c7aa8', '#2d6593'],
};

const WARM: MapPalette = {
  land: '#c3d48c',
  landSpeck: '#b1c57a',
  hill: ['#bccb84', '#c5c784', '#d0c68c', '#dccd9c'],
  contour: '#8a7448',
  forest: '#86b05f',
  trees: ['#6d9c47', '#7aa752', '#5f8f3e', '#8ab45c'],
  conifers: false,
  fields: ['#e6d48e', '#d6e39a', '#b9d98a', '#e8c98a', '#cfe0a0'],
  hedge: '#7a9a4f',
  sand: '#f0e2b0',
  rock: '#b3a58c',
  roof: '#c9623f',
  road: '#f3e6c2',
  roadCasing: '#b0925c',
  reed: '#5a7d32',
  water: ['#9fdbe8', '#77c4de', '#52a9d2', '#3b8fc2', '#2b77ad'],
};

export function paletteFor(map: DemoMap): MapPalette {
  if (map.climate === 'cold') return COLD;
  if (map.climate === 'warm') return WARM;
  return TEMPERATE;
}
