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

/**
 * Fills an empty catalogue with the generated demo world, all rows in one transaction, then renders its pictures.
 * A catalogue that already has rows is left alone (and gets no pictures). Portable Kysely only, so it runs the same
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
  if (count > 0) return { seeded: false, categories: count };

  const rows = generateDemoWorld();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('category')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  });
  if (options.images !== false) await renderDemoImages(rows, options.mediaDir);
  return { seeded: true, categories: rows.length };
}
