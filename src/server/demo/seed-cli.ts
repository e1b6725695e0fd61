/**
 * `npm run seed [-- --catches N]`: migrates the configured database (SQLite in DATA_DIR, or DATABASE_URL) and fills
 * it with the demo world when it is empty (the demo package imported as a catalogue version, as the first start
 * does; a running server picks it up), then with demo activity up to N catches (default DEMO_CATCHES), continuing
 * an earlier run. `--catches 5000000` builds the large database of the benchmarks, with a progress line.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemoWorld } from './seed-demo-world';

const { values } = parseArgs({ options: { catches: { type: 'string' } } });
const config = loadConfig();
const catches = values.catches === undefined ? config.demoCatches : Number(values.catches);
if (!Number.isInteger(catches) || catches < 0)
  throw new Error(`--catches must be a whole number ≥ 0, not ${values.catches}`);

const db = await openDatabase(config.database);
const started = Date.now();
const progress = (done: number, total: number) => {
  const seconds = (Date.now() - started) / 1000;
  const rate = Math.round(done / seconds);
  process.stdout.write(
    `\rcatches ${done.toLocaleString('en')} / ${total.toLocaleString('en')}  ${seconds.toFixed(1)} s  ${rate.toLocaleString('en')}/s   `,
  );
};
try {
  await migrateToLatest(db);
  const result = await seedDemoWorld(db.kysely, { mediaDir: path.join(config.dataDir, 'media'), catches, progress });
  if (result.activity) process.stdout.write('\n');
  console.log(result.seeded ? `demo world: ${result.categories} catalogue entries` : 'catalogue already filled');
  if (result.picturesRestored) console.log(`demo pictures stored again: ${result.picturesRestored}`);
  if (result.picturesMissing)
    console.log(`pictures still missing from ${config.dataDir}/media: ${result.picturesMissing.join(', ')}`);
  if (result.activity) {
    const { catches: c, sales, records } = result.activity;
    console.log(
      `demo activity: ${c} catches, ${sales} sales, ${records} official records created in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } else console.log(`demo activity: nothing to add (${catches} catches wanted)`);
} finally {
  await db.close();
}
