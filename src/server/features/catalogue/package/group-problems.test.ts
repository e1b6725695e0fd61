import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCataloguePackage } from './load-package';
import { packTarGz, packZip } from './pack-package';
import type { PackageLoad } from './package-types';
import { editGroupFile, rewriteFile, solidPng, writeSamplePackage, type LooseJson } from './sample-package';

type Edit = (file: { group: string; items: LooseJson[] }) => void;

function problemsOf(load: PackageLoad) {
  if (load.ok) throw new Error('expected problems, the package loaded');
  return load.problems.map(({ file, item_id, field, code, params }) => ({ file, item_id, field, code, params }));
}

const cleanup: string[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});

/** The sample package with one group file edited, loaded from a folder. */
async function withEdit(rel: string, edit: Edit) {
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
  const cases: Array<[string, string, Edit, ReturnType<typeof problemsOf>]> = [
    [
      'a duplicate id in a group',
      'baits.json',
      (f) => void f.items.push({ ...item(f, 2000), sort: 9 }),
      [{ file: 'baits.json', item_id: 2000, field: 'id', code: 'duplicate-id', params: { id: 2000 } }],
    ],
    [
      'an id used by two groups',
      'baits.json',
      (f) => void (item(f, 2001).id = 100),
      [
        {
          file: 'baits.json',
          item_id: 100,
          field: 'id',
          code: 'id-in-two-groups',
          params: { id: 100, other_file: 'maps.json' },
        },
      ],
    ],
    [
      'a missing Chinese name',
      'fish.json',
      (f) => void delete item(f, 1000).name,
      [{ file: 'fish.json', item_id: 1000, field: 'name', code: 'name-missing', params: undefined }],
    ],
    [
      'an empty Chinese name',
      'maps.json',
      (f) => void (item(f, 101).name = '  '),
      [{ file: 'maps.json', item_id: 101, field: 'name', code: 'name-missing', params: undefined }],
    ],
    [
      'unknown fields, on the item and in its data',
      'fish.json',
      (f) => {
        item(f, 1001).colour = 'red';
        item(f, 1001).data.habitat = 'lake';
      },
      [
        { file: 'fish.json', item_id: 1001, field: 'colour', code: 'unknown-field', params: undefined },
        { file: 'fish.json', item_id: 1001, field: 'data.habitat', code: 'unknown-field', params: undefined },
      ],
    ],
    [
      'a fish on an unknown map',
      'fish.json',
      (f) => void (item(f, 1000).data.maps = [100, 999]),
      [{ file: 'fish.json', item_id: 1000, field: 'data.maps.1', code: 'unknown-map', params: { map: 999 } }],
    ],
    [
      'a bait on an unknown bait type',
      'baits.json',
      (f) => void (item(f, 2001).data.fish_way = 12),
      [
        {
          file: 'baits.json',
          item_id: 2001,
          field: 'data.fish_way',
          code: 'unknown-bait-type',
          params: { bait_type: 12 },
        },
      ],
    ],
    [
      'star-class weights that do not grow',
      'fish.json',
      (f) => void (item(f, 1000).data.star_weights[1].min_weight = 12000),
      [
        {
          file: 'fish.json',
          item_id: 1000,
          field: 'data.star_weights.1.min_weight',
          code: 'star-weights-order',
          params: undefined,
        },
      ],
    ],
    [
      "star classes out of the star types' order",
      'fish.json',
      (f) =>
        void (item(f, 1000).data.star_weights = [
          { star_type: 447, min_weight: 12000 },
          { star_type: 446, min_weight: 20000 },
        ]),
      [
        {
          file: 'fish.json',
          item_id: 1000,
          field: 'data.star_weights.1.star_type',
          code: 'star-weights-order',
          params: undefined,
        },
      ],
    ],
    [
      'a star class of an unknown star type',
      'fish.json',
      (f) => void (item(f, 1000).data.star_weights[1].star_type = 460),
      [
        {
          file: 'fish.json',
          item_id: 1000,
          field: 'data.star_weights.1.star_type',
          code: 'unknown-star-type',
          params: { star_type: 460 },
        },
      ],
    ],
    [
      "a star-class weight outside the fish's weights",
      'fish.json',
      (f) => void (item(f, 1000).data.star_weights[1].min_weight = 50000),
      [
        {
          file: 'fish.json',
          item_id: 1000,
          field: 'data.star_weights.1.min_weight',
          code: 'star-weight-out-of-range',
          params: { weight: 50000, min_weight: 300, max_weight: 40000 },
        },
      ],
    ],
    [
      'min_weight above max_weight',
      'fish.json',
      (f) => void (item(f, 1001).data.min_weight = 5000),
      [
        {
          file: 'fish.json',
          item_id: 1001,
          field: 'data.min_weight',
          code: 'weight-range',
          params: { min_weight: 5000, max_weight: 3000 },
        },
      ],
    ],
    [
      'bounds with zero area',
      'maps.json',
      (f) => void (item(f, 100).data.bounds.y_max = 0),
      [
        {
          file: 'maps.json',
          item_id: 100,
          field: 'data.bounds',
          code: 'bounds-area',
          params: { x_min: 0, y_min: 0, x_max: 400, y_max: 0 },
        },
      ],
    ],
    [
      'bounds with negative area',
      'maps.json',
      (f) => void (item(f, 101).data.bounds.x_max = -20),
      [
        {
          file: 'maps.json',
          item_id: 101,
          field: 'data.bounds',
          code: 'bounds-area',
          params: { x_min: -10, y_min: -10, x_max: -20, y_max: 10 },
        },
      ],
    ],
    [
      'a map whose size differs from its picture',
      'maps.json',
      (f) => void (item(f, 100).data.width = 41),
      [
        {
          file: 'maps.json',
          item_id: 100,
          field: 'data.width',
          code: 'map-size-mismatch',
          params: { width: 41, height: 30, image_width: 40, image_height: 30 },
        },
      ],
    ],
    [
      'picture paths outside images/',
      'baits.json',
      (f) => {
        item(f, 2000).data.image = '../lure.png';
        item(f, 2001).data.image = 'fish.json';
      },
      [
        { file: 'baits.json', item_id: 2000, field: 'data.image', code: 'image-path', params: { path: '../lure.png' } },
        { file: 'baits.json', item_id: 2001, field: 'data.image', code: 'image-path', params: { path: 'fish.json' } },
      ],
    ],
    [
      'a picture the package does not hold',
      'maps.json',
      (f) => void (item(f, 101).data.image = 'images/sea.png'),
      [
        {
          file: 'maps.json',
          item_id: 101,
          field: 'data.image',
          code: 'image-missing',
          params: { path: 'images/sea.png' },
        },
      ],
    ],
    [
      'wrong types, a missing field and a level out of range',
      'fish.json',
      (f) => {
        item(f, 1000).sort = 'first';
        delete item(f, 1000).data.latin;
        item(f, 1001).data.level = 9;
      },
      [
        { file: 'fish.json', item_id: 1000, field: 'data.latin', code: 'missing-field', params: undefined },
        { file: 'fish.json', item_id: 1000, field: 'sort', code: 'invalid-type', params: { expected: 'number' } },
        {
          file: 'fish.json',
          item_id: 1001,
          field: 'data.level',
          code: 'out-of-range',
          params: { reason: 'Too big: expected number to be <=7' },
        },
      ],
    ],
    [
      'a group file naming another group',
      'baits.json',
      (f) => void (f.group = 'fish'),
      [
        {
          file: 'baits.json',
          item_id: null,
          field: 'group',
          code: 'invalid-value',
          params: { reason: 'Invalid input: expected "baits"' },
        },
      ],
    ],
  ];

  it.each(cases)('%s', async (_name, rel, edit, expected) => {
    const { problems } = await withEdit(rel, edit);
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
