import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ActivityResult, seedDemoActivity } from './activity/seed-activity';
import { catalogueSize, DEMO_MARK, demoActivityMissing, demoPicturesMissing } from './demo-state';
import { generateDemoWorld } from './generate-world';
import { renderDemoImages } from './render-images';

/** Rows per INSERT: 500 × 9 columns stays far below PostgreSQL's 65,535 bind parameters and SQLite's 32,766. */
const CHUNK = 500;

export interface SeedOptions {
  /** Folder served as /media: map pictures go to maps/, bait icons to baits/. */
  mediaDir: string;
  /** Render the pictures too (default true); tests skip them for speed. */
  images?: boolean;
  /** Demo catches wanted (DEMO_CATCHES, `--catches`): 90 days of activity ending now; 0 (default) for none. */
  catches?: number;
  /** "Now" for the activity (tests fix it). */
  now?: number;
  /** Progress of the activity, after each chunk. */
  progress?: (done: number, total: number) => void;
}

export interface SeedResult {
  seeded: boolean;
  categories: number;
  /** What the activity run created; absent when there was none to do. */
  activity?: ActivityResult;
}

/**
 * Fills an empty catalogue with the generated demo world, all rows in one transaction, then renders its pictures.
 * A catalogue that already has rows is left alone; if it is the demo world and DATA_DIR/media lost its pictures
 * (a new volume, a cleaned folder), they are rendered again. Portable Kysely only, so it runs the same
 * on SQLite and PostgreSQL; ON CONFLICT DO NOTHING lets two instances starting together both seed without failing.
 * Then, for a demo catalogue, the activity (catches, sales, records) up to `catches`, continuing an earlier run.
 */
export async function seedDemoWorld(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const count = await catalogueSize(db);
  if (count > 0) {
    if (options.images !== false && (await demoPicturesMissing(db, options.mediaDir))) {
      await renderDemoImages(generateDemoWorld(), options.mediaDir);
    }
    return withActivity(db, options, { seeded: false, categories: count });
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
  return withActivity(db, options, { seeded: true, categories: rows.length });
}

async function withActivity(db: Kysely<Database>, options: SeedOptions, result: SeedResult): Promise<SeedResult> {
  const catches = options.catches ?? 0;
  if (!(await demoActivityMissing(db, catches))) return result;
  const activity = await seedDemoActivity(db, { catches, now: options.now, progress: options.progress });
  return { ...result, activity };
}
