/**
 * The content hash of a package (docs/catalogue-format.md §6): SHA-256 of a canonical JSON of the
 * groups — items sorted by id, object keys sorted, absent optional fields as their defaults (names null,
 * `deprecated` false) — with each picture path replaced by that picture's SHA-256. So `created_at`, the patch name,
 * the archive kind, file order, whitespace and picture file names never change it; any change of content does.
 */
import { CATEGORY_GROUPS } from '#shared/contracts/catalogue';
import type { PackageGroups } from '#shared/contracts/catalogue-package';
import type { PackageImage } from './package-types';
import { sha256Hex } from './sha256';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function contentSha256(groups: PackageGroups, images: ReadonlyMap<string, PackageImage>): string {
  const content = Object.fromEntries(
    CATEGORY_GROUPS.map((group) => {
      const items = [...(groups[group] as PackageGroups['fish' | 'maps'])]
        .sort((a, b) => a.id - b.id)
        .map((item) => {
          const data: Record<string, unknown> = { ...item.data };
          if (typeof data.image === 'string') data.image = images.get(data.image)?.sha256 ?? data.image;
          return {
            id: item.id,
            name: item.name,
            name_en: item.name_en ?? null,
            name_ja: item.name_ja ?? null,
            sort: item.sort,
            deprecated: item.deprecated ?? false,
            data,
          };
        });
      return [group, items];
    }),
  );
  return sha256Hex(canonical(content));
}
