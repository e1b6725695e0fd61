/**
 * The real app for `scripts/bench/catalogue-reads.ts`, in a process of its own: built by `buildApp` as `server.ts`
 * builds it (its logger at LOG_LEVEL, `info` by default, writing to stdout, which the bench sends to a file), on a
 * fresh SQLite file holding the demo catalogue (the demo package imported, as on a first start). It tells its parent
 * the port and the default map over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrator';
import { seedDemoWorld } from '../../../src/server/demo/seed-demo-world';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-bench-catalogue-'));
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DEMO_DATA: 'off',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
const db = await openDatabase(config.database);
await migrateToLatest(db);
const { app, services } = await buildApp({ config, db });
// The demo package through the app's own importer, as the server's first start imports it (its catalogue refreshed).
await seedDemoWorld(db.kysely, { importer: services.catalogueImporter, mediaDir: path.join(dataDir, 'media') });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const view = await services.catalogue.view();
process.send!({ port, mapId: view.groups.maps[0]!.id });

process.on('disconnect', () => {
  void app.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
