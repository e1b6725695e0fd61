/**
 * Catalogue packages for tests, built in memory from the demo world's items (generate-world.ts) with small real PNG
 * pictures: a map's picture has the size its item states, each bait type has one icon. `edit` changes the groups
 * (and the pictures) before the package is checked into a `LoadedPackage`, as the loader would hand it over.
 */
import path from 'node:path';
import sharp from 'sharp';
import type {
  PackageBait,
  PackageFish,
  PackageGroups,
  PackageMap,
  PackageStarType,
} from '#shared/contracts/catalogue-package';
import { generateDemoWorld } from '../demo/generate-world';
import { contentSha256 } from '../features/catalogue/package/content-hash';
import { headerSize } from '../features/catalogue/package/image-header-size';
import type { LoadedPackage, PackageImage, PackageLoad } from '../features/catalogue/package/package-types';
import { sha256Hex } from '../features/catalogue/package/sha256';
import { writeCataloguePackage } from '../features/catalogue/package/write-package';

const MAP_SIZE = { width: 32, height: 24 };

/** A small PNG of one colour: `seed` picks the colour, so two seeds give two different pictures. */
export async function pngBytes(width: number, height: number, seed: number): Promise<Buffer> {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 151) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

let base: Promise<{ groups: PackageGroups; pictures: Map<string, Buffer> }> | undefined;

async function demoGroups(): Promise<{ groups: PackageGroups; pictures: Map<string, Buffer> }> {
  const groups: PackageGroups = { fish: [], maps: [], baits: [], star_type: [], fish_way: [] };
  const pictures = new Map<string, Buffer>();
  for (const row of generateDemoWorld()) {
    const item = {
      id: row.id,
      name: row.name,
      name_en: row.name_en ?? null,
      name_ja: row.name_ja ?? null,
      sort: row.sort ?? 0,
    };
    const data = JSON.parse(row.data ?? '{}') as Record<string, unknown>;
    if (row.group_type === 'maps') {
      const image = `images/map-${row.id}.png`;
      pictures.set(image, await pngBytes(MAP_SIZE.width, MAP_SIZE.height, row.id));
      groups.maps.push({ ...item, data: { ...(data as PackageMap['data']), ...MAP_SIZE, image } });
    } else if (row.group_type === 'baits') {
      const fishWay = data.fish_way as number;
      const image = `images/bait-type-${fishWay}.png`;
      if (!pictures.has(image)) pictures.set(image, await pngBytes(16, 16, 1000 + fishWay));
      groups.baits.push({ ...item, data: { fish_way: fishWay, image } } satisfies PackageBait);
    } else if (row.group_type === 'fish') {
      groups.fish.push({ ...item, data: data as PackageFish['data'] });
    } else if (row.group_type === 'star_type') {
      groups.star_type.push({ ...item, data: {} } satisfies PackageStarType);
    } else {
      groups.fish_way.push({ ...item, data: {} });
    }
  }
  return { groups, pictures };
}

export interface TestPackageOptions {
  game?: string;
  patch?: string;
  /** Changes the demo world's groups and pictures (by package path) before the package is made. */
  edit?: (groups: PackageGroups, pictures: Map<string, Buffer>) => void | Promise<void>;
}

export interface TestPackage {
  load: PackageLoad & { ok: true };
  pkg: LoadedPackage;
  /** The pictures by package path, as `edit` left them. */
  pictures: Map<string, Buffer>;
}

/** The demo world as a checked package (a deep copy: edits never leak into the next one). */
export async function testPackage(options: TestPackageOptions = {}): Promise<TestPackage> {
  base ??= demoGroups();
  const demo = await base;
  const groups = structuredClone(demo.groups);
  const pictures = new Map(demo.pictures);
  await options.edit?.(groups, pictures);
  // As the loader checks them: every picture here is a PNG, its size read from its header.
  const images = new Map<string, PackageImage>(
    [...pictures].map(([file, bytes]) => {
      const size = headerSize('png', bytes);
      const image: PackageImage = {
        sha256: sha256Hex(bytes),
        ext: 'png',
        bytes,
        width: size?.width ?? null,
        height: size?.height ?? null,
      };
      return [file, image];
    }),
  );
  const pkg: LoadedPackage = {
    manifest: {
      game: options.game ?? 'Test game',
      patch: options.patch ?? '1.0.0',
      format_version: 1,
      created_at: '2026-11-20T08:00:00.000Z',
      files: {},
    },
    groups,
    images,
    contentSha256: contentSha256(groups, images),
  };
  return { load: { ok: true, pkg }, pkg, pictures };
}

/** Writes a test package as a folder (manifest, group files, pictures), as an operator would hand it over. */
export async function writeTestPackage(dir: string, { pkg, pictures }: TestPackage): Promise<string> {
  await writeCataloguePackage(dir, {
    game: pkg.manifest.game,
    patch: pkg.manifest.patch,
    createdAt: pkg.manifest.created_at,
    groups: pkg.groups,
    images: pictures,
  });
  return path.resolve(dir);
}
