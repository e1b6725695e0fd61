/** Starts the server: config → database (migrated, demo world when empty) → app → listen; stops gracefully. */
import { buildApp } from './app';
import { createCatchBulkLoad, ensureCatchPartitionsAhead } from './catch-store/catch-store';
import { loadConfig } from './config';
import { type OpenOptions, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { seedDemoOnStart } from './demo/demo-on-start';

const config = loadConfig();
// The read replica's ups and downs (DATABASE_REPLICA_URL, decision 0030) are logged once the app's logger exists.
let onReplicaState: NonNullable<OpenOptions['onReplicaState']> = () => {};
const db = await openDatabase(config.database, { onReplicaState: (state, error) => onReplicaState(state, error) });
await migrateToLatest(db);
const { app, services } = await buildApp({ config, db });
onReplicaState = (state, error) => {
  if (state === 'down') app.log.warn({ err: error }, 'read replica down: public reads go to the primary');
  else app.log.info('read replica answers again: public reads go to it');
};
await seedDemoOnStart(config, db, services.catalogueImporter, app.log);
// Seeding writes the catalogue: the in-memory snapshot must see it.
await services.catalogue.refresh();
// PostgreSQL: the catch table's month partitions (decision 0029), every month a catch is accepted for and three ahead,
// before serving, then daily; any instance may run it (an advisory lock, each month created once). SQLite: nothing.
const PARTITIONS_INTERVAL_MS = 24 * 60 * 60 * 1000;
const ensurePartitions = () =>
  ensureCatchPartitionsAhead(db.kysely).then(
    (created) => created.length > 0 && app.log.info({ created }, 'catch partitions created'),
    (error: unknown) => app.log.error({ err: error }, 'catch partitions failed'),
  );
await ensurePartitions();
const partitions = setInterval(ensurePartitions, PARTITIONS_INTERVAL_MS).unref();
app.addHook('onClose', async () => clearInterval(partitions));
// A bulk load of catches that was interrupted (`npm run seed` stopped midway) left the catch table without its
// indexes: they are built again, and the rollups with them, before serving (decision 0022).
await createCatchBulkLoad(db.kysely, services.catalogue).finish();
// Catches stored before the heat map's rollup existed (an older database) are counted into it once, before serving.
if (await services.heatRollups.ensureComplete()) app.log.info('heat map rollup rebuilt from the stored catches');
// A new catalogue version applied by any process (an import, a rollback, another instance's admin page) is served
// here within CATALOGUE_WATCH_MS, and the heat map of the maps whose bounds moved is rebuilt (decision 0025). The
// first check runs now: a version applied while this server was down is picked up before serving.
await services.catalogueWatcher.start();
// The heat map's window sums of today (decision 0021): before serving, then each minute, so a new UTC day's are
// built within a minute of midnight (readers count from the daily rollup meanwhile). Any instance may build them.
const WINDOWS_INTERVAL_MS = 60_000;
const ensureWindows = () =>
  services.heatRollups.ensureWindows().then(
    (built) => built > 0 && app.log.info({ maps: built }, 'heat map windows built'),
    (error: unknown) => app.log.error({ err: error }, 'heat map windows failed'),
  );
await ensureWindows();
const windows = setInterval(ensureWindows, WINDOWS_INTERVAL_MS).unref();
app.addHook('onClose', async () => clearInterval(windows));

// The local payment provider's renewals that fall due (issue 12): once after start, then hourly. Each period's
// renewal has a fixed event id, so a run overlapping another (or `npm run vip:renew-due`) renews nothing twice.
const RENEWAL_INTERVAL_MS = 60 * 60 * 1000;
const renewDue = () =>
  services.vip.renewDue().then(
    (run) => run.due > 0 && app.log.info(run, 'local VIP renewals'),
    (error: unknown) => app.log.error({ err: error }, 'local VIP renewals failed'),
  );
const renewals = setInterval(renewDue, RENEWAL_INTERVAL_MS).unref();
app.addHook('onClose', async () => clearInterval(renewals));

// Alerts for VIP members (decision 0036): every ALERTS_INTERVAL_MS, on one instance at a time (the job's lock: a run
// in progress elsewhere makes this one skip its turn). What it has seen is in the database, so a restart resumes.
let alertRun: Promise<unknown> = Promise.resolve();
const runAlerts = () =>
  (alertRun = services.alertJob.run().catch((error: unknown) => app.log.error({ err: error }, 'alert job failed')));
const alerts = setInterval(runAlerts, config.alertsIntervalMs).unref();
app.addHook('onClose', async () => {
  clearInterval(alerts);
  await alertRun;
});

// Stopping behind a proxy that keeps connections alive (docs/operations.md, "A rolling restart"). Closing at once
// closes the idle kept-alive connections, and the proxy may be sending a request on one of them in that instant: it
// sees the connection reset, and a POST it has sent (a logger's registration) it does not send to the other instance,
// so the client gets a 502 (the cluster test saw one). So the server first drains: for DRAIN_MS it serves as before,
// each answer with `Connection: close`, so no connection it answers on is kept; the proxy closes the ones it keeps
// unused after its own `keepalive_timeout` (2 s in the documented nginx setting). When close() comes, no connection is
// idle, and new ones are refused, which a proxy sends elsewhere whatever the method.
const DRAIN_MS = 3_000;
let draining = false;
app.addHook('onSend', async (_request, reply) => {
  if (draining) reply.header('connection', 'close');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Ctrl-C at a terminal (SIGINT) stops at once; a process manager's stop (SIGTERM) drains first.
    const drainMs = signal === 'SIGTERM' ? DRAIN_MS : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    draining = true;
    // Then close() stops accepting connections, lets in-flight requests finish, and closes the database.
    setTimeout(
      () =>
        app.close().then(
          () => process.exit(0),
          () => process.exit(1),
        ),
      drainMs,
    );
  });
}

await app.listen({ port: config.port, host: config.host });
void renewDue();
void runAlerts();
