import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { createTestApp, type TestContext } from '../test/test-app';
import { seedDemoOnStart, type DemoSeederLoader } from './demo-on-start';
import { catalogueSize, DEMO_MARK } from './demo-state';
import type { SeedOptions } from './seed-demo-world';

// A real migrated database of its own for every test: SQLite by default, PostgreSQL under `npm run test:pg`.
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp({ seed: false });
});
afterEach(() => ctx.close());

/** The real seeder behind a loader that counts how often the demo code is asked for. */
function countingLoader() {
  const seeds: SeedOptions[] = [];
  let loads = 0;
  const load: DemoSeederLoader = async () => {
    loads++;
    const real = await import('./seed-demo-world');
    return {
      seedDemoWorld: (db, options) => {
        seeds.push(options);
        return real.seedDemoWorld(db, options);
      },
    };
  };
  return { load, seeds, loads: () => loads };
}

function start(
  settings: Pick<Config, 'demoData' | 'env'> & Partial<Pick<Config, 'demoCatches'>>,
  loader: ReturnType<typeof countingLoader>,
) {
  const messages: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void messages.push(JSON.parse(line).msg) });
  // No demo catches unless a test asks for them: they have tests of their own (activity/seed-activity.test.ts).
  const config = { ...ctx.config, demoCatches: 0, ...settings };
  const run = seedDemoOnStart(config, ctx.db, ctx.services.catalogueImporter, log, loader.load);
  return run.then(() => messages);
}

/** One map, of the demo world's ids; `image` is its picture URL (none by default). */
async function fillCatalogue(options: { demo: boolean; image?: string }): Promise<void> {
  await ctx.db.kysely
    .insertInto('category')
    .values({
      id: 100,
      group_type: 'maps',
      name: '湖',
      name_en: 'Lake',
      name_ja: '湖',
      letter: 'H',
      name_pinyin: 'hu',
      letter_en: 'L',
      sort: 1,
      data: JSON.stringify(options.image ? { image: options.image } : {}),
    })
    .execute();
  if (options.demo) await ctx.db.kysely.insertInto('meta').values({ key: DEMO_MARK, value: '1' }).execute();
}

describe('seedDemoOnStart', () => {
  it('leaves an empty database empty with DEMO_DATA=off, and never loads the demo code', async () => {
    const loader = countingLoader();
    await start({ demoData: 'off', env: 'development' }, loader);
    expect(loader.loads()).toBe(0);
    expect(await catalogueSize(ctx.db.kysely)).toBe(0);
  });

  it('leaves an empty production database empty with DEMO_DATA=auto', async () => {
    const loader = countingLoader();
    await start({ demoData: 'auto', env: 'production' }, loader);
    expect(loader.loads()).toBe(0);
    expect(await catalogueSize(ctx.db.kysely)).toBe(0);
  });

  it.each([
    ['auto', 'development'],
    ['on', 'production'],
  ] as const)('fills an empty database with DEMO_DATA=%s in %s', async (demoData, env) => {
    const loader = countingLoader();
    const messages = await start({ demoData, env }, loader);
    expect(loader.loads()).toBe(1);
    // Through the server's own importer: the version is the demo's, the catalogue in memory sees it.
    expect(loader.seeds).toEqual([
      { importer: ctx.services.catalogueImporter, mediaDir: path.join(ctx.config.dataDir, 'media'), catches: 0 },
    ]);
    expect(await catalogueSize(ctx.db.kysely)).toBeGreaterThan(400);
    expect((await ctx.services.catalogueImporter.versions()).items.map((v) => v.applied_by)).toEqual(['demo']);
    expect((await ctx.services.catalogue.view()).groups.fish.length).toBeGreaterThan(100);
    expect(messages).toEqual(['demo world imported']);
  });

  it('loads no demo code for a filled catalogue whose pictures are in place', async () => {
    await fillCatalogue({ demo: true });
    const loader = countingLoader();
    expect(await start({ demoData: 'on', env: 'development' }, loader)).toEqual([]);
    expect(loader.loads()).toBe(0);
  });

  it('loads no demo code for a catalogue that is not the demo world, and names its missing pictures', async () => {
    await fillCatalogue({ demo: false, image: '/media/catalogue/lake.png' });
    const loader = countingLoader();
    const messages = await start({ demoData: 'auto', env: 'development' }, loader);
    expect(loader.loads()).toBe(0);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('1 catalogue pictures are missing from DATA_DIR/media (/media/catalogue/lake.png)');
    expect(messages[0]).toContain('npm run catalogue:import');
  });

  it('names the missing pictures of a demo catalogue with DEMO_DATA=off, loading no demo code', async () => {
    await fillCatalogue({ demo: true, image: '/media/maps/100.png' });
    const loader = countingLoader();
    const messages = await start({ demoData: 'off', env: 'production' }, loader);
    expect(loader.loads()).toBe(0);
    expect(messages[0]).toContain('(/media/maps/100.png)');
  });

  it('puts back the pictures of a demo catalogue when DATA_DIR/media lost them', async () => {
    await fillCatalogue({ demo: true, image: '/media/maps/100.png' });
    const loader = countingLoader();
    const messages = await start({ demoData: 'auto', env: 'development' }, loader);
    expect(loader.loads()).toBe(1);
    expect(await catalogueSize(ctx.db.kysely)).toBe(1);
    expect(existsSync(path.join(ctx.config.dataDir, 'media', 'maps', '100.png'))).toBe(true);
    expect(messages).toEqual(['demo pictures stored again']);

    const again = countingLoader();
    expect(await start({ demoData: 'auto', env: 'development' }, again)).toEqual([]);
    expect(again.loads()).toBe(0);
  });

  it('generates the demo activity once, and only the missing part when DEMO_CATCHES grows', async () => {
    const catches = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('catch')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const settings = { demoData: 'on', env: 'development', demoCatches: 300 } as const;
    expect(await start(settings, countingLoader())).toEqual(['demo world imported']);
    expect(await catches()).toBe(300);

    // A restart with the pictures in place and the activity complete does no demo work at all.
    const restart = countingLoader();
    expect(await start(settings, restart)).toEqual([]);
    expect(restart.loads()).toBe(0);
    expect(await catches()).toBe(300);

    expect(await start({ ...settings, demoCatches: 500 }, countingLoader())).toEqual(['demo activity generated']);
    expect(await catches()).toBe(500);
  });
});
