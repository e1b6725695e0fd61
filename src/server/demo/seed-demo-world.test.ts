import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashOfPictureUrl } from '../features/catalogue/catalogue-content';
import type { PackageLoad } from '../features/catalogue/package/package-types';
import { insertDemoCatalogue } from '../test/demo-catalogue';
import { createTestApp, type TestContext } from '../test/test-app';
import { catalogueSize, DEMO_MARK } from './demo-state';
import { DEMO_PACKAGE_PATCH } from './demo-package';
import { generateDemoWorld } from './generate-world';
import { DEMO_APPLIED_BY, seedDemoWorld } from './seed-demo-world';

// A fresh migrated database for every test, so each one seeds what it reads: SQLite by default, PostgreSQL under
// `npm run test:pg`. The demo package itself is written once per machine (demo-package.ts) and only loaded here.
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp({ seed: false });
});
afterEach(() => ctx.close());

const mediaDir = () => path.join(ctx.config.dataDir, 'media');
const seed = () => seedDemoWorld(ctx.db.kysely, { importer: ctx.services.catalogueImporter, mediaDir: mediaDir() });

const categoryRows = (db: TestContext['db']) =>
  db.kysely
    .selectFrom('category')
    .select([
      'id',
      'group_type',
      'name',
      'name_en',
      'name_ja',
      'name_pinyin',
      'letter',
      'letter_en',
      'sort',
      'data',
      'deprecated',
      'introduced_in',
    ])
    .orderBy('id')
    .execute();

/** A row with its picture URL taken out of `data`, and the URL beside it. */
function withoutPicture(row: Awaited<ReturnType<typeof categoryRows>>[number]) {
  const { image, ...data } = JSON.parse(row.data) as { image?: string };
  return { row: { ...row, data }, image };
}

describe('seedDemoWorld', () => {
  it('imports the demo package through the importer once: version 1 by demo, pictures by hash, the demo mark', async () => {
    const expected = generateDemoWorld().length;
    expect(await seed()).toEqual({ seeded: true, categories: expected });
    expect(await catalogueSize(ctx.db.kysely)).toBe(expected);
    const versions = await ctx.services.catalogueImporter.versions();
    expect(versions.items.map((v) => [v.id, v.applied_by, v.patch])).toEqual([
      [1, DEMO_APPLIED_BY, DEMO_PACKAGE_PATCH],
    ]);
    const mark = await ctx.db.kysely.selectFrom('meta').select('value').where('key', '=', DEMO_MARK).executeTakeFirst();
    expect(mark).toBeDefined();

    // Every picture the catalogue names is on disk under its content hash, and nothing else is.
    const urls = new Set((await categoryRows(ctx.db)).flatMap((row) => withoutPicture(row).image ?? []));
    for (const url of urls) expect(url).toMatch(/^\/media\/catalogue\/[0-9a-f]{64}\.png$/);
    const stored = readdirSync(path.join(mediaDir(), 'catalogue')).sort();
    expect(stored).toEqual([...urls].map((url) => path.basename(url)).sort());
    expect(readdirSync(mediaDir())).toEqual(['catalogue']);
    // The catalogue in memory was refreshed by the apply.
    expect((await ctx.services.catalogue.view()).groups.maps.length).toBeGreaterThan(0);

    expect(await seed()).toEqual({ seeded: false, categories: expected });
    expect((await ctx.services.catalogueImporter.versions()).items).toHaveLength(1);
  });

  it('gives exactly the rows the test fixture inserts, picture URLs apart', async () => {
    await seed();
    const fixture = await createTestApp();
    try {
      const imported = (await categoryRows(ctx.db)).map(withoutPicture);
      const inserted = (await categoryRows(fixture.db)).map(withoutPicture);
      expect(imported.map((r) => r.row)).toEqual(inserted.map((r) => r.row));
      expect(imported).toHaveLength(generateDemoWorld().length);
      // The pictures differ only in where they are served from: one per map, one per bait type in both.
      const pictures = (rows: typeof imported) => rows.map((r) => (r.image ? r.row.id : null));
      expect(pictures(imported)).toEqual(pictures(inserted));
      expect(new Set(imported.map((r) => r.image)).size).toBe(new Set(inserted.map((r) => r.image)).size);
      expect(imported.every((r) => r.image === undefined || hashOfPictureUrl(r.image) !== undefined)).toBe(true);
    } finally {
      await fixture.close();
    }
  });

  it('puts the demo pictures back when the media folder lost them, making no version', async () => {
    await seed();
    const before = readdirSync(path.join(mediaDir(), 'catalogue')).sort();
    rmSync(mediaDir(), { recursive: true, force: true });
    const result = await seed();
    expect(result).toEqual({ seeded: false, categories: generateDemoWorld().length, picturesRestored: before.length });
    expect(readdirSync(path.join(mediaDir(), 'catalogue')).sort()).toEqual(before);
    expect((await ctx.services.catalogueImporter.versions()).items).toHaveLength(1);
  });

  it('puts back the pictures of a demo world seeded before it came as a package, by id', async () => {
    await insertDemoCatalogue(ctx.db.kysely);
    const result = await seed();
    const urls = new Set(
      generateDemoWorld().flatMap((row) => (JSON.parse(row.data) as { image?: string }).image ?? []),
    );
    expect(result).toMatchObject({ seeded: false, picturesRestored: urls.size });
    expect(result.picturesMissing).toBeUndefined();
    expect(existsSync(path.join(mediaDir(), 'maps', '100.png'))).toBe(true);
    expect((await ctx.services.catalogueImporter.versions()).items).toHaveLength(0);
  });

  it('never writes demo pictures for a catalogue that is not the demo world: it names the missing ones', async () => {
    await insertDemoCatalogue(ctx.db.kysely);
    await ctx.db.kysely.deleteFrom('meta').where('key', '=', DEMO_MARK).execute();
    const result = await seed();
    expect(result.picturesRestored).toBeUndefined();
    expect(result.picturesMissing).toContain('/media/maps/100.png');
    expect(existsSync(path.join(mediaDir(), 'maps'))).toBe(false);
  });

  it('fails naming the problems when the demo package is refused, changing nothing', async () => {
    const load = async (): Promise<PackageLoad> => ({
      ok: false,
      problems: [{ file: 'maps.json', item_id: 100, field: 'data.bounds', code: 'bounds-area', message: 'no area' }],
    });
    await expect(seedDemoWorld(ctx.db.kysely, { mediaDir: mediaDir(), load })).rejects.toThrow(
      'the demo package was refused: maps.json 100 data.bounds no area',
    );
    expect(await catalogueSize(ctx.db.kysely)).toBe(0);
  });
});
