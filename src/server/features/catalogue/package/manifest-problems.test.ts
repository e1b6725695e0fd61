import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCataloguePackage } from './load-package';
import { packTarGz, packZip } from './pack-package';
import type { PackageLoad } from './package-types';
import { rewriteFile, writeSamplePackage, type LooseJson } from './sample-package';

function problemsOf(load: PackageLoad) {
  if (load.ok) throw new Error('expected problems, the package loaded');
  return load.problems.map(({ file, item_id, field, code, params }) => ({ file, item_id, field, code, params }));
}

const cleanup: string[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});
async function fresh(): Promise<string> {
  const d = await writeSamplePackage();
  cleanup.push(d);
  return d;
}
async function manifestOf(d: string): Promise<LooseJson> {
  return JSON.parse(await readFile(path.join(d, 'manifest.json'), 'utf8')) as LooseJson;
}
async function writeManifest(d: string, manifest: unknown): Promise<void> {
  await writeFile(path.join(d, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

describe('the manifest and the files it lists', () => {
  it('a listed file the package lacks, in a folder, a .zip and a .tar.gz', async () => {
    const d = await fresh();
    await unlink(path.join(d, 'images', 'river.png'));
    const expected = [
      { file: 'images/river.png', item_id: null, field: null, code: 'file-missing', params: undefined },
    ];
    expect(problemsOf(await loadCataloguePackage({ path: d }))).toEqual(expected);
    expect(problemsOf(await loadCataloguePackage({ bytes: await packZip(d) }))).toEqual(expected);
    expect(problemsOf(await loadCataloguePackage({ bytes: await packTarGz(d) }))).toEqual(expected);
  });

  it('an extra file the manifest does not list, and a file outside images/', async () => {
    const d = await fresh();
    await writeFile(path.join(d, 'images', 'extra.png'), await readFile(path.join(d, 'images', 'lake.png')));
    await writeFile(path.join(d, 'notes.txt'), 'hello');
    expect(problemsOf(await loadCataloguePackage({ bytes: await packZip(d, { top: 'p' }) }))).toEqual([
      { file: 'images/extra.png', item_id: null, field: null, code: 'file-not-listed', params: undefined },
      { file: 'notes.txt', item_id: null, field: null, code: 'file-not-allowed', params: undefined },
      { file: 'notes.txt', item_id: null, field: null, code: 'file-not-listed', params: undefined },
    ]);
  });

  it('a hash mismatch names both hashes', async () => {
    const d = await fresh();
    const manifest = await manifestOf(d);
    const actual = manifest.files['fish.json'] as string;
    manifest.files['fish.json'] = '0'.repeat(64);
    await writeManifest(d, manifest);
    expect(problemsOf(await loadCataloguePackage({ bytes: await packTarGz(d) }))).toEqual([
      {
        file: 'fish.json',
        item_id: null,
        field: null,
        code: 'hash-mismatch',
        params: { expected: '0'.repeat(64), actual },
      },
    ]);
  });

  it('a group file that is neither in the package nor in the manifest', async () => {
    const d = await fresh();
    const manifest = await manifestOf(d);
    delete manifest.files['star_type.json'];
    await writeManifest(d, manifest);
    await unlink(path.join(d, 'star_type.json'));
    const problems = problemsOf(await loadCataloguePackage({ path: d }));
    expect(problems).toContainEqual({
      file: 'star_type.json',
      item_id: null,
      field: null,
      code: 'group-file-missing',
      params: { group: 'star_type' },
    });
  });

  it('manifest fields: unknown, missing, wrong type, bad date, bad hash, unsafe key — all at once', async () => {
    const d = await fresh();
    const manifest = await manifestOf(d);
    manifest.extra = 1;
    delete manifest.game;
    manifest.format_version = 2;
    manifest.created_at = 'yesterday';
    manifest.files['images/lake.png'] = 'ABC';
    manifest.files['../up.png'] = '0'.repeat(64);
    await writeManifest(d, manifest);
    const problems = problemsOf(await loadCataloguePackage({ path: d }));
    expect(problems.map((p) => [p.file, p.field, p.code])).toEqual([
      ['../up.png', 'files.../up.png', 'unsafe-path'],
      ['manifest.json', 'created_at', 'invalid-format'],
      ['manifest.json', 'extra', 'unknown-field'],
      ['manifest.json', 'files.images/lake.png', 'invalid-format'],
      ['manifest.json', 'format_version', 'invalid-value'],
      ['manifest.json', 'game', 'missing-field'],
    ]);
  });
});

describe('malformed JSON says where', () => {
  it.each([
    ['a trailing comma', '{\n  "group": "fish",\n  "items": [1,]\n}', 3, 15],
    ['a bare word', '{\n  "group": fish\n}', 2, 12],
    ['a missing brace', '{\n  "group": "fish",\n  "items": []\n', 4, 1],
  ])('%s in fish.json', async (_name, text, line, column) => {
    const d = await fresh();
    await rewriteFile(d, 'fish.json', text);
    const problems = problemsOf(await loadCataloguePackage({ path: d }));
    expect(problems).toContainEqual({
      file: 'fish.json',
      item_id: null,
      field: null,
      code: 'json-malformed',
      params: expect.objectContaining({ line, column }),
    });
  });

  it('a manifest that is not JSON, and one that is not UTF-8', async () => {
    const d = await fresh();
    await writeFile(path.join(d, 'manifest.json'), '{"game": "x",');
    expect(problemsOf(await loadCataloguePackage({ path: d }))).toContainEqual(
      expect.objectContaining({
        file: 'manifest.json',
        code: 'json-malformed',
        params: expect.objectContaining({ line: 1, column: 14 }),
      }),
    );
    await writeFile(path.join(d, 'manifest.json'), Buffer.from([0x7b, 0xff, 0x7d]));
    expect(problemsOf(await loadCataloguePackage({ path: d }))).toContainEqual(
      expect.objectContaining({ file: 'manifest.json', code: 'not-utf8' }),
    );
  });
});
