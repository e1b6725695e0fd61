/** `npm run seed`: migrates the configured database and fills it with the demo world when it is empty. */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemoWorld } from './seed-demo-world';

const config = loadConfig();
const db = await openDatabase(config.database);
try {
  await migrateToLatest(db);
  const result = await seedDemoWorld(db.kysely, { mediaDir: path.join(config.dataDir, 'media') });
  console.log(result.seeded ? `demo world: ${result.categories} catalogue entries` : 'database already has data');
} finally {
  await db.close();
}
