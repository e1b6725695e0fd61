import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Database } from './schema';
import * as m0001 from './migrations/0001-catalogue';

/**
 * The migrations, listed in code rather than read from a folder so they are bundled into dist/server and run the
 * same under tsx, Vitest and the built server. Append new ones; never edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-catalogue': m0001,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
