/**
 * The rules of an upload that need the catalogue (docs/catch-data-api.md §1): the ids exist, the fish lives on
 * the map, the weight is within the fish's range and x/y inside the map's bounds. Checked against the catalogue in
 * memory, never with a query per item.
 *
 * The catalogue is the catalogue feature's, so this feature declares only the little it reads (`IngestionCatalogue`)
 * and the composition root hands in the app's `CatalogueSnapshot`, which satisfies it structurally: the snapshot is
 * replaced whenever the catalogue is written, so uploads are always judged against the current one.
 */
import type { ItemError } from '#shared/contracts/catches';

interface Bounds {
  readonly x_min: number;
  readonly y_min: number;
  readonly x_max: number;
  readonly y_max: number;
}

/** What the writer reads of the catalogue: a subset of the catalogue snapshot's view. */
export interface IngestionCatalogueView {
  readonly fish: ReadonlyMap<
    number,
    { readonly data: { readonly min_weight: number; readonly max_weight: number; readonly maps: readonly number[] } }
  >;
  readonly maps: ReadonlyMap<number, { readonly data: { readonly bounds: Bounds } }>;
  readonly baits: ReadonlyMap<number, unknown>;
}

export interface IngestionCatalogue {
  /** The catalogue as last loaded (from memory once loaded). */
  view(): Promise<IngestionCatalogueView>;
}

/** The catalogue fields of a catch or an official record, after the item schema. */
export interface CaughtFields {
  map_id: number;
  fish_id: number;
  bait_id: number;
  bait2_id?: number | null;
  weight: number;
  x?: number | null;
  y?: number | null;
}

/** Pushes one error per broken rule, in the order of the contract's fields; nothing when the item passes. */
export function catalogueErrors(item: CaughtFields, catalogue: IngestionCatalogueView, errors: ItemError[]): void {
  const map = catalogue.maps.get(item.map_id);
  const fish = catalogue.fish.get(item.fish_id);
  if (!map) errors.push({ field: 'map_id', msg: `Unknown map: no map has the id ${item.map_id}` });
  if (!fish) errors.push({ field: 'fish_id', msg: `Unknown fish: no fish has the id ${item.fish_id}` });
  else if (map && !fish.data.maps.includes(item.map_id))
    errors.push({ field: 'fish_id', msg: `Fish ${item.fish_id} does not live on map ${item.map_id}` });
  if (!catalogue.baits.has(item.bait_id))
    errors.push({ field: 'bait_id', msg: `Unknown bait: no bait has the id ${item.bait_id}` });
  if (item.bait2_id != null && !catalogue.baits.has(item.bait2_id))
    errors.push({ field: 'bait2_id', msg: `Unknown bait: no bait has the id ${item.bait2_id}` });
  if (fish && (item.weight < fish.data.min_weight || item.weight > fish.data.max_weight))
    errors.push({
      field: 'weight',
      msg: `Weight should be within the fish's range, ${fish.data.min_weight}–${fish.data.max_weight} grams`,
    });
  if (map) {
    // Edges belong to the map: x_min ≤ x ≤ x_max, y_min ≤ y ≤ y_max.
    const { x_min, x_max, y_min, y_max } = map.data.bounds;
    if (item.x != null && (item.x < x_min || item.x > x_max))
      errors.push({ field: 'x', msg: `x should be within the map's bounds, ${x_min}–${x_max}` });
    if (item.y != null && (item.y < y_min || item.y > y_max))
      errors.push({ field: 'y', msg: `y should be within the map's bounds, ${y_min}–${y_max}` });
  }
}
