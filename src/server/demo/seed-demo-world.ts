import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueImporter, PackageLoad } from '../features/catalogue/package/package-types';
import { type ActivityResult, seedDemoActivity } from './activity/seed-activity';
import { catalogueSize, DEMO_MARK, demoActivityMissing, demoPicturesMissing } from './demo-state';
import { generateDemoWorld } from './generate-world';
import { renderDemoImages } from './render-images';

/** Rows per INSERT: 500 × 9 columns stays far below PostgreSQL's 65,535 bind parameters and SQLite's 32,766. */
const CHUNK = 500;

/**
 * The demo catalogue as a package, through the importer every real catalogue takes (one path for demo and real
 * data): applied as a version by `demo`, its pictures stored with it. Without it the rows are inserted directly (until
 * the demo package is the only way: src/server/demo/demo-package.ts).
 */
export interface DemoCatalogueImport {
  importer: Pick<CatalogueImporter, 'apply'>;
  /** The demo package, loaded (e.g. `loadCataloguePackage({ path: await demoPackageDir() })`). */
  load(): Promise<PackageLoad>;
}

/** `applied_by` of the demo world's catalogue version. */
export const DEMO_APPLIED_BY = 'demo';

export interface SeedOptions {
  /** Import the demo package instead of inserting rows. */
  catalogue?: DemoCatalogueImport;
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
  if (count === 0 && options.catalogue) return importDemoCatalogue(db, options, options.catalogue);
  if (count > 0) {
    // An imported demo package's pictures are its own (media/catalogue): nothing to draw again.
    const drawn = options.images !== false && !options.catalogue;
    if (drawn && (await demoPicturesMissing(db, options.mediaDir))) {
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

async function importDemoCatalogue(
  db: Kysely<Database>,
  options: SeedOptions,
  { importer, load }: DemoCatalogueImport,
): Promise<SeedResult> {
  // Two instances starting together both apply: the second finds the content live and makes no version.
  const result = await importer.apply(await load(), DEMO_APPLIED_BY);
  if (!result.ok)
    throw new Error(`the demo package was refused: ${result.problems.map((p) => `${p.file} ${p.message}`).join('; ')}`);
  await db
    .insertInto('meta')
    .values({ key: DEMO_MARK, value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return withActivity(db, options, { seeded: true, categories: await catalogueSize(db) });
}

async function withActivity(db: Kysely<Database>, options: SeedOptions, result: SeedResult): Promise<SeedResult> {
  const catches = options.catches ?? 0;
  if (!(await demoActivityMissing(db, catches))) return result;
  const activity = await seedDemoActivity(db, { catches, now: options.now, progress: options.progress });
  return { ...result, activity };
}
