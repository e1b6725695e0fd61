/**
 * A corrected official record is judged by the import's rules (docs/catch-data-api.md §2.2): the record's contract
 * (`OfficialRecordItem`), the catalogue rules of every upload (the catch store's `catalogueErrors`: the map, fish and
 * baits exist, the fish lives on the map, the weight is within the fish's range, the spot lies within the map's
 * bounds) and, when the time changes, the time rule of uploads. Judged by the same functions, a correction gets the
 * import's messages word for word.
 */
import type { ItemError } from '#shared/contracts/catches';
import { OfficialRecordItem, reportTimeError } from '#shared/contracts/catches';
import { judgeItems } from '../../http/batch-bodies';
import { catalogueErrors, type IngestionCatalogueView } from '../../catch-store/catch-store';

/** What the rules read of the catalogue (the catalogue snapshot's view has it). */
export type RecordCatalogue = IngestionCatalogueView;

/** The record as the import would take it, or every rule it breaks. */
export function judgeRecord(
  input: Record<string, unknown>,
  catalogue: RecordCatalogue,
  { now, timeChanged }: { now: number; timeChanged: boolean },
): { ok: true; record: OfficialRecordItem } | { ok: false; errors: ItemError[] } {
  const [verdict] = judgeItems(OfficialRecordItem, [input], 'source_id');
  if (!verdict!.ok) return { ok: false, errors: verdict!.errors };
  const record = verdict!.value;
  const errors: ItemError[] = [];
  if (timeChanged) {
    const problem = reportTimeError(record.caught_at, now);
    if (problem) errors.push({ field: 'caught_at', msg: problem });
  }
  catalogueErrors(record, catalogue, errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, record };
}
