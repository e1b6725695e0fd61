/** `npm run db:migrate`: brings the configured database (DATABASE_URL / DATA_DIR) to the latest schema. */
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrator';

const config = loadConfig();
const db = await openDatabase(config.database);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await db.close();
}
