/** Starts the server: config → database (migrated, demo world when empty) → app → listen; stops gracefully. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { seedDemoOnStart } from './demo/demo-on-start';

const config = loadConfig();
const db = await openDatabase(config.database);
await migrateToLatest(db);
const app = await buildApp({ config, db });
await seedDemoOnStart(config, db, app.log);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections, lets in-flight requests finish, then closes the database.
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
