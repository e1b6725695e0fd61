import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCataloguePackage } from './load-package';
import { packTarGz, packZip } from './pack-package';
import { GROUP_FILE_CASES, type GroupFileEdit } from './bad-packages';
import type { PackageLoad } from './package-types';
import { editGroupFile, rewriteFile, solidPng, writeSamplePackage, type LooseJson } from './sample-package';

function problemsOf(load: PackageLoad) {
  if (load.ok) throw new Error('expected problems, the package loaded');
  return load.problems.map(({ file, item_id, field, code, params }) => ({ file, item_id, field, code, params }));
}

const cleanup: string[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});

/** The sample package with one group file edited, loaded from a folder. */
async function withEdit(rel: string, edit: GroupFileEdit) {
  const d = await writeSamplePackage();
  cleanup.push(d);
  await editGroupFile(d, rel, edit);
  return { dir: d, problems: problemsOf(await loadCataloguePackage({ path: d })) };
}

const item = (file: { items: LooseJson[] }, id: number): LooseJson => {
  const found = file.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};

describe('each bad item is reported at its file, item and field', () => {
  it.each(GROUP_FILE_CASES)('$name', async ({ file, edit, problems: expected }) => {
    const { problems } = await withEdit(file, edit);
    expect(problems).toEqual(expected);
  });

  it('every problem of a package at once, the same from all three containers', async () => {
    const { dir, problems } = await withEdit('fish.json', (f) => {
      item(f, 1000).data.maps = [999];
      item(f, 1001).data.min_weight = 5000;
      delete item(f, 1001).name;
    });
    await editGroupFile(dir, 'maps.json', (f) => void (item(f, 100).data.bounds.x_max = 0));
    await rewriteFile(dir, 'images/lure.png', await solidPng(3, 3, [0, 0, 0]));
    const all = problemsOf(await loadCataloguePackage({ path: dir }));
    expect(all.map((p) => `${p.file} ${p.item_id} ${p.field} ${p.code}`)).toEqual([
      'fish.json 1000 data.maps.0 unknown-map',
      'fish.json 1001 data.min_weight weight-range',
      'fish.json 1001 name name-missing',
      'maps.json 100 data.bounds bounds-area',
    ]);
    expect(problems.length).toBe(3);
    expect(problemsOf(await loadCataloguePackage({ bytes: await packZip(dir) }))).toEqual(all);
    expect(problemsOf(await loadCataloguePackage({ bytes: await packTarGz(dir) }))).toEqual(all);
  });
});
