import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { generateDemoWorld } from './generate-world';
import { renderDemoImages } from './render-images';

/** Rows per INSERT: 500 × 9 columns stays far below PostgreSQL's 65,535 bind parameters and SQLite's 32,766. */
const CHUNK = 500;

export interface SeedOptions {
  /** Folder served as /media: map pictures go to maps/, bait icons to baits/. */
  mediaDir: string;
  /** Render the pictures too (default true); tests skip them for speed. */
  images?: boolean;
}

/** Meta key that marks a catalogue as the generated demo world (so its pictures may be re-rendered). */
const DEMO_MARK = 'demo_world';

/**
 * Fills an empty catalogue with the generated demo world, all rows in one transaction, then renders its pictures.
 * A catalogue that already has rows is left alone; if it is the demo world and DATA_DIR/media lost its pictures
 * (a new volume, a cleaned folder), they are rendered again. Portable Kysely only, so it runs the same
 * on SQLite and PostgreSQL; ON CONFLICT DO NOTHING lets two instances starting together both seed without failing.
 */
export async function seedDemoWorld(
  db: Kysely<Database>,
  options: SeedOptions,
): Promise<{ seeded: boolean; categories: number }> {
  const existing = await db
    .selectFrom('category')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const count = Number(existing.count);
  if (count > 0) {
    if (options.images !== false && (await isDemoWorld(db)) && !existsSync(path.join(options.mediaDir, 'maps'))) {
      await renderDemoImages(generateDemoWorld(), options.mediaDir);
    }
    return { seeded: false, categories: count };
  }

  const rows = generateDemoWorld();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('category')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    await trx
      .insertInto('meta')
      .values({ key: DEMO_MARK, value: '1' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
  if (options.images !== false) await renderDemoImages(rows, options.mediaDir);
  return { seeded: true, categories: rows.length };
}

async function isDemoWorld(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', DEMO_MARK).executeTakeFirst();
  return row !== undefined;
}
