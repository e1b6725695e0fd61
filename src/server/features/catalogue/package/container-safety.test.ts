import { execFileSync } from 'node:child_process';
import { link, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_IMAGE_MAX_BYTES } from '#shared/contracts/catalogue-package';
import { zipOf } from './bad-packages';
import { loadCataloguePackage } from './load-package';
import { packTarGz, packZip, tarEntry, tarOf } from './pack-package';
import type { PackageLoad } from './package-types';
import { rewriteFile, writeSamplePackage } from './sample-package';

function problemsOf(load: PackageLoad) {
  if (load.ok) throw new Error('expected problems, the package loaded');
  return load.problems.map(({ file, item_id, field, code, params }) => ({ file, item_id, field, code, params }));
}

/** yazl refuses unsafe names, as it should: write a same-length safe name, then patch the bytes. */
function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  expect(from.length).toBe(to.length);
  const out = Buffer.from(zip);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + 1)) out.write(to, at, 'latin1');
  return out;
}

let dir: string;
const cleanup: string[] = [];
beforeAll(async () => {
  dir = await writeSamplePackage();
  cleanup.push(dir);
});
afterAll(async () => {
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});

async function freshPackage(): Promise<string> {
  const d = await writeSamplePackage();
  cleanup.push(d);
  return d;
}

describe('unsafe archive paths are refused, every one', () => {
  it('a .tar.gz with "../", an absolute path and a backslash', async () => {
    const good = await readFile(path.join(dir, 'manifest.json'));
    const tar = tarOf([
      tarEntry('../escape.json', Buffer.from('{}')),
      tarEntry('/etc/evil.json', Buffer.from('{}')),
      tarEntry('images\\win.png', Buffer.from('x')),
      tarEntry('manifest.json', good),
    ]);
    const problems = problemsOf(await loadCataloguePackage({ bytes: gzipSync(tar) }));
    expect(
      problems
        .filter((p) => p.code === 'unsafe-path')
        .map((p) => p.file)
        .sort(),
    ).toEqual(['../escape.json', '/etc/evil.json', 'images\\win.png']);
  });

  it('a .zip with "../" and an absolute path', async () => {
    const zip = await zipOf([
      { name: 'xx/escape.json', data: Buffer.from('{}') },
      { name: 'yyyy/evil.json', data: Buffer.from('{}') },
      { name: 'manifest.json', data: await readFile(path.join(dir, 'manifest.json')) },
    ]);
    const patched = renameInZip(renameInZip(zip, 'xx/escape.json', '../escape.json'), 'yyyy/', '/tmp/');
    const problems = problemsOf(await loadCataloguePackage({ bytes: patched }));
    expect(
      problems
        .filter((p) => p.code === 'unsafe-path')
        .map((p) => p.file)
        .sort(),
    ).toEqual(['../escape.json', '/tmp/evil.json']);
  });
});

