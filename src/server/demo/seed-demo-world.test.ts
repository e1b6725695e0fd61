import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { generateDemoWorld } from './generate-world';
import { seedDemoWorld } from './seed-demo-world';

// A real migrated database: SQLite by default, PostgreSQL under `npm run test:pg`.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

async function countRows(): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('category')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('seedDemoWorld', () => {
  it('fills an empty catalogue once, and leaves a filled one alone', async () => {
    const expected = generateDemoWorld().length;
    const mediaDir = ctx.config.dataDir;
    expect(await seedDemoWorld(ctx.db.kysely, { mediaDir, images: false })).toEqual({
      seeded: true,
      categories: expected,
    });
    expect(await countRows()).toBe(expected);

    expect(await seedDemoWorld(ctx.db.kysely, { mediaDir, images: false })).toEqual({
      seeded: false,
      categories: expected,
    });
    expect(await countRows()).toBe(expected);
  });

  it('stores rows that read back exactly as generated', async () => {
    const stored = await ctx.db.kysely
      .selectFrom('category')
      .selectAll()
      .where('id', '=', 1000)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual(generateDemoWorld().find((r) => r.id === 1000));
  });

  it('renders the demo pictures again when the media folder lost them', async () => {
    const mediaDir = path.join(ctx.config.dataDir, 'media-restored');
    rmSync(mediaDir, { recursive: true, force: true });
    const result = await seedDemoWorld(ctx.db.kysely, { mediaDir });
    expect(result.seeded).toBe(false);
    expect(existsSync(path.join(mediaDir, 'maps', '100.png'))).toBe(true);
  });

  it('never draws demo pictures for a catalogue that is not the demo world', async () => {
    await ctx.db.kysely.deleteFrom('meta').where('key', '=', 'demo_world').execute();
    const mediaDir = path.join(ctx.config.dataDir, 'media-real');
    await seedDemoWorld(ctx.db.kysely, { mediaDir });
    expect(existsSync(path.join(mediaDir, 'maps'))).toBe(false);
  });
});
