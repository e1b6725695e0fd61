/**
 * Zod's issues as package problems: an issue under `items.<n>` is placed on that item (its id read from the raw
 * input, so it is known even when the item is otherwise invalid) with the rest of the path as the dotted field.
 */
import type { z } from 'zod';
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import { packageProblem } from './package-problems';

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

function valueAt(input: unknown, path: readonly Key[]): { found: boolean; value: unknown } {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return { found: false, value };
    value = (value as Record<Key, unknown>)[key];
  }
  return { found: true, value };
}

/** The raw id of an item, when it is one (a positive or zero integer). */
export function rawItemId(item: unknown): number | null {
  const id = valueAt(item, ['id']);
  return id.found && Number.isSafeInteger(id.value) ? (id.value as number) : null;
}

function place(file: string, input: unknown, path: readonly Key[]) {
  if (path[0] === 'items' && typeof path[1] === 'number') {
    const item = valueAt(input, path.slice(0, 2));
    return { file, item_id: rawItemId(item.value), rest: path.slice(2), inItem: true };
  }
  return { file, item_id: null, rest: path, inItem: false };
}

function dotted(path: readonly Key[]): string | null {
  return path.length > 0 ? path.map(String).join('.') : null;
}

function issueProblems(file: string, input: unknown, issue: Issue): PackageProblem[] {
  const where = place(file, input, issue.path);
  const field = dotted(where.rest);
  const at = { file, item_id: where.item_id, field };
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => packageProblem('unknown-field', { ...at, field: dotted([...where.rest, key]) }));
  }
  if (where.inItem && field === 'name') return [packageProblem('name-missing', at)];
  if (issue.code === 'invalid_type') {
    if (!valueAt(input, issue.path).found) return [packageProblem('missing-field', at)];
    return [packageProblem('invalid-type', at, { expected: issue.expected })];
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    return [packageProblem('out-of-range', at, { reason: issue.message })];
  }
  if (issue.code === 'invalid_format') return [packageProblem('invalid-format', at, { reason: issue.message })];
  return [packageProblem('invalid-value', at, { reason: issue.message })];
}

export function zodProblems(file: string, input: unknown, issues: readonly Issue[]): PackageProblem[] {
  return issues.flatMap((issue) => issueProblems(file, input, issue));
}
