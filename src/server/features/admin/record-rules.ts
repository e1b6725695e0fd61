/**
 * A corrected official record is judged by the import's rules (docs/catch-data-api.md §2.2): the record's contract
 * (`OfficialRecordItem`), the catalogue (the map, fish, baits exist; the fish lives on the map; the weight is within
 * the fish's range; the spot lies within the map's bounds) and, when the time changes, the time rule of uploads. The
 * catalogue rules are the catch store's (catch-store/catalogue-rules.ts), which only its own modules may import;
 * `record-rules.test.ts` holds this copy to them by sending the same bad records through the import and through a
 * correction.
 */
import type { ItemError } from '#shared/contracts/catches';
import { OfficialRecordItem, reportTimeError } from '#shared/contracts/catches';
import { judgeItems } from '../../http/batch-bodies';

/** What the rules read of the catalogue (the catalogue snapshot's view has it). */
export interface RecordCatalogue {
  maps: ReadonlyMap<number, { data: { bounds: { x_min: number; x_max: number; y_min: number; y_max: number } } }>;
  fish: ReadonlyMap<number, { data: { maps: readonly number[]; min_weight: number; max_weight: number } }>;
  baits: ReadonlyMap<number, unknown>;
}

/** The record as the import would take it, or every rule it breaks. */
export function judgeRecord(
  input: Record<string, unknown>,
  catalogue: RecordCatalogue,
  { now, timeChanged }: { now: number; timeChanged: boolean },
): { ok: true; record: OfficialRecordItem } | { ok: false; errors: ItemError[] } {
  // The import's own judging of one item: the same messages, word for word.
  const [verdict] = judgeItems(OfficialRecordItem, [input], 'source_id');
  if (!verdict!.ok) return { ok: false, errors: verdict!.errors };
  const record = verdict!.value;
  const errors: ItemError[] = [];
  if (timeChanged) {
    const problem = reportTimeError(record.caught_at, now);
    if (problem) errors.push({ field: 'caught_at', msg: problem });
  }
  const map = catalogue.maps.get(record.map_id);
  const fish = catalogue.fish.get(record.fish_id);
  if (!map) errors.push({ field: 'map_id', msg: `Unknown map: no map has the id ${record.map_id}` });
  if (!fish) errors.push({ field: 'fish_id', msg: `Unknown fish: no fish has the id ${record.fish_id}` });
  else if (map && !fish.data.maps.includes(record.map_id))
    errors.push({ field: 'fish_id', msg: `Fish ${record.fish_id} does not live on map ${record.map_id}` });
  if (!catalogue.baits.has(record.bait_id))
    errors.push({ field: 'bait_id', msg: `Unknown bait: no bait has the id ${record.bait_id}` });
  if (record.bait2_id != null && !catalogue.baits.has(record.bait2_id))
    errors.push({ field: 'bait2_id', msg: `Unknown bait: no bait has the id ${record.bait2_id}` });
  if (fish && (record.weight < fish.data.min_weight || record.weight > fish.data.max_weight))
    errors.push({
      field: 'weight',
      msg: `Weight should be within the fish's range, ${fish.data.min_weight}–${fish.data.max_weight} grams`,
    });
  if (map) {
    const { x_min, x_max, y_min, y_max } = map.data.bounds;
    if (record.x != null && (record.x < x_min || record.x > x_max))
      errors.push({ field: 'x', msg: `x should be within the map's bounds, ${x_min}–${x_max}` });
    if (record.y != null && (record.y < y_min || record.y > y_max))
      errors.push({ field: 'y', msg: `y should be within the map's bounds, ${y_min}–${y_max}` });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, record };
}
