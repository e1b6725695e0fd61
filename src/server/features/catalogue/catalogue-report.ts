/**
 * A dry run as the operator reads it in a terminal (`npm run catalogue:import`, `catalogue:rollback`): every problem
 * on a line of its own (`file, item id, field: message`), then the diff by group and id with each changed field's live
 * and new value, and the stored rows each change touches.
 */
import type { CatalogueDryRun, PackageProblem } from '#shared/contracts/catalogue-package';

const value = (v: unknown) => JSON.stringify(v) ?? 'null';

function rows({ catches, sales, records }: { catches: number; sales: number; records: number }): string {
  return `${catches} catches, ${sales} sales, ${records} official records`;
}

/** Each problem's message, which names its place (`fish.json, item 1000, data.maps.0: …`; package-problems.ts). */
export function problemLines(problems: readonly PackageProblem[]): string[] {
  return problems.map((p) => p.message);
}

export function reportLines(run: CatalogueDryRun): string[] {
  const lines = problemLines(run.problems);
  if (run.manifest) lines.push(`package: ${run.manifest.game} ${run.manifest.patch} (${run.manifest.created_at})`);
  const { diff } = run;
  if (!diff) return lines;
  if (run.unchanged) {
    lines.push('unchanged: the package holds exactly the live catalogue');
    return lines;
  }
  lines.push(`added: ${diff.added.length}`);
  for (const item of diff.added) lines.push(`  + ${item.group} ${item.id} ${item.name}`);
  lines.push(`changed: ${diff.changed.length}`);
  for (const item of diff.changed) {
    lines.push(`  ~ ${item.group} ${item.id} ${item.name}${item.impact ? ` (touches ${rows(item.impact)})` : ''}`);
    for (const field of item.fields)
      lines.push(`      ${field.field}: ${value(field.before)} -> ${value(field.after)}`);
  }
  lines.push(`removed: ${diff.removed.length}`);
  for (const item of diff.removed)
    lines.push(`  - ${item.group} ${item.id} ${item.name} (referenced by ${rows(item.impact)})`);
  lines.push(`newly deprecated: ${diff.deprecated.length}`);
  for (const item of diff.deprecated) lines.push(`  ! ${item.group} ${item.id} ${item.name}`);
  if (run.rebuild_maps.length > 0) lines.push(`heat maps rebuilt (bounds changed): ${run.rebuild_maps.join(', ')}`);
  return lines;
}
