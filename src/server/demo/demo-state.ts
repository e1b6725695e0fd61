import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { BULK_LOAD_MARK } from '../catch-store/catch-store';
import type { Database } from '../db/schema';

/**
 * Cheap questions about the demo world, asked at every start. This module loads none of the generator, the world
 * data or the painter, so a start that needs no demo work never loads them (demo-on-start.ts).
 */

/** Meta key that marks a catalogue as the generated demo world (so its pictures may be re-rendered). */
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

/**
 * A demo catalogue whose pictures are gone from DATA_DIR/media (a new volume, a cleaned folder). A catalogue that is
 * not the demo world never gets demo pictures.
 */
export async function demoPicturesMissing(db: Kysely<Database>, mediaDir: string): Promise<boolean> {
  if (existsSync(path.join(mediaDir, 'maps'))) return false;
  const mark = await db.selectFrom('meta').select('value').where('key', '=', DEMO_MARK).executeTakeFirst();
  return mark !== undefined;
}
