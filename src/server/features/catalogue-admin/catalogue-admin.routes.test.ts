/**
 * `/api/admin/catalogue/*` on the real catalogue importer (features/catalogue/catalogue-importer.ts), real app, real
 * database: a dry run changes nothing, an apply makes the next version that the category list serves at once (with
 * its "new in" badges), the same content again makes none, a refused package changes nothing, a rollback restores an
 * earlier content as a new version, and two applies at once make one version. The uploaded bytes name a test package
 * (test/catalogue-packages.ts) that a test loader hands to the importer, as the package loader does with real
 * archives (catalogue-admin-archives.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PackageLoad } from '../catalogue/package/package-types';
import { CatalogueApplyResult, CatalogueDryRun, CatalogueVersionList } from '#shared/contracts/catalogue-package';
import { signedIn } from '../../test/accounts';
import { testPackage, type TestPackageOptions } from '../../test/catalogue-packages';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: { token: string; email: string };
const packages = new Map<string, PackageLoad>();
const NEW_FISH = 990_001;

/** A test package under a name: uploading the name's bytes uploads it. */
async function named(name: string, options: TestPackageOptions): Promise<Buffer> {
  packages.set(name, (await testPackage(options)).load);
  return Buffer.from(name);
}

const withNewFish: TestPackageOptions = {
  patch: '1.0.1',
  edit: (groups) => {
    groups.fish.push({ ...groups.fish[0]!, id: NEW_FISH, name: '新来的鱼', name_en: 'Newcomer', name_ja: null });
  },
};

// Each test on an app of its own, version 1 live: they pass in any order.
beforeEach(async () => {
  ctx = await createTestApp({
    seed: false,
    env: { AUTH_IP_PER_MINUTE: '100000', CATALOGUE_ADMIN_PER_MINUTE: '1000' },
    catalogueImport: {
      loadPackage: async ({ bytes }) =>
        packages.get(bytes.toString()) ?? {
          ok: false,
          problems: [{ file: '', item_id: null, field: null, code: 'unknown-container', message: 'not a package' }],
        },
    },
  });
  const boss = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', boss.user.id).execute();
  admin = { token: boss.token, email: boss.user.email };
  // The first version: the demo world as a package.
  const first = await ctx.services.catalogueImporter.apply((await testPackage({ patch: '1.0.0' })).load, 'cli');
  expect(first.version?.id).toBe(1);
});
afterEach(() => ctx?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: Buffer) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${admin.token}`, ...(payload ? { 'content-type': 'application/zip' } : {}) },
  });
const versions = async () => CatalogueVersionList.parse((await call('GET', '/api/admin/catalogue/versions')).json());
/** Version 2: the package with the new fish, applied by the superuser. */
const applyNewFish = async () => {
  const res = await call('POST', '/api/admin/catalogue/apply?if_live=1', await named('new-fish', withNewFish));
  expect(res.statusCode).toBe(200);
  return CatalogueApplyResult.parse(res.json());
};
const liveFish = async () => {
  const res = await ctx.app.inject('/api/system/get_category_list?category_group=fish');
  return res.json<{ category_list: { fish: { id: number; new_in: string | null }[] } }>().category_list.fish;
};

describe('admin catalogue routes on the real importer', () => {
  it('lists the versions, the first one live', async () => {
    const list = await versions();
    expect(list.live).toBe(1);
    expect(list.items.map((v) => [v.id, v.patch, v.kind, v.applied_by])).toEqual([[1, '1.0.0', 'import', 'cli']]);
  });

  it('dry-runs a package: the diff by id, and nothing changes', async () => {
    const res = await call('POST', '/api/admin/catalogue/dry-run', await named('new-fish', withNewFish));
    expect(res.statusCode).toBe(200);
    const report = CatalogueDryRun.parse(res.json());
    expect(report).toMatchObject({ ok: true, unchanged: false, manifest: { patch: '1.0.1' } });
    expect(report.diff?.added).toEqual([{ group: 'fish', id: NEW_FISH, name: '新来的鱼' }]);
    expect((await versions()).live).toBe(1);
    expect((await liveFish()).some((fish) => fish.id === NEW_FISH)).toBe(false);
  });

  it('applies it as version 2 by the superuser, served at once with its "new in" badge; again: unchanged', async () => {
    const result = await applyNewFish();
    expect(result.version).toMatchObject({ id: 2, patch: '1.0.1', kind: 'import', applied_by: admin.email });
    expect((await liveFish()).find((fish) => fish.id === NEW_FISH)?.new_in).toBe('1.0.1');

    const again = await call('POST', '/api/admin/catalogue/apply', Buffer.from('new-fish'));
    expect(again.statusCode).toBe(200);
    expect(CatalogueApplyResult.parse(again.json())).toMatchObject({ unchanged: true, version: null });
    expect((await versions()).items).toHaveLength(2);
  });

  it('refuses a package the loader could not read with 422 and its problems, changing nothing', async () => {
    const res = await call('POST', '/api/admin/catalogue/apply', Buffer.from('not a package at all'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      detail: { code: 'CATALOGUE_PACKAGE_REFUSED', problems: [{ code: 'unknown-container' }] },
    });
    expect((await versions()).items.map((v) => v.id)).toEqual([1]);
  });

  it('refuses an apply prepared against version 1 now that 2 is live', async () => {
    await applyNewFish();
    const res = await call('POST', '/api/admin/catalogue/apply?if_live=1', await named('other', { patch: '1.0.2' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'CATALOGUE_LIVE_CHANGED' });
    expect((await versions()).live).toBe(2);
  });

  it("previews and rolls back to version 1: the new fish goes, as version 3 of kind 'rollback'", async () => {
    await applyNewFish();
    const preview = await call('GET', '/api/admin/catalogue/versions/1/rollback-preview');
    expect(preview.statusCode).toBe(200);
    expect(CatalogueDryRun.parse(preview.json()).diff?.removed.map((item) => item.id)).toEqual([NEW_FISH]);

    const res = await call('POST', '/api/admin/catalogue/versions/1/rollback?if_live=2');
    expect(res.statusCode).toBe(200);
    expect(CatalogueApplyResult.parse(res.json()).version).toMatchObject({
      id: 3,
      kind: 'rollback',
      restored_from: 1,
      applied_by: admin.email,
    });
    expect((await liveFish()).some((fish) => fish.id === NEW_FISH)).toBe(false);
    const list = await versions();
    expect(list.live).toBe(3);
    expect(list.items.map((v) => v.id)).toEqual([3, 2, 1]);
  });

  it('two applies at once make one version: the other is told one is in progress or finds it unchanged', async () => {
    const before = (await versions()).items.length;
    const body = await named('concurrent', { patch: '1.0.3', edit: (groups) => void (groups.fish[0]!.sort += 7) });
    const answers = await Promise.all([
      call('POST', '/api/admin/catalogue/apply', body),
      call('POST', '/api/admin/catalogue/apply', body),
    ]);
    const made = answers.filter((res) => res.statusCode === 200 && res.json().version !== null);
    expect(made).toHaveLength(1);
    for (const res of answers) {
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json()).toEqual({ detail: 'CATALOGUE_APPLY_IN_PROGRESS' });
    }
    expect((await versions()).items).toHaveLength(before + 1);
  });
});
