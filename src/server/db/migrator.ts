import { type Migration, Migrator } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-catalogue';
import * as m0002 from './migrations/0002-accounts';
import * as m0003 from './migrations/0003-catch-data';
import * as m0004 from './migrations/0004-log-indexes';
import * as m0005 from './migrations/0005-ascii-email-domains';
import * as m0006 from './migrations/0006-heat-rollups';
import * as m0007 from './migrations/0007-heat-map-version';
import * as m0008 from './migrations/0008-vip';
import * as m0009 from './migrations/0009-ai-questions';
import * as m0010 from './migrations/0010-heat-map-changes';
import * as m0011 from './migrations/0011-logger-binding-codes';
import * as m0012 from './migrations/0012-demo-logger-tokens';
import * as m0013 from './migrations/0013-heat-windows';
import * as m0014 from './migrations/0014-catalogue-versions';
import * as m0015 from './migrations/0015-heat-rollup-bounds';
import * as m0016 from './migrations/0016-heat-window-packed';
import * as m0017 from './migrations/0017-catch-partitions';
import * as m0018 from './migrations/0018-order-checkout-expiry';
import * as m0019 from './migrations/0019-catch-client-star-fish';
import * as m0020 from './migrations/0020-collection-sharing';
import * as m0022 from './migrations/0022-catch-client-weight';
import * as m0023 from './migrations/0023-alerts';
import * as m0024 from './migrations/0024-catch-trust';
import * as m0025 from './migrations/0025-admin-console';
import * as m0026 from './migrations/0026-logger-moderation';
import * as m0027 from './migrations/0027-heat-day-covering-key';
import * as m0028 from './migrations/0028-star-index-for-trophies';
import * as m0029 from './migrations/0029-logger-minutes-from-catches';

/**
 * The migrations, listed in code rather than read from a folder so they are bundled into dist/server and run the
 * same under tsx, Vitest and the built server. Append new ones; never edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-catalogue': m0001,
  '0002-accounts': m0002,
  '0003-catch-data': m0003,
  '0004-log-indexes': m0004,
  '0005-ascii-email-domains': m0005,
  '0006-heat-rollups': m0006,
  '0007-heat-map-version': m0007,
  '0008-vip': m0008,
  '0009-ai-questions': m0009,
  '0010-heat-map-changes': m0010,
  '0011-logger-binding-codes': m0011,
  '0012-demo-logger-tokens': m0012,
  '0013-heat-windows': m0013,
  '0014-catalogue-versions': m0014,
  '0015-heat-rollup-bounds': m0015,
  '0016-heat-window-packed': m0016,
  '0017-catch-partitions': m0017,
  '0018-order-checkout-expiry': m0018,
  '0019-catch-client-star-fish': m0019,
  '0020-collection-sharing': m0020,
  '0022-catch-client-weight': m0022,
  '0023-alerts': m0023,
  '0024-catch-trust': m0024,
  '0025-admin-console': m0025,
  '0026-logger-moderation': m0026,
  '0027-heat-day-covering-key': m0027,
  '0028-star-index-for-trophies': m0028,
  '0029-logger-minutes-from-catches': m0029,
};

function migratorOf(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => MIGRATIONS },
    // Kysely looks for its bookkeeping tables in every schema unless told which: name ours, so a database holding
    // other schemas with their own migrations (tests run one schema per file) is never mistaken for migrated.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates up to and including `name` (tests of a migration: the database as it was before it). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorOf(db).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * The names of the migrations this code knows, in order: a restore (db/sqlite-restore.ts) refuses a database that
 * ran one this code does not know, since it holds a newer schema than the code can serve.
 */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);
