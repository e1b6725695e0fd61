/**
 * A package problem in the reader's language: its stable `code` worded with its `params` (the loader puts every fact
 * of its English message in `params`, docs/catalogue-format.md), falling back to the English `message` for a code this
 * page does not know yet. The place is said apart: file, item id, field.
 */
import type { TFunction } from 'i18next';
import type { PackageProblem } from '#shared/contracts/catalogue-package';

export function problemText(t: TFunction, problem: PackageProblem): string {
  const key = `problemCodes.${problem.code}`;
  const template = t(key, { defaultValue: '', skipInterpolation: true });
  // A code this page does not word, or one whose params lack what the wording names: the loader's own sentence.
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
  if (!template || names.some((name) => problem.params?.[name] === undefined)) return problem.message;
  return t(key, { ...problem.params });
}

/** Where the problem is: "item 12 · field data.maps.0", or nothing for the file as a whole. */
export function problemPlace(t: TFunction, problem: PackageProblem): string {
  const parts: string[] = [];
  if (problem.item_id !== null) parts.push(t('report.item', { id: problem.item_id }));
  if (problem.field) parts.push(t('report.field', { field: problem.field }));
  return parts.join(' · ');
}

/** Problems by file, files in the order they first appear ('' is the package itself). */
export function problemsByFile(problems: readonly PackageProblem[]): [string, PackageProblem[]][] {
  const byFile = new Map<string, PackageProblem[]>();
  for (const problem of problems) {
    const list = byFile.get(problem.file);
    if (list) list.push(problem);
    else byFile.set(problem.file, [problem]);
  }
  return [...byFile];
}

/** A field's value in a diff, short enough for one line. */
export function shownValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** The `detail` code of a failed call (`"CODE"` or `{code, …}`), or null. */
export function errorCode(error: unknown): string | null {
  const detail = (error as { data?: { detail?: unknown } } | null)?.data?.detail;
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object' && 'code' in detail && typeof detail.code === 'string') return detail.code;
  return null;
}

/** The problems of an apply or rollback the importer refused (422 `CATALOGUE_PACKAGE_REFUSED`), else null. */
export function refusedProblems(error: unknown): PackageProblem[] | null {
  const detail = (error as { data?: { detail?: { code?: unknown; problems?: unknown } } } | null)?.data?.detail;
  return detail?.code === 'CATALOGUE_PACKAGE_REFUSED' && Array.isArray(detail.problems)
    ? (detail.problems as PackageProblem[])
    : null;
}

/** A failed call in the reader's language by its code, else the server's own words. */
export function failureText(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  const fallback = error instanceof Error ? error.message : String(error);
  return code ? t(`errors.${code}`, { defaultValue: fallback }) : fallback;
}
