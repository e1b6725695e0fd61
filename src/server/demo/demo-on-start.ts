import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { CatalogueImporter } from '../features/catalogue/package/package-types';
import { catalogueSize, cataloguePicturesMissing, demoActivityMissing, isDemoCatalogue } from './demo-state';
import type { seedDemoWorld } from './seed-demo-world';

/** Loads the demo world generator, its world data and the map painter: only when there is demo work to do. */
export type DemoSeederLoader = () => Promise<{ seedDemoWorld: typeof seedDemoWorld }>;

// A dynamic import: the server bundle puts the generator in a chunk of its own, read from disk only when called.
const loadSeeder: DemoSeederLoader = () => import('./seed-demo-world');

/** How many missing pictures a warning names (the count says how many more). */
const NAMED_PICTURES = 20;

/**
 * DEMO_DATA=auto fills an empty database with the demo world — its package imported through `importer`, the
 * server's own — except in production, where an empty database must stay empty until real data arrives; `on` always
 * seeds an empty database; `off` never does. A demo catalogue whose pictures were lost gets them back, one with fewer
 * demo catches than DEMO_CATCHES (an interrupted first start) gets the rest. Pictures the live catalogue names that
 * are missing and cannot be put back (another catalogue's, or DEMO_DATA=off) are named in a warning. Every other start
 * answers from a few cheap queries and never loads the demo code.
 */
export async function seedDemoOnStart(
  config: Config,
  db: Db,
  importer: Pick<CatalogueImporter, 'apply'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  load: DemoSeederLoader = loadSeeder,
): Promise<void> {
  const wanted = config.demoData === 'on' || (config.demoData === 'auto' && config.env !== 'production');
  const mediaDir = path.join(config.dataDir, 'media');
  const filled = (await catalogueSize(db.kysely)) > 0;
  const missing = filled ? await cataloguePicturesMissing(db.kysely, mediaDir) : [];
  const demoWork =
    wanted &&
    (!filled ||
      (missing.length > 0 && (await isDemoCatalogue(db.kysely))) ||
      (await demoActivityMissing(db.kysely, config.demoCatches)));
  if (!demoWork) {
    warnMissing(log, missing);
    return;
  }

  const started = Date.now();
  const { seedDemoWorld } = await load();
  const result = await seedDemoWorld(db.kysely, { importer, mediaDir, catches: config.demoCatches });
  const ms = Date.now() - started;
  if (result.seeded) log.info({ categories: result.categories, activity: result.activity, ms }, 'demo world imported');
  if (result.picturesRestored) log.info({ pictures: result.picturesRestored, ms }, 'demo pictures stored again');
  if (!result.seeded && result.activity) log.info({ activity: result.activity, ms }, 'demo activity generated');
  warnMissing(log, result.picturesMissing ?? []);
}

function warnMissing(log: Pick<FastifyBaseLogger, 'warn'>, missing: readonly string[]): void {
  if (missing.length === 0) return;
  log.warn(
    { missing: missing.slice(0, NAMED_PICTURES), count: missing.length },
    `${missing.length} catalogue pictures are missing from DATA_DIR/media (${missing.slice(0, 3).join(', ')}` +
      `${missing.length > 3 ? ', …' : ''}): import the live catalogue's package again ` +
      '(npm run catalogue:import -- PATH stores its missing pictures) or restore the media folder',
  );
}
