/**
 * The test fixture of the demo catalogue: the generated rows (generate-world.ts) inserted directly, marked as the demo
 * world, with no catalogue version and no pictures on disk (their URLs name `/media/maps/<id>.png` and
 * `/media/baits/<bait type>.png`, files nothing writes). The server, `npm run seed` and the bench worlds import the
 * demo package instead (src/server/demo/seed-demo-world.ts); this stays for the hundreds of test apps, which would
 * each pay for the package's pictures (docs/decisions/0026-demo-world-as-package.md). seed-demo-world.test.ts holds
 * the two to the same rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_MARK } from '../demo/demo-state';
import { generateDemoWorld } from '../demo/generate-world';

/** Rows per INSERT: 500 × 9 columns stays far below PostgreSQL's 65,535 bind parameters and SQLite's 32,766. */
const CHUNK = 500;

/** Inserts the demo catalogue into an empty catalogue, in one transaction; answers the number of rows. */
export async function insertDemoCatalogue(db: Kysely<Database>): Promise<number> {
  const rows = generateDemoWorld();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('category')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    await trx.insertInto('meta').values({ key: DEMO_MARK, value: '1' }).execute();
  });
  return rows.length;
}
