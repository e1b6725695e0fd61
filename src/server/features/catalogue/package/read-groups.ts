/**
 * The five group files (docs/catalogue-format.md §3): each parsed with its zod schema, every issue
 * placed on its item and field, and ids checked for repeats in the file and across groups (the catalogue keeps all
 * groups in one table keyed by id). Items that pass their schema are kept, so the cross-file checks can still report
 * what is wrong between the valid ones.
 */
import { CATEGORY_GROUPS, type CategoryGroup } from '#shared/contracts/catalogue';
import {
  PACKAGE_GROUP_FILES,
  PackageGroupFiles,
  type PackageGroups,
  type PackageProblem,
} from '#shared/contracts/catalogue-package';
import type { ContainerFiles } from './entry-collector';
import { readJsonFile } from './json-file';
import { packageProblem } from './package-problems';
import { rawItemId, zodProblems } from './zod-problems';

/** What the cross-file checks read of an item: enough to judge it even when another of its fields is wrong. */
export type Checkable<T extends { id: number; sort: number; data: unknown }> = Pick<T, 'id' | 'sort' | 'data'>;
export type CheckableGroups = { [G in CategoryGroup]: Checkable<PackageGroups[G][number]>[] };

export interface GroupsRead {
  /** The items that pass their schema, per group. */
  readonly groups: PackageGroups;
  /** Every item with an integer id and valid `data`, whatever its other fields. */
  readonly checkable: CheckableGroups;
  /** Every integer id each group file names, valid item or not: what references are checked against. */
  readonly ids: Record<CategoryGroup, Map<number, unknown>>;
  readonly problems: PackageProblem[];
}

function rawItems(value: unknown): unknown[] {
  const items = (value as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items : [];
}

function validItems(group: CategoryGroup, items: unknown[]): unknown[] {
  const schema = PackageGroupFiles[group].shape.items.element;
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function checkableItems(group: CategoryGroup, items: unknown[]): unknown[] {
  const dataSchema = PackageGroupFiles[group].shape.items.element.shape.data;
  return items.flatMap((item) => {
    const id = rawItemId(item);
    const data = dataSchema.safeParse((item as { data?: unknown } | null)?.data);
    if (id === null || !data.success) return [];
    const sort = (item as { sort?: unknown }).sort;
    return [{ id, sort: Number.isSafeInteger(sort) ? sort : 0, data: data.data }];
  });
}

export function readGroups(container: ContainerFiles): GroupsRead {
  const problems: PackageProblem[] = [];
  const groups = Object.fromEntries(CATEGORY_GROUPS.map((g) => [g, []])) as unknown as PackageGroups;
  const checkable = Object.fromEntries(CATEGORY_GROUPS.map((g) => [g, []])) as unknown as CheckableGroups;
  const ids = Object.fromEntries(CATEGORY_GROUPS.map((g) => [g, new Map()])) as GroupsRead['ids'];
  const owner = new Map<number, string>();

  for (const group of CATEGORY_GROUPS) {
    const file = PACKAGE_GROUP_FILES[group];
    const bytes = container.files.get(file);
    if (!bytes) continue;
    const json = readJsonFile(file, bytes);
    if (!json.ok) {
      problems.push(json.problem);
      continue;
    }
    const parsed = PackageGroupFiles[group].safeParse(json.value);
    if (parsed.success) (groups[group] as unknown[]) = parsed.data.items;
    else {
      problems.push(...zodProblems(file, json.value, parsed.error.issues));
      (groups[group] as unknown[]) = validItems(group, rawItems(json.value));
    }
    (checkable[group] as unknown[]) = checkableItems(group, rawItems(json.value));

    for (const item of rawItems(json.value)) {
      const id = rawItemId(item);
      if (id === null) continue;
      if (ids[group].has(id)) {
        problems.push(packageProblem('duplicate-id', { file, item_id: id, field: 'id' }, { id }));
        continue;
      }
      ids[group].set(id, item);
      const other = owner.get(id);
      if (other) {
        problems.push(
          packageProblem('id-in-two-groups', { file, item_id: id, field: 'id' }, { id, other_file: other }),
        );
      } else owner.set(id, file);
    }
  }
  return { groups, checkable, ids, problems };
}
