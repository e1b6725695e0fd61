import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { svg, UNSAFE_SVGS } from './bad-packages';
import { loadCataloguePackage } from './load-package';
import { packTarGz } from './pack-package';
import type { LoadedPackage, PackageLoad } from './package-types';
import { sampleContent, solidPng, writeSamplePackage } from './sample-package';
import { checkSvg } from './svg-safety';

function problemsOf(load: PackageLoad) {
  if (load.ok) throw new Error('expected problems, the package loaded');
  return load.problems.map(({ file, item_id, field, code, params }) => ({ file, item_id, field, code, params }));
}
function loaded(load: PackageLoad): LoadedPackage {
  if (!load.ok) throw new Error(JSON.stringify(load.problems, null, 2));
  return load.pkg;
}

const cleanup: string[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true })));
});

/** The sample package with its pictures replaced or added (bait 2000's icon is `images/lure.png`). */
async function withPictures(pictures: Record<string, Buffer>, iconOf2000?: string): Promise<PackageLoad> {
  const content = await sampleContent();
  const images = new Map(content.images);
  for (const [rel, bytes] of Object.entries(pictures)) images.set(rel, bytes);
  content.images = images;
  if (iconOf2000) {
    const bait = content.groups.baits.find((b) => b.id === 2000);
    if (bait) bait.data.image = iconOf2000;
  }
  const dir = await writeSamplePackage(content);
  cleanup.push(dir);
  return loadCataloguePackage({ bytes: await packTarGz(dir) });
}

describe('pictures are what their names say', () => {
  it('PNG, WebP, JPEG (.jpeg and .jpg) and a safe SVG all load, with their sizes', async () => {
    const base = sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } });
    const pkg = loaded(
      await withPictures({
        'images/a.webp': await base.clone().webp().toBuffer(),
        'images/b.jpeg': await base.clone().jpeg().toBuffer(),
        'images/c.JPG': await base.clone().jpeg().toBuffer(),
        'images/d.svg': svg(
          '<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>' +
            '<rect width="16" height="16" fill="url(#g)" style="stroke: url(\'#g\')"/><use xlink:href="#g"/><use href="#g"/>',
        ),
      }),
    );
    expect(pkg.images.get('images/a.webp')).toMatchObject({ ext: 'webp', width: 8, height: 6 });
    expect(pkg.images.get('images/b.jpeg')).toMatchObject({ ext: 'jpeg', width: 8, height: 6 });
    expect(pkg.images.get('images/c.JPG')).toMatchObject({ ext: 'jpeg', width: 8, height: 6 });
    expect(pkg.images.get('images/d.svg')).toMatchObject({ ext: 'svg', width: 16, height: 16 });
  });

  it('a PNG named .webp, text named .png, a GIF named .jpeg, and an unknown extension', async () => {
    const png = await solidPng(4, 4, [1, 2, 3]);
    const problems = problemsOf(
      await withPictures({
        'images/a.webp': png,
        'images/b.png': Buffer.from('not a picture at all'),
        'images/c.jpeg': Buffer.from('GIF89a....'),
        'images/d.gif': Buffer.from('GIF89a....'),
        'images/e.svg': png,
      }),
    );
    expect(problems).toEqual([
      {
        file: 'images/a.webp',
        item_id: null,
        field: null,
        code: 'image-format-mismatch',
        params: { ext: 'webp', actual: 'png' },
      },
      {
        file: 'images/b.png',
        item_id: null,
        field: null,
        code: 'image-format-mismatch',
        params: { ext: 'png', actual: 'unknown' },
      },
      {
        file: 'images/c.jpeg',
        item_id: null,
        field: null,
        code: 'image-format-mismatch',
        params: { ext: 'jpeg', actual: 'gif' },
      },
      { file: 'images/d.gif', item_id: null, field: null, code: 'image-type', params: { ext: 'gif' } },
      {
        file: 'images/e.svg',
        item_id: null,
        field: null,
        code: 'image-format-mismatch',
        params: { ext: 'svg', actual: 'png' },
      },
    ]);
  });

  it('a PNG whose header is damaged', async () => {
    const png = Buffer.from(await solidPng(4, 4, [1, 2, 3]));
    png.fill(0, 12, 40);
    const problems = problemsOf(await withPictures({ 'images/broken.png': png }));
    expect(problems).toEqual([expect.objectContaining({ file: 'images/broken.png', code: 'image-unreadable' })]);
  });
});

describe('an SVG must be safe to serve', () => {
  it.each(UNSAFE_SVGS)('$name is refused, as a problem on the picture', async ({ bytes, findings }) => {
    const problems = problemsOf(await withPictures({ 'images/icon.svg': bytes }, 'images/icon.svg'));
    expect(problems).toEqual(
      findings.map((f) => ({ file: 'images/icon.svg', item_id: null, field: null, code: f.code, params: f.params })),
    );
  });

  it('malformed XML and XML that is not an SVG', async () => {
    expect(checkSvg('<svg><rect></svg>').findings.map((f) => f.code)).toEqual(['svg-malformed']);
    expect(checkSvg('<html xmlns="http://www.w3.org/1999/xhtml"/>').findings).toEqual([
      { code: 'image-format-mismatch', params: { ext: 'svg', actual: 'XML without an <svg> root' } },
    ]);
  });

  it('a map drawn as SVG is held to its stated size', async () => {
    const content = await sampleContent();
    content.images = new Map(content.images).set('images/lake.svg', svg('<rect/>', 'viewBox="0 0 40 31"'));
    const lake = content.groups.maps.find((m) => m.id === 100);
    if (lake) lake.data.image = 'images/lake.svg';
    const dir = await writeSamplePackage(content);
    cleanup.push(dir);
    expect(problemsOf(await loadCataloguePackage({ path: dir }))).toEqual([
      {
        file: 'maps.json',
        item_id: 100,
        field: 'data.width',
        code: 'map-size-mismatch',
        params: { width: 40, height: 30, image_width: 40, image_height: 31 },
      },
    ]);
  });
});
