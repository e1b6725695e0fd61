import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryListResponse } from '#shared/contracts/catalogue';
import type { CatalogueApplyResult } from '#shared/contracts/catalogue-package';
import type { z } from 'zod';
import { DomainError } from '../../domain-error';
import { testPackage, type TestPackageOptions, pngBytes } from '../../test/catalogue-packages';
import { addLogger, catchRow, insertCatches, insertRecords, recordRow } from '../../test/log-test-data';
import { createTestApp, type TestContext } from '../../test/test-app';
import { loadCataloguePackage } from './package/load-package';
import { packTarGz, packZip } from './package/pack-package';
import type { PackageSource } from './package/package-types';

let ctx: TestContext;
let scratch: string;
beforeEach(async () => {
  ctx = await createTestApp({ seed: false });
  scratch = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-import-'));
});
afterEach(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

const importer = () => ctx.services.catalogueImporter;
const mediaCatalogue = () => path.join(ctx.config.dataDir, 'media', 'catalogue');
const picturesOnDisk = () => (existsSync(mediaCatalogue()) ? readdirSync(mediaCatalogue()).sort() : []);

async function apply(options: TestPackageOptions = {}, by = 'cli'): Promise<CatalogueApplyResult> {
  return importer().apply((await testPackage(options)).load, by);
}

type CategoryList = z.infer<typeof CategoryListResponse>['category_list'];
async function categoryList(): Promise<Required<CategoryList>> {
  const res = await ctx.app.inject({
    url: '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits&category_group=star_type&category_group=fish_way',
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ category_list: Required<CategoryList> }>().category_list;
}

async function categoryRows() {
  return ctx.db.kysely.selectFrom('category').selectAll().orderBy('id').execute();
}

/** The stored rows the demo world's first fish, its first map and the first bait are referenced by. */
async function storeCatchesOf(fishId: number, mapId: number, baitId: number, count: number) {
  const logger = await addLogger(ctx.db.kysely);
  await insertCatches(
    ctx.db.kysely,
    Array.from({ length: count }, () =>
      catchRow(logger, { fish_id: fishId, map_id: mapId, bait_id: baitId, x: 10, y: 10 }),
    ),
  );
  await insertRecords(ctx.db.kysely, [recordRow({ fish_id: fishId, map_id: mapId, bait_id: baitId })]);
}

describe('applying catalogue packages', () => {
  it('makes versions 1, 2, 3: identical content makes none, the same patch with other content makes one', async () => {
    const first = await apply({ patch: '1.0.0' });
    expect(first).toMatchObject({ ok: true, unchanged: false, version: { id: 1, patch: '1.0.0', kind: 'import' } });
    expect(first.diff!.added).toHaveLength(432);
    expect(first.version!.package_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The first import into an empty catalogue shows no "new" badges.
    const listed = await categoryList();
    expect(listed.fish).toHaveLength(160);
    expect(listed.fish.every((fish) => fish.new_in === null && fish.deprecated === false)).toBe(true);
    // Pictures are stored under their hash and the items point at them.
    const map = listed.maps[0]!;
    expect(map.data.image).toMatch(/^\/media\/catalogue\/[0-9a-f]{64}\.png$/);
    expect(picturesOnDisk()).toContain(path.basename(map.data.image));
    const row = (await categoryRows()).find((r) => r.id === map.id)!;
    expect(row).toMatchObject({ letter: expect.stringMatching(/^[A-Z#]$/), name_pinyin: expect.any(String) });

    const again = await apply({ patch: '1.0.0' });
    expect(again).toMatchObject({ ok: true, unchanged: true, version: null });
    expect((await importer().versions()).items).toHaveLength(1);

    const fishId = listed.fish[0]!.id;
    const mapId = map.id;
    const baitId = listed.baits[0]!.id;
    await storeCatchesOf(fishId, mapId, baitId, 3);
    const second = await apply({
      patch: '1.0.1',
      edit: (groups) => {
        groups.fish.push({
          ...structuredClone(groups.fish[1]!),
          id: 9001,
          name: '新鱼',
          name_en: 'New fish',
          sort: 999,
        });
        groups.baits[0]!.name_en = 'Renamed bait';
        groups.maps[0]!.data.bounds = { x_min: 0, y_min: 0, x_max: 2000, y_max: 1500 };
        groups.fish[0]!.data.max_weight += 1;
      },
    });
    expect(second).toMatchObject({ ok: true, version: { id: 2, patch: '1.0.1' }, rebuild_maps: [mapId] });
    expect(second.diff!.added).toEqual([{ group: 'fish', id: 9001, name: '新鱼' }]);
    expect(second.diff!.removed).toEqual([]);
    const changed = new Map(second.diff!.changed.map((item) => [item.id, item]));
    expect(changed.get(baitId)!.fields).toEqual([
      { field: 'name_en', before: listed.baits[0]!.name_en, after: 'Renamed bait' },
    ]);
    expect(changed.get(baitId)!.impact).toBeNull();
    expect(changed.get(mapId)).toMatchObject({
      fields: [{ field: 'data.bounds', after: { x_min: 0, y_min: 0, x_max: 2000, y_max: 1500 } }],
      impact: { catches: 3, sales: 0, records: 1 },
    });
    expect(changed.get(fishId)).toMatchObject({
      fields: [{ field: 'data.max_weight' }],
      impact: { catches: 3, sales: 0, records: 1 },
    });
    const afterSecond = await categoryList();
    expect(afterSecond.fish.find((fish) => fish.id === 9001)!.new_in).toBe('1.0.1');
    expect(afterSecond.fish.find((fish) => fish.id === fishId)!.new_in).toBeNull();
    expect(afterSecond.maps[0]!.data.bounds.x_max).toBe(2000);

    const third = await apply({
      patch: '1.0.1',
      edit: (groups) => {
        groups.fish.push({
          ...structuredClone(groups.fish[1]!),
          id: 9001,
          name: '新鱼',
          name_en: 'New fish',
          sort: 999,
        });
        groups.baits[0]!.name_en = 'Renamed again';
        groups.maps[0]!.data.bounds = { x_min: 0, y_min: 0, x_max: 2000, y_max: 1500 };
        groups.fish[0]!.data.max_weight += 1;
      },
    });
    expect(third).toMatchObject({ ok: true, version: { id: 3, patch: '1.0.1' }, rebuild_maps: [] });
    expect(third.diff!.changed.map((item) => item.id)).toEqual([baitId]);
    const versions = await importer().versions();
    expect(versions.live).toBe(3);
    expect(versions.items.map((v) => [v.id, v.patch, v.applied_by])).toEqual([
      [3, '1.0.1', 'cli'],
      [2, '1.0.1', 'cli'],
      [1, '1.0.0', 'cli'],
    ]);
    const audit = await ctx.db.kysely.selectFrom('catalogue_audit').selectAll().orderBy('version_id').execute();
    expect(audit.map((a) => [a.version_id, a.actor, a.action, JSON.parse(a.summary)])).toEqual([
      [1, 'cli', 'import', { added: 432, changed: 0, removed: 0, deprecated: 0, rebuild_maps: 0 }],
      [2, 'cli', 'import', { added: 1, changed: 3, removed: 0, deprecated: 0, rebuild_maps: 1 }],
      [3, 'cli', 'import', { added: 0, changed: 1, removed: 0, deprecated: 0, rebuild_maps: 0 }],
    ]);
  });

  it('compares pictures by content: a new picture is a change, the same bytes under another name are not', async () => {
    await apply();
    const renamed = await apply({
      edit: (groups, pictures) => {
        const image = groups.maps[0]!.data.image;
        pictures.set('images/other-name.png', pictures.get(image)!);
        pictures.delete(image);
        groups.maps[0]!.data.image = 'images/other-name.png';
      },
    });
    expect(renamed).toMatchObject({ unchanged: true, version: null });

    const redrawn = await apply({
      edit: async (groups, pictures) => {
        pictures.set(groups.maps[0]!.data.image, await pngBytes(32, 24, 777));
      },
    });
    expect(redrawn.version!.id).toBe(2);
    expect(redrawn.diff!.changed).toEqual([
      expect.objectContaining({ id: expect.any(Number), fields: [expect.objectContaining({ field: 'data.image' })] }),
    ]);
  });

  it('refuses to remove an item stored data references, changing nothing; marked deprecated it applies', async () => {
    await apply({ patch: '1.0.0' });
    const before = await categoryList();
    const fish = before.fish[0]!;
    const mapId = before.maps[0]!.id;
    await storeCatchesOf(fish.id, mapId, before.baits[0]!.id, 2);
    const unusedFish = before.fish.at(-1)!;
    const rowsBefore = await categoryRows();
    const picturesBefore = picturesOnDisk();
    const rollupsBefore = await ctx.db.kysely.selectFrom('heat_cell_day').selectAll().execute();

    const removing: TestPackageOptions = {
      patch: '1.1.0',
      edit: async (groups, pictures) => {
        groups.fish = groups.fish.filter((f) => f.id !== fish.id && f.id !== unusedFish.id);
        // A new picture too: a refused apply must not write it.
        pictures.set(groups.maps[1]!.data.image, await pngBytes(32, 24, 4242));
      },
    };
    const dry = await importer().dryRun((await testPackage(removing)).load);
    expect(dry.ok).toBe(false);
    expect(dry.problems).toEqual([
      {
        file: 'fish.json',
        item_id: fish.id,
        field: null,
        code: 'removed-in-use',
        params: { catches: 2, sales: 0, records: 1 },
        message: expect.stringMatching(new RegExp(`^fish\\.json, item ${fish.id}: .*"deprecated": true$`)),
      },
    ]);
    expect(dry.diff!.removed).toEqual([
      { group: 'fish', id: fish.id, name: fish.name, impact: { catches: 2, sales: 0, records: 1 } },
      { group: 'fish', id: unusedFish.id, name: unusedFish.name, impact: { catches: 0, sales: 0, records: 0 } },
    ]);

    const refused = await apply(removing);
    expect(refused).toMatchObject({ ok: false, version: null });
    expect(refused.problems.map((p) => p.code)).toEqual(['removed-in-use']);
    expect(await categoryRows()).toEqual(rowsBefore);
    expect(picturesOnDisk()).toEqual(picturesBefore);
    expect(await ctx.db.kysely.selectFrom('heat_cell_day').selectAll().execute()).toEqual(rollupsBefore);
    expect((await importer().versions()).items).toHaveLength(1);

    const deprecating = await apply({
      patch: '1.1.0',
      edit: (groups) => {
        groups.fish = groups.fish.filter((f) => f.id !== unusedFish.id);
        groups.fish[0]!.deprecated = true;
      },
    });
    expect(deprecating).toMatchObject({ ok: true, version: { id: 2 } });
    expect(deprecating.diff!.deprecated).toEqual([{ group: 'fish', id: fish.id, name: fish.name }]);
    expect(deprecating.diff!.removed.map((r) => r.id)).toEqual([unusedFish.id]);
    const after = await categoryList();
    // The server keeps answering a deprecated item (history shows it); pickers hide it.
    expect(after.fish.find((f) => f.id === fish.id)!.deprecated).toBe(true);
    expect(after.fish.some((f) => f.id === unusedFish.id)).toBe(false);
  });

  it('reports ids used in two groups, and a package the loader refused, without applying', async () => {
    const clash = await apply({
      edit: (groups) => {
        groups.fish[0]!.id = groups.maps[0]!.id;
      },
    });
    expect(clash).toMatchObject({ ok: false, version: null });
    expect(clash.problems).toEqual([
      expect.objectContaining({
        file: 'maps.json',
        code: 'id-in-two-groups',
        field: 'id',
        params: { id: expect.any(Number), other_file: 'fish.json' },
      }),
    ]);
    expect(clash.problems[0]!.params!.id).toBe(clash.problems[0]!.item_id);
    const problems = [{ file: 'fish.json', item_id: 3, field: 'name', code: 'name_missing', message: 'no name' }];
    expect(await importer().apply({ ok: false, problems }, 'cli')).toEqual({
      ok: false,
      problems,
      manifest: null,
      diff: null,
      unchanged: false,
      rebuild_maps: [],
      version: null,
    });
    expect(await categoryRows()).toEqual([]);
    expect(picturesOnDisk()).toEqual([]);
  });

  it('serialises two applies: both become versions, one after the other', async () => {
    const [a, b] = await Promise.all([
      apply({ patch: 'a' }),
      apply({ patch: 'b', edit: (g) => void (g.fish[0]!.sort = 500) }),
    ]);
    expect([a.version?.id, b.version?.id].sort()).toEqual([1, 2]);
    const versions = await importer().versions();
    expect(versions.items).toHaveLength(2);
  });
});

describe('rollback', () => {
  it('applies an earlier version again as a new version, badges of its time included', async () => {
    await apply({ patch: '1.0.0' });
    await apply({
      patch: '2.0.0',
      edit: (groups) => {
        groups.fish.push({ ...structuredClone(groups.fish[1]!), id: 9002, name: '新鱼二', sort: 999 });
        groups.maps[0]!.data.bounds = { x_min: 0, y_min: 0, x_max: 3000, y_max: 3000 };
      },
    });
    expect((await categoryList()).fish.find((f) => f.id === 9002)!.new_in).toBe('2.0.0');

    const preview = await importer().previewRollback(1);
    expect(preview).toMatchObject({ ok: true, unchanged: false, manifest: { patch: '1.0.0' } });
    expect(preview.diff!.removed.map((r) => r.id)).toEqual([9002]);
    expect(preview.rebuild_maps).toHaveLength(1);

    const rolled = await importer().rollback(1, 'admin@example.com');
    expect(rolled.version).toMatchObject({
      id: 3,
      kind: 'rollback',
      restored_from: 1,
      patch: '1.0.0',
      applied_by: 'admin@example.com',
    });
    const list = await categoryList();
    expect(list.fish.some((f) => f.id === 9002)).toBe(false);
    expect(list.fish.every((f) => f.new_in === null)).toBe(true);

    // Version 2 again: its new fish carries its badge again (the live patch is 2.0.0 once more).
    await importer().rollback(2, 'cli');
    expect((await categoryList()).fish.find((f) => f.id === 9002)!.new_in).toBe('2.0.0');
    expect((await importer().versions()).items.map((v) => [v.id, v.kind, v.restored_from])).toEqual([
      [4, 'rollback', 2],
      [3, 'rollback', 1],
      [2, 'import', null],
      [1, 'import', null],
    ]);

    await expect(importer().rollback(99, 'cli')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(importer().previewRollback(99)).rejects.toBeInstanceOf(DomainError);
  });

  it('records a catalogue written before versions as version 1 before the first apply', async () => {
    const seeded = await createTestApp();
    try {
      const result = await seeded.services.catalogueImporter.apply((await testPackage({ patch: '5.0' })).load, 'cli');
      expect(result.version!.id).toBe(2);
      const versions = await seeded.services.catalogueImporter.versions();
      expect(versions.items.map((v) => [v.id, v.patch, v.game])).toEqual([
        [2, '5.0', 'Test game'],
        [1, 'initial', 'Anglerdex demo'],
      ]);
      // The demo's pictures are not on disk (tests skip rendering): every map and bait picture is a change.
      expect(result.diff!.added).toEqual([]);
      const back = await seeded.services.catalogueImporter.rollback(1, 'cli');
      expect(back.version!.id).toBe(3);
      const map = await seeded.db.kysely
        .selectFrom('category')
        .select('data')
        .where('group_type', '=', 'maps')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(map.data).image).toMatch(/^\/media\/maps\//);
    } finally {
      await seeded.close();
    }
  });
});

describe('export', () => {
  it('writes the live catalogue as a package that the loader reads back as unchanged: folder, .zip, .tar.gz', async () => {
    await apply({
      patch: '3.1',
      edit: (groups) => {
        groups.fish[2]!.deprecated = true;
        groups.baits[0]!.name_ja = null;
      },
    });
    const dir = path.join(scratch, 'export');
    await importer().exportTo(dir);
    expect(readdirSync(dir).sort()).toEqual([
      'baits.json',
      'fish.json',
      'fish_way.json',
      'images',
      'manifest.json',
      'maps.json',
      'star_type.json',
    ]);
    const sources: [string, PackageSource][] = [
      ['folder', { path: dir }],
      ['.zip', { bytes: await packZip(dir) }],
      ['.tar.gz', { bytes: await packTarGz(dir, { top: 'export' }) }],
    ];
    for (const [kind, source] of sources) {
      const load = await loadCataloguePackage(source);
      expect(load.ok, `${kind}: ${JSON.stringify(!load.ok && load.problems)}`).toBe(true);
      if (!load.ok) return;
      expect(load.pkg.manifest, kind).toMatchObject({ patch: '3.1', game: 'Test game' });
      const dry = await importer().dryRun(load);
      expect(dry, kind).toMatchObject({ ok: true, problems: [], unchanged: true, rebuild_maps: [] });
      expect(await importer().apply(load, 'cli'), kind).toMatchObject({ ok: true, unchanged: true, version: null });
    }
    expect((await importer().versions()).items).toHaveLength(1);

    writeFileSync(path.join(scratch, 'export', 'extra.txt'), 'x');
    await expect(importer().exportTo(dir)).rejects.toMatchObject({ code: 'CATALOGUE_EXPORT_DIR_NOT_EMPTY' });
  });

  it('puts back the pictures lost from disk when the live package is imported again, making no version', async () => {
    const { load } = await testPackage({ patch: '4.0' });
    await importer().apply(load, 'cli');
    const stored = picturesOnDisk();
    expect(stored.length).toBeGreaterThan(0);
    rmSync(mediaCatalogue(), { recursive: true, force: true });

    expect(await importer().apply(load, 'cli')).toMatchObject({ ok: true, unchanged: true, version: null });
    expect(picturesOnDisk()).toEqual(stored);
    expect((await importer().versions()).items).toHaveLength(1);
  });
});
