import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCataloguePackage } from '../features/catalogue/package/load-package';
import type { LoadedPackage } from '../features/catalogue/package/package-types';
import {
  DEMO_PACKAGE_GAME,
  DEMO_PICTURES_SVG_SHA256,
  demoPackageDir,
  demoPicturesSvgSha256,
  writeDemoPackage,
  writePackageOnce,
} from './demo-package';
import { generateDemoWorld } from './generate-world';

const cleanup: string[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});

async function loadDir(dir: string): Promise<LoadedPackage> {
  const load = await loadCataloguePackage({ path: dir });
  if (!load.ok) throw new Error(JSON.stringify(load.problems.slice(0, 10), null, 2));
  return load.pkg;
}

describe('the demo world as a package', () => {
  it('loads with no problems and holds every generated row, one picture per map and per bait type', async () => {
    const pkg = await loadDir(await demoPackageDir());
    const rows = generateDemoWorld();
    expect(pkg.manifest.game).toBe(DEMO_PACKAGE_GAME);
    for (const group of ['fish', 'maps', 'baits', 'star_type', 'fish_way'] as const) {
      const ids = rows.filter((r) => r.group_type === group).map((r) => r.id);
      expect(pkg.groups[group].map((i) => i.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    }
    expect(pkg.images.size).toBe(pkg.groups.maps.length + pkg.groups.fish_way.length);
    const firstMap = pkg.groups.maps[0];
    expect(pkg.images.get(firstMap?.data.image ?? '')).toMatchObject({
      ext: 'png',
      width: firstMap?.data.width,
      height: firstMap?.data.height,
    });
    const bait = pkg.groups.baits[0];
    expect(bait?.data.image).toBe(`images/bait-types/${bait?.data.fish_way}.png`);
  });

  it('is deterministic: written again, it has the same content hash and the same manifest', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'anglerdex-demo-')), 'package');
    cleanup.push(path.dirname(dir));
    await writeDemoPackage(dir);
    const cachedDir = await demoPackageDir();
    expect((await loadDir(dir)).contentSha256).toBe((await loadDir(cachedDir)).contentSha256);
    expect(await readFile(path.join(dir, 'manifest.json'), 'utf8')).toBe(
      await readFile(path.join(cachedDir, 'manifest.json'), 'utf8'),
    );
  });

  it('is cached: every call answers the same folder', async () => {
    expect(await demoPackageDir()).toBe(await demoPackageDir());
  });

  it('records the hash of the pictures it draws (part of the cache key)', () => {
    // When this fails, the painter draws something else: write the new value into DEMO_PICTURES_SVG_SHA256 in
    // src/server/demo/demo-package.ts, so cached demo packages are written again.
    expect(DEMO_PICTURES_SVG_SHA256).toBe(demoPicturesSvgSha256());
  });
});

describe('writePackageOnce', () => {
  it('lets racing writers all answer one complete folder, and leaves no temporary folder behind', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'anglerdex-once-'));
    cleanup.push(parent);
    const target = path.join(parent, 'package');
    let writes = 0;
    const write = async (dir: string): Promise<void> => {
      writes += 1;
      await mkdir(dir);
      await writeFile(path.join(dir, 'fish.json'), String(writes));
      // Slow enough that all writers are past their "already there?" check before the first one renames.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await writeFile(path.join(dir, 'manifest.json'), '{}');
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => writePackageOnce(target, write)));
    expect(answers).toEqual(Array(4).fill(target));
    expect(writes).toBe(4);
    expect(await readdir(parent)).toEqual(['package']);
    expect((await readdir(target)).sort()).toEqual(['fish.json', 'manifest.json']);

    // Once it is there, nothing is written again.
    await writePackageOnce(target, write);
    expect(writes).toBe(4);
  });

  it('passes a failed write on and leaves nothing behind', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'anglerdex-once-'));
    cleanup.push(parent);
    const failing = async (dir: string): Promise<void> => {
      await mkdir(dir);
      throw new Error('disk full');
    };
    await expect(writePackageOnce(path.join(parent, 'package'), failing)).rejects.toThrow('disk full');
    expect(await readdir(parent)).toEqual([]);
  });
});