describe('links and special files are refused', () => {
  it('symbolic and hard links and a device in a .tar.gz', async () => {
    const tar = tarOf([
      tarEntry('images/sym.png', Buffer.alloc(0), 'SymbolicLink', '/etc/passwd'),
      tarEntry('images/hard.png', Buffer.alloc(0), 'Link', 'manifest.json'),
      tarEntry('images/dev.png', Buffer.alloc(0), 'CharacterDevice'),
      tarEntry('images/fifo.png', Buffer.alloc(0), 'FIFO'),
    ]);
    const problems = problemsOf(await loadCataloguePackage({ bytes: gzipSync(tar) }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'link-entry', file: 'images/sym.png' }),
        expect.objectContaining({ code: 'link-entry', file: 'images/hard.png' }),
        expect.objectContaining({ code: 'special-entry', file: 'images/dev.png' }),
        expect.objectContaining({ code: 'special-entry', file: 'images/fifo.png' }),
      ]),
    );
  });

  it('a symbolic link in a .zip', async () => {
    const zip = await zipOf([
      { name: 'images/sym.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      { name: 'manifest.json', data: await readFile(path.join(dir, 'manifest.json')) },
    ]);
    const problems = problemsOf(await loadCataloguePackage({ bytes: zip }));
    expect(problems).toContainEqual(expect.objectContaining({ code: 'link-entry', file: 'images/sym.png' }));
  });

  it('a symbolic link, a hard link and a named pipe in a folder, none of them read', async () => {
    const d = await freshPackage();
    const outside = path.join(await mkdtemp(path.join(os.tmpdir(), 'anglerdex-outside-')), 'secret.png');
    cleanup.push(path.dirname(outside));
    await writeFile(outside, 'secret');
    await symlink(outside, path.join(d, 'images', 'sym.png'));
    await link(outside, path.join(d, 'images', 'hard.png'));
    execFileSync('mkfifo', [path.join(d, 'images', 'pipe.png')]);
    const problems = problemsOf(await loadCataloguePackage({ path: d }));
    expect(problems.filter((p) => p.code === 'link-entry' || p.code === 'special-entry')).toEqual([
      { file: 'images/hard.png', item_id: null, field: null, code: 'link-entry', params: undefined },
      { file: 'images/pipe.png', item_id: null, field: null, code: 'special-entry', params: undefined },
      { file: 'images/sym.png', item_id: null, field: null, code: 'link-entry', params: undefined },
    ]);
  });
});

describe('size caps', () => {
  it('a real gzip bomb (1 GiB of zeros in about 1 MB) stops at the ratio cap, quickly', async () => {
    // Concatenated gzip members inflate to the concatenation: one header member, then 1,024 members of 1 MiB zeros.
    const MiB = 1024 * 1024;
    const header = tarEntry('images/bomb.png', Buffer.alloc(0)).subarray(0, 512);
    // A header that declares 1 GiB (tarEntry wrote size 0): write it again with the size.
    const { Header } = await import('tar');
    const declared = new Header({
      path: 'images/bomb.png',
      mode: 0o644,
      size: 1024 * MiB,
      type: 'File',
      mtime: new Date(0),
    });
    declared.encode(header);
    const zeros = gzipSync(Buffer.alloc(MiB), { level: 9 });
    const bomb = Buffer.concat([gzipSync(header), ...Array.from({ length: 1024 }, () => zeros)]);
    expect(bomb.length).toBeLessThan(2 * MiB);

    const started = performance.now();
    const problems = problemsOf(await loadCataloguePackage({ bytes: bomb }));
    expect(performance.now() - started).toBeLessThan(5000);
    // The entry's header already declares more than a file may hold; the stream is stopped by the ratio.
    const tooLarge = {
      file: 'images/bomb.png',
      item_id: null,
      field: null,
      code: 'file-too-large',
      params: { max: PACKAGE_IMAGE_MAX_BYTES },
    };
    expect(problems).toEqual([
      { file: '', item_id: null, field: null, code: 'compression-ratio', params: { max: 100 } },
      tooLarge,
    ]);

    // With the ratio allowed, the total cap stops it instead.
    const capped = problemsOf(await loadCataloguePackage({ bytes: bomb }, { maxRatio: 1e9, maxTotalBytes: 64 * MiB }));
    expect(capped).toEqual([
      { file: '', item_id: null, field: null, code: 'package-too-large', params: { max: 64 * MiB } },
      tooLarge,
    ]);
  });

  it('a zip bomb of many highly compressed files stops at the ratio cap', async () => {
    const zeros = Buffer.alloc(19 * 1024 * 1024);
    const zip = await zipOf(Array.from({ length: 4 }, (_, i) => ({ name: `images/${i}.png`, data: zeros })));
    expect(zip.length).toBeLessThan(1024 * 1024);
    const problems = problemsOf(await loadCataloguePackage({ bytes: zip }));
    expect(problems).toEqual([
      { file: '', item_id: null, field: null, code: 'compression-ratio', params: { max: 100 } },
    ]);
  });

  it(`a file over ${PACKAGE_IMAGE_MAX_BYTES} bytes, in a folder and in a .zip, without a second problem for it`, async () => {
    const d = await freshPackage();
    await rewriteFile(d, 'images/lake.png', Buffer.alloc(PACKAGE_IMAGE_MAX_BYTES + 1));
    const expected = {
      file: 'images/lake.png',
      item_id: null,
      field: null,
      code: 'file-too-large',
      params: { max: PACKAGE_IMAGE_MAX_BYTES },
    };
    expect(problemsOf(await loadCataloguePackage({ path: d }))).toEqual([expected]);
    expect(problemsOf(await loadCataloguePackage({ bytes: await packZip(d) }))).toEqual([expected]);
  });

  it('more entries than allowed', async () => {
    const problems = problemsOf(await loadCataloguePackage({ bytes: await packTarGz(dir) }, { maxEntries: 4 }));
    expect(problems).toEqual([{ file: '', item_id: null, field: null, code: 'too-many-entries', params: { max: 4 } }]);
  });
});

