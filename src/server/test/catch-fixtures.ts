/**
 * Valid upload items built from the catalogue actually loaded, for tests (here and in the features that read
 * catches): change one field of a valid item and exactly one rule is exercised.
 */
import type { CatchItemInput, OfficialRecordItemInput, SaleItemInput } from '#shared/contracts/catches';
import { wireTime } from '#shared/contracts/catches';
import type { IngestionCatalogueView } from '../catch-store/catch-store';

export interface CatchPlace {
  mapId: number;
  fishId: number;
  baitId: number;
  /** Another bait, for sandwich rigs. */
  bait2Id: number;
  minWeight: number;
  maxWeight: number;
  bounds: { x_min: number; y_min: number; x_max: number; y_max: number };
  /** A fish of the catalogue that does not live on `mapId`, and a weight within its own range. */
  foreignFishId: number;
  foreignFishWeight: number;
}

/** The first fish of the catalogue on its first map, with two baits. */
export function catchPlace(catalogue: IngestionCatalogueView): CatchPlace {
  const [fishId, fish] = [...catalogue.fish].find(([, f]) => f.data.maps.length > 0)!;
  const mapId = fish.data.maps[0]!;
  const map = catalogue.maps.get(mapId)!;
  const [baitId, bait2Id] = [...catalogue.baits.keys()];
  const foreign = [...catalogue.fish].find(([, f]) => !f.data.maps.includes(mapId));
  if (!foreign || bait2Id === undefined) throw new Error('the catalogue is too small for the ingestion tests');
  return {
    mapId,
    fishId,
    baitId: baitId!,
    bait2Id,
    minWeight: fish.data.min_weight,
    maxWeight: fish.data.max_weight,
    bounds: map.data.bounds,
    foreignFishId: foreign[0],
    foreignFishWeight: foreign[1].data.min_weight,
  };
}

let counter = 0;
/** A report id unique within the test process. */
export const newReportId = (label = 'r') => `${label}-${process.pid}-${++counter}`;

export function validCatch(
  place: CatchPlace,
  overrides: Partial<Record<keyof CatchItemInput, unknown>> = {},
): Record<string, unknown> {
  const { bounds } = place;
  const item: CatchItemInput = {
    report_id: newReportId('c'),
    caught_at: wireTime(Date.now() - 3_600_000),
    map_id: place.mapId,
    fish_id: place.fishId,
    bait_id: place.baitId,
    bait2_id: null,
    rod_type: 'telescopic',
    star_type: 448,
    weight: Math.round((place.minWeight + place.maxWeight) / 2),
    depth: 4.5,
    direction: 'back',
    angle: 270,
    game_hour: 13,
    temperature: 17.5,
    weather: 'drizzle',
    night: false,
    x: (bounds.x_min + bounds.x_max) / 2,
    y: (bounds.y_min + bounds.y_max) / 2,
    time_spent: 95,
  };
  return { ...item, ...overrides };
}

export function validSale(overrides: Partial<Record<keyof SaleItemInput, unknown>> = {}): Record<string, unknown> {
  const sale: SaleItemInput = {
    report_id: newReportId('s'),
    sold_at: wireTime(Date.now() - 60_000),
    income: 1250,
    fish_count: 7,
    star_count: 2,
  };
  return { ...sale, ...overrides };
}

/** An official record with only the required fields (the measured ones absent). */
export function validRecord(
  place: CatchPlace,
  overrides: Partial<Record<keyof OfficialRecordItemInput, unknown>> = {},
): Record<string, unknown> {
  const record: OfficialRecordItemInput = {
    source_id: newReportId('o'),
    caught_at: wireTime(Date.now() - 86_400_000),
    map_id: place.mapId,
    fish_id: place.fishId,
    bait_id: place.baitId,
    rod_type: 'ultralight',
    star_type: 452,
    weight: place.maxWeight,
    player_name: 'Marlin Monroe',
  };
  return { ...record, ...overrides };
}
