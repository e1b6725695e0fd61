import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { seedDemoWorld } from './seed-demo-world';

/**
 * DEMO_DATA=auto fills an empty database with the demo world, except in production, where an empty database
 * must stay empty until real data arrives; `on` always seeds an empty database; `off` never does.
 */
export async function seedDemoOnStart(config: Config, db: Db, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  const wanted = config.demoData === 'on' || (config.demoData === 'auto' && config.env !== 'production');
  if (!wanted) return;
  const started = Date.now();
  const result = await seedDemoWorld(db.kysely, { mediaDir: path.join(config.dataDir, 'media') });
  if (result.seeded) log.info({ categories: result.categories, ms: Date.now() - started }, 'demo world generated');
}
