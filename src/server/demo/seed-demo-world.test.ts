import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { catalogueSize, DEMO_MARK } from './demo-state';
import { generateDemoWorld } from './generate-world';
import { testPackage } from '../test/catalogue-packages';
import { DEMO_APPLIED_BY, seedDemoWorld } from './seed-demo-world';

// A fresh migrated database for every test, so each one seeds what it reads: SQLite by default, PostgreSQL under
// `npm run test:pg`.
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp({ seed: false });
});
afterEach(() => ctx.close());

const seedRowsOnly = () => seedDemoWorld(ctx.db.kysely, { mediaDir: ctx.config.dataDir, images: false });

describe('seedDemoWorld', () => {
  it('fills an empty catalogue once, and leaves a filled one alone', async () => {
    const expected = generateDemoWorld().length;
    expect(await seedRowsOnly()).toEqual({ seeded: true, categories: expected });
    expect(await catalogueSize(ctx.db.kysely)).toBe(expected);

    expect(await seedRowsOnly()).toEqual({ seeded: false, categories: expected });
    expect(await catalogueSize(ctx.db.kysely)).toBe(expected);
  });

  it('stores rows that read back exactly as generated', async () => {
    await seedRowsOnly();
    const stored = await ctx.db.kysely
      .selectFrom('category')
      .select(['id', 'group_type', 'name', 'name_en', 'name_ja', 'name_pinyin', 'letter', 'letter_en', 'sort', 'data'])
      .where('id', '=', 1000)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual(generateDemoWorld().find((r) => r.id === 1000));
  });

  it('renders the demo pictures again when the media folder lost them', async () => {
    await seedRowsOnly();
    const mediaDir = path.join(ctx.config.dataDir, 'media-restored');
    rmSync(mediaDir, { recursive: true, force: true });
    const result = await seedDemoWorld(ctx.db.kysely, { mediaDir });
    expect(result.seeded).toBe(false);
    expect(existsSync(path.join(mediaDir, 'maps', '100.png'))).toBe(true);
  });

  it('never draws demo pictures for a catalogue that is not the demo world', async () => {
    await seedRowsOnly();
    await ctx.db.kysely.deleteFrom('meta').where('key', '=', DEMO_MARK).execute();
    const mediaDir = path.join(ctx.config.dataDir, 'media-real');
    await seedDemoWorld(ctx.db.kysely, { mediaDir });
    expect(existsSync(path.join(mediaDir, 'maps'))).toBe(false);
  });

  it('imports the demo package through the importer when given one: version 1 by demo, the demo mark kept', async () => {
    const catalogue = {
      importer: ctx.services.catalogueImporter,
      load: async () => (await testPackage({ game: 'Anglerdex demo', patch: 'demo-1' })).load,
    };
    const options = { mediaDir: path.join(ctx.config.dataDir, 'media'), catalogue };
    expect(await seedDemoWorld(ctx.db.kysely, options)).toEqual({ seeded: true, categories: 432 });
    const versions = await ctx.services.catalogueImporter.versions();
    expect(versions.items.map((v) => [v.id, v.applied_by, v.patch])).toEqual([[1, DEMO_APPLIED_BY, 'demo-1']]);
    const mark = await ctx.db.kysely.selectFrom('meta').select('value').where('key', '=', DEMO_MARK).executeTakeFirst();
    expect(mark).toBeDefined();
    expect(await seedDemoWorld(ctx.db.kysely, options)).toEqual({ seeded: false, categories: 432 });
    expect((await ctx.services.catalogueImporter.versions()).items).toHaveLength(1);
    // Its pictures are the package's: no demo pictures are drawn beside them.
    expect(existsSync(path.join(ctx.config.dataDir, 'media', 'maps'))).toBe(false);
  });
});
