import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { catalogueSize, demoActivityMissing, demoPicturesMissing } from './demo-state';
import type { seedDemoWorld } from './seed-demo-world';

/** Loads the demo world generator, its world data and the map painter: only when there is demo work to do. */
export type DemoSeederLoader = () => Promise<{ seedDemoWorld: typeof seedDemoWorld }>;

// A dynamic import: the server bundle puts the generator in a chunk of its own, read from disk only when called.
const loadSeeder: DemoSeederLoader = () => import('./seed-demo-world');

/**
 * DEMO_DATA=auto fills an empty database with the demo world, except in production, where an empty database
 * must stay empty until real data arrives; `on` always seeds an empty database; `off` never does. A demo catalogue
 * whose pictures were lost gets them drawn again, one with fewer demo catches than DEMO_CATCHES (an interrupted
 * first start) gets the rest. Every other start (a filled catalogue, DEMO_DATA=off) answers
 * from two cheap queries and never loads the demo code.
 */
export async function seedDemoOnStart(
  config: Config,
  db: Db,
  log: Pick<FastifyBaseLogger, 'info'>,
  load: DemoSeederLoader = loadSeeder,
): Promise<void> {
  const wanted = config.demoData === 'on' || (config.demoData === 'auto' && config.env !== 'production');
  if (!wanted) return;
  const mediaDir = path.join(config.dataDir, 'media');
  if (
    (await catalogueSize(db.kysely)) > 0 &&
    !(await demoPicturesMissing(db.kysely, mediaDir)) &&
    !(await demoActivityMissing(db.kysely, config.demoCatches))
  )
    return;

  const started = Date.now();
  const { seedDemoWorld } = await load();
  const result = await seedDemoWorld(db.kysely, { mediaDir, catches: config.demoCatches });
  const ms = Date.now() - started;
  if (result.seeded) log.info({ categories: result.categories, activity: result.activity, ms }, 'demo world generated');
  else if (result.activity) log.info({ activity: result.activity, ms }, 'demo activity generated');
  else log.info({ ms }, 'demo pictures drawn again');
}
