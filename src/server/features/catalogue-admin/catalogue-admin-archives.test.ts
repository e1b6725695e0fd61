/**
 * The admin catalogue routes with real archives through the real package loader and importer, as the page uploads
 * them: a `.zip` dry run, a `.tar.gz` apply that the category list serves at once, and hostile archives (a `../` path,
 * a link, a gzip bomb, an SVG with a script) answered with their problems while the catalogue, its versions and the
 * pictures folder stay as they were.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueApplyResult, CatalogueDryRun } from '#shared/contracts/catalogue-package';
import { signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { packTarGz, packZip, tarEntry, tarOf } from '../catalogue/package/pack-package';
import { gzipBomb } from '../catalogue/package/bad-packages';
import { editGroupFile, rewriteFile, writeSamplePackage } from '../catalogue/package/sample-package';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({
    seed: false,
    env: { AUTH_IP_PER_MINUTE: '100000', CATALOGUE_ADMIN_PER_MINUTE: '1000' },
  });
  const boss = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', boss.user.id).execute();
  token = boss.token;
});
afterAll(() => ctx?.close());

const post = (url: string, payload: Buffer, contentType: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });

/** What must not move when a package is refused. */
async function state() {
  const rows = await ctx.db.kysely.selectFrom('category').select(['id', 'name']).orderBy('id').execute();
  const versions = await ctx.db.kysely.selectFrom('catalogue_version').select('id').execute();
  const pictures = await readdir(path.join(ctx.config.dataDir, 'media', 'catalogue')).catch(() => []);
  return { rows, versions: versions.length, pictures: pictures.sort() };
}

describe('admin catalogue routes with real archives', () => {
  it('dry-runs a .zip and applies a .tar.gz: version 1, served by the category list, pictures stored by hash', async () => {
    const dir = await writeSamplePackage();
    const dry = await post('/api/admin/catalogue/dry-run', await packZip(dir), 'application/zip');
    expect(dry.statusCode).toBe(200);
    const report = CatalogueDryRun.parse(dry.json());
    expect(report.ok).toBe(true);
    expect(report.diff?.added.map((item) => item.id).sort((a, b) => a - b)).toContain(1000);
    expect((await state()).versions).toBe(0);

    const applied = await post(
      '/api/admin/catalogue/apply',
      await packTarGz(dir, { top: 'patch' }),
      'application/gzip',
    );
    expect(applied.statusCode).toBe(200);
    expect(CatalogueApplyResult.parse(applied.json()).version).toMatchObject({ id: 1, patch: '1.0.0' });
    const list = await ctx.app.inject('/api/system/get_category_list?category_group=maps');
    const maps = list.json<{ category_list: { maps: { id: number; data: { image: string } }[] } }>().category_list.maps;
    expect(maps.map((map) => map.id)).toEqual([100, 101]);
    expect(maps[0]!.data.image).toMatch(/^\/media\/catalogue\/[0-9a-f]{64}\.png$/);
    const picture = await ctx.app.inject(maps[0]!.data.image);
    expect(picture.statusCode).toBe(200);
  });

  it('refuses hostile archives with their problems, changing nothing', async () => {
    const before = await state();
    const dir = await writeSamplePackage();
    await editGroupFile(dir, 'fish.json', (file) => {
      (file.items as { name_en: string }[])[0]!.name_en = 'Changed carp';
    });
    await rewriteFile(
      dir,
      'images/lure.png',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const traversal = gzipSync(tarOf([tarEntry('../escape.json', Buffer.from('{}'))]));
    const link = gzipSync(tarOf([tarEntry('manifest.json', Buffer.alloc(0), 'SymbolicLink', '/etc/passwd')]));
    const bomb = gzipBomb();
    const cases: [string, Buffer, string][] = [
      ['traversal', traversal, 'application/gzip'],
      ['link', link, 'application/gzip'],
      ['bomb', bomb, 'application/gzip'],
      ['picture not its format', await packZip(dir), 'application/zip'],
    ];
    for (const [name, bytes, type] of cases) {
      const res = await post('/api/admin/catalogue/apply', bytes, type);
      expect(res.statusCode, name).toBe(422);
      const detail = res.json<{ detail: { code: string; problems: { code: string; file: string }[] } }>().detail;
      expect(detail.code, name).toBe('CATALOGUE_PACKAGE_REFUSED');
      expect(detail.problems.length, name).toBeGreaterThan(0);
      const dry = CatalogueDryRun.parse((await post('/api/admin/catalogue/dry-run', bytes, type)).json());
      expect(dry.ok, name).toBe(false);
    }
    const svg = CatalogueDryRun.parse(
      (await post('/api/admin/catalogue/dry-run', await packZip(dir), 'application/zip')).json(),
    );
    expect(svg.problems.map((problem) => problem.file)).toContain('images/lure.png');
    expect(await state()).toEqual(before);
  });
});