describe('what is not a package', () => {
  it('bytes that are neither zip nor gzip', async () => {
    expect(problemsOf(await loadCataloguePackage({ bytes: Buffer.from('just text') }))).toEqual([
      { file: '', item_id: null, field: null, code: 'unknown-container', params: undefined },
    ]);
  });

  it('a damaged zip and a truncated gzip', async () => {
    const zip = await packZip(dir);
    const gz = await packTarGz(dir);
    for (const bytes of [zip.subarray(0, zip.length - 30), gz.subarray(0, gz.length - 200)]) {
      const problems = problemsOf(await loadCataloguePackage({ bytes }));
      expect(problems.map((p) => p.code)).toEqual(['archive-corrupt']);
    }
  });

  it('a zip entry that inflates to more than its directory declares', async () => {
    const zip = await zipOf([{ name: 'images/a.png', data: Buffer.alloc(5000, 7) }]);
    // The central directory record (signature 50 4b 01 02) keeps the uncompressed size at offset 24: declare 10.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const lying = Buffer.from(zip);
    lying.writeUInt32LE(10, central + 24);
    const problems = problemsOf(await loadCataloguePackage({ bytes: lying }));
    expect(problems.map((p) => p.code)).toEqual(['archive-corrupt']);
  });

  it('a path that does not exist', async () => {
    const problems = problemsOf(await loadCataloguePackage({ path: path.join(dir, 'nowhere') }));
    expect(problems.map((p) => p.code)).toEqual(['source-unreadable']);
  });

  it('an archive without a manifest, or with files beside its top folder', async () => {
    const gz = gzipSync(tarOf([tarEntry('fish.json', Buffer.from('{}'))]));
    expect(problemsOf(await loadCataloguePackage({ bytes: gz })).map((p) => [p.code, p.file])).toEqual([
      ['manifest-missing', 'manifest.json'],
    ]);
    const zip = await packZip(dir, { top: 'a' });
    const tar = tarOf([tarEntry('a/manifest.json', Buffer.from('{}')), tarEntry('b/fish.json', Buffer.from('{}'))]);
    expect(problemsOf(await loadCataloguePackage({ bytes: gzipSync(tar) })).map((p) => p.code)).toEqual([
      'manifest-missing',
    ]);
    expect((await loadCataloguePackage({ bytes: zip })).ok).toBe(true);
  });

  it('the same path twice in an archive', async () => {
    const manifest = await readFile(path.join(dir, 'manifest.json'));
    const tar = tarOf([tarEntry('manifest.json', manifest), tarEntry('manifest.json', manifest)]);
    const problems = problemsOf(await loadCataloguePackage({ bytes: gzipSync(tar) }));
    expect(problems).toContainEqual(expect.objectContaining({ code: 'duplicate-entry', file: 'manifest.json' }));
  });
});
