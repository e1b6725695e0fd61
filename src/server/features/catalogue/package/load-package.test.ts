import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCataloguePackage } from './load-package';
import { packTarGz, packZip } from './pack-package';
import type { LoadedPackage, PackageLoad } from './package-types';
import { editGroupFile, sampleContent, writeSamplePackage } from './sample-package';
import { writeCataloguePackage } from './write-package';

function loaded(load: PackageLoad): LoadedPackage {
  if (!load.ok) throw new Error(`expected a loaded package, got ${JSON.stringify(load.problems, null, 2)}`);
  return load.pkg;
}

let dir: string;
let reference: LoadedPackage;
const cleanup: string[] = [];

beforeAll(async () => {
  dir = await writeSamplePackage();
  cleanup.push(dir);
  reference = loaded(await loadCataloguePackage({ path: dir }));
});
afterAll(async () => {
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});

describe('loadCataloguePackage: a written package loads back', () => {
  it('from a folder, with every group, picture and the manifest as written', async () => {
    const content = await sampleContent();
    expect(reference.manifest).toMatchObject({ game: 'Anglerdex test', patch: '1.0.0', format_version: 1 });
    expect(reference.groups.fish.map((f) => f.id)).toEqual([1000, 1001]);
    expect(reference.groups.fish[1]?.deprecated).toBe(true);
    expect(reference.groups.star_type.map((s) => s.id)).toEqual([0, 446, 447]);
    expect([...reference.images.keys()].sort()).toEqual([...content.images.keys()].sort());
    const lake = reference.images.get('images/lake.png');
    expect(lake).toMatchObject({ ext: 'png', width: 40, height: 30 });
    expect(lake?.bytes.equals(content.images.get('images/lake.png') as Buffer)).toBe(true);
    expect(reference.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  const archives = [
    ['.zip at its root', () => packZip(dir)],
    ['.zip inside one top folder', () => packZip(dir, { top: 'patch-1.0.0' })],
    ['.tar.gz at its root', () => packTarGz(dir)],
    ['.tar.gz inside one top folder', () => packTarGz(dir, { top: 'patch-1.0.0' })],
  ] as const;
  it.each(archives)('from the bytes of a %s, with the same content hash', async (_name, pack) => {
    const pkg = loaded(await loadCataloguePackage({ bytes: await pack() }));
    expect(pkg.contentSha256).toBe(reference.contentSha256);
    expect(pkg.groups).toEqual(reference.groups);
  });

  it('from the path of an archive, whatever its name says', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'anglerdex-archive-')), 'package.bin');
    cleanup.push(path.dirname(file));
    await writeFile(file, await packTarGz(dir));
    expect(loaded(await loadCataloguePackage({ path: file })).contentSha256).toBe(reference.contentSha256);
    await writeFile(file, await packZip(dir));
    expect(loaded(await loadCataloguePackage({ path: file })).contentSha256).toBe(reference.contentSha256);
  });

  it('from a .tar.gz made by the system tar, whose entries start with "./"', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'anglerdex-archive-'));
    cleanup.push(out);
    const file = path.join(out, 'patch.tar.gz');
    execFileSync('tar', ['-czf', file, '-C', dir, '.']);
    expect(loaded(await loadCataloguePackage({ path: file })).contentSha256).toBe(reference.contentSha256);
  });
});

describe('contentSha256', () => {
  it('ignores created_at, the patch name, picture file names and item order', async () => {
    const content = await sampleContent();
    content.createdAt = '2030-06-07T08:09:10Z';
    content.patch = '9.9.9';
    // The lake picture under another name, and items given in another order.
    content.images = new Map([...content.images].map(([k, v]) => [k === 'images/lake.png' ? 'images/x/y.png' : k, v]));
    const lake = content.groups.maps.find((m) => m.id === 100);
    if (lake) lake.data.image = 'images/x/y.png';
    content.groups.fish.reverse();
    const other = await writeSamplePackage(content);
    cleanup.push(other);
    expect(loaded(await loadCataloguePackage({ path: other })).contentSha256).toBe(reference.contentSha256);
  });

  it('changes with any content: a name, a number, a picture', async () => {
    const hashes = new Set([reference.contentSha256]);
    for (const edit of [
      (c: Awaited<ReturnType<typeof sampleContent>>) => {
        (c.groups.fish[0] as { name: string }).name = '草鱼';
      },
      (c: Awaited<ReturnType<typeof sampleContent>>) => {
        (c.groups.maps[0] as { data: { bounds: { x_max: number } } }).data.bounds.x_max = 401;
      },
      (c: Awaited<ReturnType<typeof sampleContent>>) => {
        c.images = new Map(c.images).set('images/lure.png', c.images.get('images/float.png') as Buffer);
      },
    ]) {
      const content = await sampleContent();
      edit(content);
      const other = await writeSamplePackage(content);
      cleanup.push(other);
      hashes.add(loaded(await loadCataloguePackage({ path: other })).contentSha256);
    }
    expect(hashes.size).toBe(4);
  });

  it('is the same for the same content written by hand with other whitespace and key order', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'anglerdex-package-'));
    cleanup.push(other);
    await rm(other, { recursive: true });
    await cp(dir, other, { recursive: true });
    await editGroupFile(other, 'fish.json', (file) => {
      file.items = file.items.map((item) => Object.fromEntries(Object.entries(item).reverse()));
    });
    expect(loaded(await loadCataloguePackage({ path: other })).contentSha256).toBe(reference.contentSha256);
  });
});

describe('writeCataloguePackage', () => {
  it('refuses a folder that already holds files', async () => {
    await expect(writeCataloguePackage(dir, await sampleContent())).rejects.toThrow(/not empty/);
  });

  it('writes the same bytes twice', async () => {
    const a = await writeSamplePackage();
    const b = await writeSamplePackage();
    cleanup.push(a, b);
    expect((await packZip(a)).equals(await packZip(b))).toBe(true);
    expect((await packTarGz(a)).equals(await packTarGz(b))).toBe(true);
  });
});
