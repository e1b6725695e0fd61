import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { BULK_LOAD_MARK } from '../catch-store/catch-store';
import type { Database } from '../db/schema';
import { pictureFile } from '../features/catalogue/catalogue-pictures';

/**
 * Cheap questions about the demo world, asked at every start. This module loads none of the generator, the world
 * data or the painter, so a start that needs no demo work never loads them (demo-on-start.ts).
 */

/** Meta key that marks a catalogue as the demo world (so its activity is generated and its pictures put back). */
export const DEMO_MARK = 'demo_world';

/** Meta key: how many demo catches are done (seed-activity.ts), so a restart continues rather than repeats. */
export const ACTIVITY_MARK = 'demo_activity';

export async function activityDone(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', ACTIVITY_MARK).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * A demo catalogue (marked) with fewer demo catches than wanted: the activity is still to be generated. Or a bulk
 * load of catches that was interrupted (the catch table lacks its indexes): the activity finishes it.
 */
export async function demoActivityMissing(db: Kysely<Database>, wanted: number): Promise<boolean> {
  const rows = await db
    .selectFrom('meta')
    .select(['key', 'value'])
    .where('key', 'in', [DEMO_MARK, ACTIVITY_MARK, BULK_LOAD_MARK])
    .execute();
  if (rows.some((r) => r.key === BULK_LOAD_MARK)) return true;
  if (wanted <= 0) return false;
  const done = Number(rows.find((r) => r.key === ACTIVITY_MARK)?.value ?? 0);
  return rows.some((r) => r.key === DEMO_MARK) && done < wanted;
}

export async function catalogueSize(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('category')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the catalogue is the demo world (seed-demo-world.ts marks it), so its pictures may be put back. */
export async function isDemoCatalogue(db: Kysely<Database>): Promise<boolean> {
  const mark = await db.selectFrom('meta').select('value').where('key', '=', DEMO_MARK).executeTakeFirst();
  return mark !== undefined;
}

/**
 * The `/media/…` pictures the live catalogue's maps and baits name whose files are missing from DATA_DIR/media (a new
 * volume, a cleaned folder), in URL order. A few hundred rows and a few dozen distinct files: cheap at every start.
 */
export async function cataloguePicturesMissing(db: Kysely<Database>, mediaDir: string): Promise<string[]> {
  const rows = await db.selectFrom('category').select('data').where('group_type', 'in', ['maps', 'baits']).execute();
  const urls = new Set<string>();
  for (const row of rows) {
    const image = (JSON.parse(row.data) as { image?: unknown }).image;
    if (typeof image === 'string') urls.add(image);
  }
  return [...urls]
    .filter((url) => {
      const file = pictureFile(mediaDir, url);
      // A URL outside /media is not ours to check.
      return file !== undefined && !existsSync(file);
    })
    .sort();
}
