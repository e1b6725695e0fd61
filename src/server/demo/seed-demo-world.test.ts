import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { catalogueSize, DEMO_MARK } from './demo-state';
import { generateDemoWorld } from './generate-world';
import { seedDemoWorld } from './seed-demo-world';

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
      .selectAll()
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
});
