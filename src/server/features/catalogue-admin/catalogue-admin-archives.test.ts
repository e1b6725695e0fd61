/**
 * The admin page's uploads through the app's own package loader (`loadCataloguePackage`, wired in app.ts): a `.zip`
 * and a `.tar.gz` of the same package dry-run and apply as one content, an archive that climbs out of the package is
 * refused with the loader's problem and changes nothing, and the public JSON Schema is the loader's. Real app, real
 * database (SQLite, or PostgreSQL under `npm run test:pg`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueApplyResult, CatalogueDryRun, CatalogueVersionList } from '#shared/contracts/catalogue-package';
import { signedIn } from '../../test/accounts';
import { testPackage, writeTestPackage } from '../../test/catalogue-packages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { packTarGz, packZip, tarEntry, tarOf } from '../catalogue/package/pack-package';
import { cataloguePackageJsonSchema } from '../catalogue/package/package-json-schema';
import { gzipSync } from 'node:zlib';

let ctx: TestContext;
let token: string;
let scratch: string;
let zip: Buffer;
let tarGz: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000', CATALOGUE_ADMIN_PER_MINUTE: '1000' } });
  const boss = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', boss.user.id).execute();
  token = boss.token;
  scratch = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-admin-archives-'));
  const dir = await writeTestPackage(path.join(scratch, 'package'), await testPackage({ patch: '2.0.0' }));
  zip = await packZip(dir);
  tarGz = await packTarGz(dir, { top: '2.0.0' });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const post = (url: string, payload: Buffer, type: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, 'content-type': type } });
const versions = async () =>
  CatalogueVersionList.parse(
    (
      await ctx.app.inject({ url: '/api/admin/catalogue/versions', headers: { authorization: `Bearer ${token}` } })
    ).json(),
  );

describe('admin catalogue uploads through the package loader', () => {
  it('dry-runs a .zip, applies it, and finds the same package as a .tar.gz unchanged', async () => {
    const dry = await post('/api/admin/catalogue/dry-run', zip, 'application/zip');
    expect(dry.statusCode).toBe(200);
    const report = CatalogueDryRun.parse(dry.json());
    expect(report).toMatchObject({ ok: true, problems: [], unchanged: false, manifest: { patch: '2.0.0' } });
    expect(report.diff?.added).toHaveLength(432);

    const applied = await post('/api/admin/catalogue/apply', zip, 'application/zip');
    expect(applied.statusCode).toBe(200);
    expect(CatalogueApplyResult.parse(applied.json()).version).toMatchObject({ id: 1, patch: '2.0.0' });

    const again = await post('/api/admin/catalogue/apply', tarGz, 'application/gzip');
    expect(again.statusCode).toBe(200);
    expect(CatalogueApplyResult.parse(again.json())).toMatchObject({ ok: true, unchanged: true, version: null });
    expect((await versions()).items).toHaveLength(1);
  });

  it('refuses an archive with a path out of the package, naming it, and changes nothing', async () => {
    const evil = gzipSync(tarOf([tarEntry('../escape.json', Buffer.from('{}'))]));
    const res = await post('/api/admin/catalogue/apply', evil, 'application/gzip');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      detail: {
        code: 'CATALOGUE_PACKAGE_REFUSED',
        problems: expect.arrayContaining([expect.objectContaining({ code: 'unsafe-path' })]),
      },
    });
    expect((await versions()).items).toHaveLength(1);
  });

  it("serves the loader's JSON Schema", async () => {
    const res = await ctx.app.inject('/api/system/catalogue-schema.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(cataloguePackageJsonSchema());
  });
});
