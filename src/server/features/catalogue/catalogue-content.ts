/**
 * The catalogue as the importer compares and stores it: every group's items with their names, sort, `deprecated`,
 * `introduced_in` and `data` as the catalogue API answers it (pictures as `/media/...` URLs). The live rows, a loaded
 * package and a stored version (`catalogue_version.content`, migration 0014) all become this one shape, so a diff, an
 * apply and a rollback are the same code.
 */
import { createHash } from 'node:crypto';
import { CATEGORY_GROUPS, type CategoryGroup } from '#shared/contracts/catalogue';
import type { PackageGroups } from '#shared/contracts/catalogue-package';
import type { LoadedPackage } from './package/package-types';

export interface ContentItem {
  id: number;
  name: string;
  name_en: string | null;
  name_ja: string | null;
  sort: number;
  deprecated: boolean;
  /** Not content: carried so a rollback restores the badges of its time. Never compared. */
  introduced_in: string | null;
  /** As the catalogue API answers it: `image` is a URL. */
  data: Record<string, unknown>;
}

export type ContentGroups = Record<CategoryGroup, ContentItem[]>;

/** The JSON stored in `catalogue_version.content`. */
export interface CatalogueContent {
  groups: ContentGroups;
}

/** The groups whose items carry a picture in `data.image`. */
export const PICTURE_GROUPS: readonly CategoryGroup[] = ['maps', 'baits'];

/** Where pictures of imported packages are served from: `<mediaDir>/catalogue/<sha256>.<ext>`. */
export const PICTURE_URL_PREFIX = '/media/catalogue/';

export function pictureUrl(sha256: string, ext: string): string {
  return `${PICTURE_URL_PREFIX}${sha256}.${ext}`;
}

/** The hash a content-addressed picture URL names; undefined for any other URL (the demo's `/media/maps/1.png`). */
export function hashOfPictureUrl(url: string): string | undefined {
  return /^\/media\/catalogue\/([0-9a-f]{64})\.[a-z]+$/.exec(url)?.[1];
}

export function emptyGroups(): ContentGroups {
  return Object.fromEntries(CATEGORY_GROUPS.map((group) => [group, []])) as unknown as ContentGroups;
}

/** Catalogue order: sort, then id. */
export function sortGroups(groups: ContentGroups): ContentGroups {
  for (const group of CATEGORY_GROUPS) groups[group].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return groups;
}

export function itemCount(groups: ContentGroups): number {
  return CATEGORY_GROUPS.reduce((sum, group) => sum + groups[group].length, 0);
}

/**
 * A checked package as content: pictures become the URLs they are stored under, `introduced_in` is left null (the
 * importer decides it against the live catalogue).
 */
export function contentOfPackage(pkg: LoadedPackage): ContentGroups {
  const groups = emptyGroups();
  const packaged = pkg.groups as PackageGroups;
  for (const group of CATEGORY_GROUPS) {
    for (const item of packaged[group]) {
      const data: Record<string, unknown> = { ...item.data };
      if (typeof data.image === 'string') {
        const image = pkg.images.get(data.image);
        // The loader refuses a package whose item names a picture it lacks; the importer reports it again if not.
        if (image) data.image = pictureUrl(image.sha256, image.ext);
      }
      groups[group].push({
        id: item.id,
        name: item.name,
        name_en: item.name_en ?? null,
        name_ja: item.name_ja ?? null,
        sort: item.sort,
        deprecated: item.deprecated ?? false,
        introduced_in: null,
        data,
      });
    }
  }
  return sortGroups(groups);
}

export function serializeContent(groups: ContentGroups): string {
  return JSON.stringify({ groups } satisfies CatalogueContent);
}

export function parseContent(text: string): ContentGroups {
  const parsed = JSON.parse(text) as CatalogueContent;
  const groups = emptyGroups();
  for (const group of CATEGORY_GROUPS) groups[group] = parsed.groups[group] ?? [];
  return groups;
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with object keys sorted: two values are equal content when these strings are. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
