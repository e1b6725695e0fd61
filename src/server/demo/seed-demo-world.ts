import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SqlCatalogueImporter } from '../features/catalogue/catalogue-importer';
import { hashOfPictureUrl } from '../features/catalogue/catalogue-content';
import { pictureFile, writePictureFile } from '../features/catalogue/catalogue-pictures';
import { loadCataloguePackage } from '../features/catalogue/package/load-package';
import type { CatalogueImporter, LoadedPackage, PackageLoad } from '../features/catalogue/package/package-types';
import { type ActivityResult, seedDemoActivity } from './activity/seed-activity';
import { demoPackageDir } from './demo-package';
import { catalogueSize, cataloguePicturesMissing, DEMO_MARK, demoActivityMissing, isDemoCatalogue } from './demo-state';
import { demoBaitTypePicture, demoMapPicture } from './render-images';

/** `applied_by` of the demo world's catalogue version. */
export const DEMO_APPLIED_BY = 'demo';

export interface SeedOptions {
  /**
   * The importer the demo package goes through: the server's own (`services.catalogueImporter`, which refreshes its
   * catalogue in memory). By default one over `db` and `mediaDir`, for the commands and bench worlds, whose running
   * servers pick the new version up themselves.
   */
  importer?: Pick<CatalogueImporter, 'apply'>;
  /** The demo package, loaded; by default the generated one (`demoPackageDir()`). Tests hand a smaller one. */
  load?: () => Promise<PackageLoad>;
  /** Folder served as /media: the importer stores the package's pictures under catalogue/. */
  mediaDir: string;
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
  /** Pictures of a demo catalogue put back into `mediaDir`; absent when none were missing. */
  picturesRestored?: number;
  /** Pictures the catalogue names that are still missing from `mediaDir` (none of the demo package's). */
  picturesMissing?: string[];
}

async function loadDemoPackage(): Promise<PackageLoad> {
  return loadCataloguePackage({ path: await demoPackageDir() });
}

/**
 * Fills an empty catalogue with the demo world: the demo package (demo-package.ts) applied through the catalogue
 * importer as every real package is — one version by `demo`, its pictures stored under their content hash — and the
 * catalogue marked as the demo world. Two instances starting together both apply; the second finds the content live
 * and makes no version. A catalogue that already has rows is left alone, but if it is the demo world and
 * DATA_DIR/media lost pictures it names (a new volume, a cleaned folder), the demo package's are put back. Then, for
 * a demo catalogue, the activity (catches, sales, records) up to `catches`, continuing an earlier run.
 */
export async function seedDemoWorld(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const load = options.load ?? loadDemoPackage;
  const count = await catalogueSize(db);
  if (count > 0) {
    const pictures = await restorePictures(db, options.mediaDir, load);
    return withActivity(db, options, { seeded: false, categories: count, ...pictures });
  }

  const importer =
    options.importer ??
    new SqlCatalogueImporter({ db, mediaDir: options.mediaDir, catalogue: { refresh: async () => undefined } });
  const result = await importer.apply(await load(), DEMO_APPLIED_BY);
  if (!result.ok) {
    const problems = result.problems.map((p) => `${p.file} ${p.item_id ?? ''} ${p.field ?? ''} ${p.message}`);
    throw new Error(`the demo package was refused: ${problems.join('; ')}`);
  }
  await db
    .insertInto('meta')
    .values({ key: DEMO_MARK, value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return withActivity(db, options, { seeded: true, categories: await catalogueSize(db) });
}

/**
 * A demo catalogue's missing pictures, written again from the demo package: by content hash, or, for a demo world
 * seeded before it came as a package, its `/media/maps/<id>.png` and `/media/baits/<bait type>.png` by id. Another
 * catalogue's are only reported: they are its package's, which only the operator has.
 */
async function restorePictures(
  db: Kysely<Database>,
  mediaDir: string,
  load: () => Promise<PackageLoad>,
): Promise<Pick<SeedResult, 'picturesRestored' | 'picturesMissing'>> {
  const missing = await cataloguePicturesMissing(db, mediaDir);
  if (missing.length === 0) return {};
  if (!(await isDemoCatalogue(db))) return { picturesMissing: missing };
  const loaded = await load();
  if (!loaded.ok) throw new Error(`the demo package does not load: ${loaded.problems[0]?.message}`);
  const still: string[] = [];
  let restored = 0;
  for (const url of missing) {
    const bytes = demoPictureFor(loaded.pkg, url);
    const file = pictureFile(mediaDir, url);
    if (!bytes || !file) {
      still.push(url);
      continue;
    }
    await writePictureFile(file, bytes);
    restored++;
  }
  return { picturesRestored: restored, ...(still.length > 0 ? { picturesMissing: still } : {}) };
}

function demoPictureFor(pkg: LoadedPackage, url: string): Buffer | undefined {
  const hash = hashOfPictureUrl(url);
  if (hash !== undefined) return [...pkg.images.values()].find((image) => image.sha256 === hash)?.bytes;
  const legacy = /^\/media\/(maps|baits)\/(\d+)\.png$/.exec(url);
  if (!legacy) return undefined;
  const id = Number(legacy[2]);
  return pkg.images.get(legacy[1] === 'maps' ? demoMapPicture(id) : demoBaitTypePicture(id))?.bytes;
}

async function withActivity(db: Kysely<Database>, options: SeedOptions, result: SeedResult): Promise<SeedResult> {
  const catches = options.catches ?? 0;
  if (!(await demoActivityMissing(db, catches))) return result;
  const activity = await seedDemoActivity(db, { catches, now: options.now, progress: options.progress });
  return { ...result, activity };
}
