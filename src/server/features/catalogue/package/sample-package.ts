/**
 * A small valid package for tests (this folder's and the importer's): three star types, two bait types, two maps
 * with real PNG pictures, two fish and two baits. `writeSamplePackage` writes it; `rewriteFile` changes one file
 * and its manifest hash, so a test can break exactly one rule.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { PackageGroups } from '#shared/contracts/catalogue-package';
import { MANIFEST_FILE } from './read-container';
import { sha256Hex } from './sha256';
import { type PackageContent, writeCataloguePackage } from './write-package';

export async function solidPng(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  const [r, g, b] = rgb;
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

export function sampleGroups(): PackageGroups {
  return {
    star_type: [
      { id: 0, name: '未知', name_en: 'Unknown', name_ja: '不明', sort: 1, data: {} },
      { id: 446, name: '电视奖杯', name_en: 'TV trophy', name_ja: 'TVトロフィー', sort: 2, data: {} },
      { id: 447, name: '稀有电视奖杯', name_en: 'Rare TV trophy', name_ja: 'レアTVトロフィー', sort: 3, data: {} },
    ],
    fish_way: [
      { id: 10, name: '路亚', name_en: 'Lure', name_ja: 'ルアー', sort: 1, data: {} },
      { id: 11, name: '浮漂', name_en: 'Float', sort: 2, data: {} },
    ],
    maps: [
      {
        id: 100,
        name: '湖',
        name_en: 'Lake',
        name_ja: '湖',
        sort: 1,
        data: {
          image: 'images/lake.png',
          width: 40,
          height: 30,
          bounds: { x_min: 0, y_min: 0, x_max: 400, y_max: 300 },
        },
      },
      {
        id: 101,
        name: '河',
        name_en: 'River',
        sort: 2,
        data: {
          image: 'images/river.png',
          width: 20,
          height: 20,
          bounds: { x_min: -10, y_min: -10, x_max: 10, y_max: 10 },
        },
      },
    ],
    fish: [
      {
        id: 1000,
        name: '鲤鱼',
        name_en: 'Common carp',
        name_ja: 'コイ',
        sort: 1,
        data: {
          level: 1,
          latin: 'Cyprinus carpio',
          min_weight: 300,
          max_weight: 40000,
          star_weights: [
            { star_type: 446, min_weight: 12000 },
            { star_type: 447, min_weight: 20000 },
          ],
          maps: [100, 101],
        },
      },
      {
        id: 1001,
        name: '鲈鱼',
        sort: 2,
        deprecated: true,
        data: { level: 3, latin: 'Perca fluviatilis', min_weight: 50, max_weight: 3000, star_weights: [], maps: [101] },
      },
    ],
    baits: [
      { id: 2000, name: '亮片', name_en: 'Spoon', sort: 1, data: { fish_way: 10, image: 'images/lure.png' } },
      { id: 2001, name: '玉米', name_en: 'Corn', sort: 2, data: { fish_way: 11, image: 'images/float.png' } },
    ],
  };
}

export async function sampleContent(): Promise<PackageContent> {
  return {
    game: 'Anglerdex test',
    patch: '1.0.0',
    createdAt: '2025-01-02T03:04:05Z',
    groups: sampleGroups(),
    images: new Map([
      ['images/lake.png', await solidPng(40, 30, [20, 90, 160])],
      ['images/river.png', await solidPng(20, 20, [30, 120, 90])],
      ['images/lure.png', await solidPng(16, 16, [200, 40, 40])],
      ['images/float.png', await solidPng(16, 16, [240, 200, 40])],
    ]),
  };
}

/** Writes `content` (the sample when omitted) into a new temporary folder and answers its path. */
export async function writeSamplePackage(content?: PackageContent): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'anglerdex-package-'));
  await writeCataloguePackage(dir, content ?? (await sampleContent()));
  return dir;
}

/** Replaces a file of a written package and records its new hash in the manifest (the manifest itself: as given). */
export async function rewriteFile(dir: string, rel: string, bytes: Buffer | string): Promise<void> {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  await writeFile(path.join(dir, ...rel.split('/')), data);
  if (rel === MANIFEST_FILE) return;
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as {
    files: Record<string, string>;
  };
  manifest.files[rel] = sha256Hex(data);
  await writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
}

/** JSON as a test edits it: any shape, so a test can put a wrong type or value in any field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests write wrong types on purpose
export type LooseJson = Record<string, any>;

/** Rewrites a group file through a function of its parsed JSON. */
export async function editGroupFile(
  dir: string,
  rel: string,
  edit: (file: { group: string; items: LooseJson[] }) => void,
): Promise<void> {
  const file = JSON.parse(await readFile(path.join(dir, rel), 'utf8')) as {
    group: string;
    items: LooseJson[];
  };
  edit(file);
  await rewriteFile(dir, rel, JSON.stringify(file, null, 2));
}
