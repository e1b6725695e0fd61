/**
 * INTERIM — replaced by the package loader and writer of `./package/` (`loadCataloguePackage`,
 * `writeCataloguePackage`) when they land: until then the CLI and the export need to read and write a package
 * folder. Folders only, with the checks the importer relies on (the manifest, every file's hash, the group files'
 * shapes, the pictures named); none of the loader's picture sniffing, archives or cross-file rules.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORY_GROUPS } from '#shared/contracts/catalogue';
import {
  CATALOGUE_FORMAT_VERSION,
  PACKAGE_GROUP_FILES,
  PackageGroupFiles,
  type PackageGroups,
  PackageManifest,
  type PackageProblem,
} from '#shared/contracts/catalogue-package';
import { canonicalJson, sha256Hex } from './catalogue-content';
import type { PackageImage, PackageLoad, PackageSource } from './package/package-types';

const EXTENSIONS: Record<string, PackageImage['ext']> = { png: 'png', webp: 'webp', jpeg: 'jpeg', svg: 'svg' };

const problem = (file: string, item_id: number | null, field: string | null, code: string, message: string) =>
  ({ file, item_id, field, code, message }) satisfies PackageProblem;

export async function readPackageFolder(source: PackageSource): Promise<PackageLoad> {
  if (!('path' in source) || !existsSync(source.path) || !statSync(source.path).isDirectory())
    return { ok: false, problems: [problem('', null, null, 'unreadable', 'the package must be a folder')] };
  const root = source.path;
  const problems: PackageProblem[] = [];
  const readJson = async (file: string): Promise<unknown> => {
    try {
      return JSON.parse(await readFile(path.join(root, file), 'utf8'));
    } catch (error) {
      problems.push(problem(file, null, null, 'malformed_json', (error as Error).message));
      return undefined;
    }
  };

  const manifest = PackageManifest.safeParse(await readJson('manifest.json'));
  if (!manifest.success) {
    if (problems.length === 0)
      problems.push(problem('manifest.json', null, null, 'invalid_manifest', manifest.error.message));
    return { ok: false, problems };
  }
  const files = new Map<string, Buffer>();
  for (const [file, hash] of Object.entries(manifest.data.files)) {
    try {
      const bytes = await readFile(path.join(root, file));
      if (sha256Hex(bytes) !== hash)
        problems.push(problem(file, null, null, 'hash_mismatch', `${file}: SHA-256 differs`));
      files.set(file, bytes);
    } catch {
      problems.push(problem(file, null, null, 'file_missing', `${file} is listed in the manifest but missing`));
    }
  }

  const groups = {} as PackageGroups;
  for (const group of CATEGORY_GROUPS) {
    const file = PACKAGE_GROUP_FILES[group];
    const bytes = files.get(file);
    if (!bytes) {
      problems.push(problem(file, null, null, 'file_missing', `${file} is missing`));
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      problems.push(problem(file, null, null, 'malformed_json', (error as Error).message));
      continue;
    }
    const parsed = PackageGroupFiles[group].safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(problem(file, null, issue.path.join('.'), 'invalid_field', issue.message));
      continue;
    }
    (groups as unknown as Record<string, unknown>)[group] = parsed.data.items;
  }

  const images = new Map<string, PackageImage>();
  for (const [file, bytes] of files) {
    if (!file.startsWith('images/')) continue;
    const ext = EXTENSIONS[path.extname(file).slice(1).toLowerCase()];
    if (!ext) {
      problems.push(problem(file, null, null, 'image_type', `${file}: not a PNG, WebP, JPEG or SVG name`));
      continue;
    }
    images.set(file, { sha256: sha256Hex(bytes), ext, bytes, width: null, height: null });
  }
  if (problems.length > 0) return { ok: false, problems };

  return {
    ok: true,
    pkg: { manifest: manifest.data, groups, images, contentSha256: contentSha256Of(groups, images) },
  };
}

/** The groups in a canonical form (items by id, keys sorted), each picture's hash in place of its path. */
export function contentSha256Of(groups: PackageGroups, images: ReadonlyMap<string, PackageImage>): string {
  const hashed = Object.fromEntries(
    CATEGORY_GROUPS.map((group) => [
      group,
      [...groups[group]]
        .sort((a, b) => a.id - b.id)
        .map((item) => {
          const image = (item.data as { image?: string }).image;
          return image === undefined
            ? item
            : { ...item, data: { ...item.data, image: images.get(image)?.sha256 ?? image } };
        }),
    ]),
  );
  return sha256Hex(canonicalJson(hashed));
}

export interface PackageContents {
  game: string;
  patch: string;
  /** ISO 8601. */
  createdAt: string;
  groups: PackageGroups;
  /** The pictures by package-relative path ("images/<sha256>.png"). */
  images: ReadonlyMap<string, Buffer>;
}

/** Writes `dir/manifest.json`, the group files (items in catalogue order) and the pictures. */
export async function writePackageFiles(dir: string, contents: PackageContents): Promise<void> {
  const files: Record<string, string> = {};
  const write = async (file: string, bytes: Buffer) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), bytes);
    files[file] = sha256Hex(bytes);
  };
  for (const group of CATEGORY_GROUPS) {
    const items = [...contents.groups[group]].sort((a, b) => a.sort - b.sort || a.id - b.id);
    await write(PACKAGE_GROUP_FILES[group], Buffer.from(`${JSON.stringify({ group, items }, null, 2)}\n`));
  }
  for (const [file, bytes] of contents.images) await write(file, bytes);
  const manifest: PackageManifest = {
    game: contents.game,
    patch: contents.patch,
    format_version: CATALOGUE_FORMAT_VERSION,
    created_at: contents.createdAt,
    files,
  };
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}
