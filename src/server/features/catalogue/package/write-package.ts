/**
 * Writes a catalogue package folder (docs/catalogue-format.md): the group files as 2-space JSON with items in
 * catalogue order (sort, then id) and keys in one order, the pictures, and `manifest.json` with every file's
 * SHA-256. The same input always gives the same bytes, so a package written twice hashes the same.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORY_GROUPS } from '#shared/contracts/catalogue';
import {
  CATALOGUE_FORMAT_VERSION,
  PACKAGE_GROUP_FILES,
  type PackageGroups,
  type PackageManifest,
} from '#shared/contracts/catalogue-package';
import { isPlainPath } from './entry-paths';
import { MANIFEST_FILE } from './read-container';
import { IMAGES_FOLDER } from './read-manifest';
import { sha256Hex } from './sha256';

export interface PackageContent {
  game: string;
  patch: string;
  /** ISO 8601 (e.g. `new Date().toISOString()`). */
  createdAt: string;
  groups: PackageGroups;
  /** Picture bytes by package-relative path under `images/`: what items' `data.image` name. */
  images: ReadonlyMap<string, Buffer>;
}

type AnyItem = PackageGroups[keyof PackageGroups][number];

/** One key order for every item, so the files read the same whoever made the objects. */
function ordered(item: AnyItem): Record<string, unknown> {
  return {
    id: item.id,
    name: item.name,
    ...(item.name_en !== undefined ? { name_en: item.name_en } : {}),
    ...(item.name_ja !== undefined ? { name_ja: item.name_ja } : {}),
    sort: item.sort,
    ...(item.deprecated !== undefined ? { deprecated: item.deprecated } : {}),
    data: item.data,
  };
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

/** Writes the package into `dir` (created when missing). Refuses a folder that already holds files: they would be extra. */
export async function writeCataloguePackage(dir: string, content: PackageContent): Promise<PackageManifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0)
    throw new Error(`${dir} is not empty: a package must be written to an empty folder`);

  const files = new Map<string, Buffer>();
  for (const group of CATEGORY_GROUPS) {
    const items = [...(content.groups[group] as AnyItem[])].sort((a, b) => a.sort - b.sort || a.id - b.id);
    files.set(PACKAGE_GROUP_FILES[group], json({ group, items: items.map(ordered) }));
  }
  for (const [rel, bytes] of content.images) {
    if (!isPlainPath(rel) || !rel.startsWith(IMAGES_FOLDER))
      throw new Error(`picture path ${rel} is not under images/`);
    files.set(rel, bytes);
  }

  const paths = [...files.keys()].sort();
  const manifest: PackageManifest = {
    game: content.game,
    patch: content.patch,
    format_version: CATALOGUE_FORMAT_VERSION,
    created_at: content.createdAt,
    files: Object.fromEntries(paths.map((rel) => [rel, sha256Hex(files.get(rel) as Buffer)])),
  };
  for (const rel of paths) {
    const target = path.join(dir, ...rel.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, files.get(rel) as Buffer);
  }
  await writeFile(path.join(dir, MANIFEST_FILE), json(manifest));
  return manifest;
}
