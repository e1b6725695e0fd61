/**
 * What a package (or a rollback) changes in the live catalogue, by id within each group: added, changed field by field
 * (names, sort, `deprecated`, every `data` field, with the live and the new value), removed, newly deprecated. Pure:
 * the impact on stored data is counted afterwards (catalogue-impact.ts). Pictures compare by their content hash, not
 * their URL: the same picture under another name is no change.
 */
import { CATEGORY_GROUPS } from '#shared/contracts/catalogue';
import type { CatalogueDiff } from '#shared/contracts/catalogue-package';
import { canonicalJson, type ContentGroups, type ContentItem } from './catalogue-content';

/** The comparable form of a picture URL: its content hash when known, else the URL itself. */
export type PictureKey = (url: string) => string;

export interface ContentDiff {
  /** `impact` still empty: catalogue-impact.ts counts it. */
  diff: CatalogueDiff;
  /** Nothing added, changed or removed: applying changes nothing. */
  unchanged: boolean;
  /** Maps whose bounds change: their heat-map rollups are rebuilt. */
  rebuildMaps: number[];
  /** Fish whose weight range or star-class weights change: their stored catches' stars are judged differently now. */
  reweighedFish: number[];
}

const ITEM_FIELDS = ['name', 'name_en', 'name_ja', 'sort', 'deprecated'] as const;
const WEIGHT_FIELDS = new Set(['data.min_weight', 'data.max_weight', 'data.star_weights']);
const NO_IMPACT = { catches: 0, sales: 0, records: 0 };

function fieldChanges(before: ContentItem, after: ContentItem, pictureKey: PictureKey) {
  const fields: { field: string; before: unknown; after: unknown }[] = [];
  for (const field of ITEM_FIELDS) {
    if (before[field] !== after[field]) fields.push({ field, before: before[field], after: after[field] });
  }
  const keys = [...new Set([...Object.keys(after.data), ...Object.keys(before.data)])];
  for (const key of keys) {
    const was = before.data[key];
    const now = after.data[key];
    const same =
      key === 'image' && typeof was === 'string' && typeof now === 'string'
        ? pictureKey(was) === pictureKey(now)
        : canonicalJson(was) === canonicalJson(now);
    if (!same) fields.push({ field: `data.${key}`, before: was ?? null, after: now ?? null });
  }
  return fields;
}

export function diffContent(before: ContentGroups, after: ContentGroups, pictureKey: PictureKey): ContentDiff {
  const diff: CatalogueDiff = { added: [], changed: [], removed: [], deprecated: [] };
  const rebuildMaps: number[] = [];
  const reweighedFish: number[] = [];
  for (const group of CATEGORY_GROUPS) {
    const live = new Map(before[group].map((item) => [item.id, item]));
    const next = new Set<number>();
    for (const item of after[group]) {
      next.add(item.id);
      const was = live.get(item.id);
      const named = { group, id: item.id, name: item.name };
      if (!was) {
        diff.added.push(named);
        continue;
      }
      const fields = fieldChanges(was, item, pictureKey);
      if (fields.length === 0) continue;
      const moves = fields.some(
        ({ field }) => (group === 'maps' && field === 'data.bounds') || (group === 'fish' && WEIGHT_FIELDS.has(field)),
      );
      if (moves) (group === 'maps' ? rebuildMaps : reweighedFish).push(item.id);
      diff.changed.push({ ...named, fields, impact: moves ? { ...NO_IMPACT } : null });
      if (item.deprecated && !was.deprecated) diff.deprecated.push(named);
    }
    for (const item of before[group]) {
      if (!next.has(item.id)) diff.removed.push({ group, id: item.id, name: item.name, impact: { ...NO_IMPACT } });
    }
  }
  const unchanged = diff.added.length === 0 && diff.changed.length === 0 && diff.removed.length === 0;
  return { diff, unchanged, rebuildMaps, reweighedFish };
}
