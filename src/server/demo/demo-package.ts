/**
 * The demo world as a catalogue package (docs/catalogue-format.md): the generated rows (generate-world.ts) with
 * their pictures rendered by sharp — one per map, one icon per bait type, shared by that type's baits — so the demo
 * data reaches the catalogue through the same importer as real game data. Deterministic: the same generator writes
 * the same package, byte for byte.
 *
 * `demoPackageDir()` writes it once per generator content into a cache folder under the system's temp folder, for the
 * first start and for every test that seeds the demo world.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BaitData, FishData, MapData } from '#shared/contracts/catalogue';
import type { PackageGroups } from '#shared/contracts/catalogue-package';
import { writeCataloguePackage } from '../features/catalogue/package/write-package';
import { type CategoryRow, generateDemoWorld } from './generate-world';
import { demoBaitTypePicture, demoMapPicture, demoPictures, renderDemoPictures } from './render-images';

export const DEMO_PACKAGE_GAME = 'Anglerdex demo';
export const DEMO_PACKAGE_PATCH = 'demo-1';
/** Fixed, so the manifest is the same bytes every time (the content hash ignores it anyway). */
const DEMO_CREATED_AT = '2025-01-01T00:00:00Z';
/** Bump when the package layout changes in a way the rows do not show, to refresh every cache. */
const DEMO_PACKAGE_VERSION = 1;
/**
 * SHA-256 of every demo picture's SVG text (`demoPicturesSvgSha256()`): part of the cache key, so a painter change
 * refreshes cached packages. Drawing the SVGs takes seconds, too long to do on every cache hit, so the value is
 * recorded here and demo-package.test.ts fails, saying what to write, when the painter draws something else.
 */
export const DEMO_PICTURES_SVG_SHA256 = 'c845d3e6b96422298c4166fff650bee021128ccb656b3f6b4013f48797beaeb9';

function names(row: CategoryRow) {
  return {
    id: row.id,
    name: row.name,
    name_en: row.name_en ?? null,
    name_ja: row.name_ja ?? null,
    sort: row.sort ?? 0,
  };
}

/** The demo world's groups as package items, each picture named by its package path (render-images.ts). */
function demoGroups(rows: readonly CategoryRow[]): PackageGroups {
  const groups: PackageGroups = { fish: [], maps: [], baits: [], star_type: [], fish_way: [] };
  for (const row of rows) {
    const data = JSON.parse(row.data ?? '{}') as unknown;
    if (row.group_type === 'maps') {
      groups.maps.push({ ...names(row), data: { ...(data as MapData), image: demoMapPicture(row.id) } });
    } else if (row.group_type === 'fish') {
      groups.fish.push({ ...names(row), data: data as FishData });
    } else if (row.group_type === 'baits') {
      const { fish_way } = data as BaitData;
      groups.baits.push({ ...names(row), data: { fish_way, image: demoBaitTypePicture(fish_way) } });
    } else if (row.group_type === 'star_type') {
      groups.star_type.push({ ...names(row), data: {} });
    } else if (row.group_type === 'fish_way') {
      groups.fish_way.push({ ...names(row), data: {} });
    }
  }
  return groups;
}

/** Writes the demo world as a package into `dir` (created when missing; it must be empty). */
export async function writeDemoPackage(dir: string): Promise<void> {
  const rows = generateDemoWorld();
  await writeCataloguePackage(dir, {
    game: DEMO_PACKAGE_GAME,
    patch: DEMO_PACKAGE_PATCH,
    createdAt: DEMO_CREATED_AT,
    groups: demoGroups(rows),
    images: await renderDemoPictures(demoPictures(rows)),
  });
}

/** The hash `DEMO_PICTURES_SVG_SHA256` records: of each picture's path and SVG text, in path order. */
export function demoPicturesSvgSha256(): string {
  const pictures = demoPictures(generateDemoWorld());
  const hash = createHash('sha256');
  for (const picture of [...pictures].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    hash.update(`${picture.path}\n${picture.svg}\n`);
  }
  return hash.digest('hex');
}

/** What the cached package depends on: the rows, the pictures (by their recorded hash), the renderer, the layout. */
function demoPackageKey(): string {
  const key = {
    version: DEMO_PACKAGE_VERSION,
    pictures: DEMO_PICTURES_SVG_SHA256,
    vips: sharp.versions.vips,
    rows: generateDemoWorld(),
  };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Answers `dir` once a complete package is there: the one already written, or one `write` makes under a temporary
 * name and renames into place. A rename is atomic, so no reader ever sees half a package; when several processes
 * race, the first rename wins, the others' fail on the now non-empty folder and they use the winner's.
 */
export async function writePackageOnce(dir: string, write: (dir: string) => Promise<void>): Promise<string> {
  const manifest = path.join(dir, 'manifest.json');
  if (await exists(manifest)) return dir;
  const temp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await write(temp);
    await rename(temp, dir);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    if (!(await exists(manifest))) throw error;
  }
  return dir;
}

let cached: Promise<string> | undefined;

/**
 * The path of the demo package, written once per generator content under the system temp folder (`writePackageOnce`)
 * and reused by every later call, process and test worker.
 */
export function demoPackageDir(): Promise<string> {
  if (!cached) {
    cached = writePackageOnce(path.join(os.tmpdir(), `anglerdex-demo-package-${demoPackageKey()}`), writeDemoPackage);
    // A failed write is tried again by the next call.
    cached.catch(() => {
      cached = undefined;
    });
  }
  return cached;
}
