/**
 * The demo catches of a large seed through the catch store's bulk load (decision 0022): the same chunks
 * (`demoCatchChunk`, with `demoSaleChunk`'s sales), judged by the writer's rules (`judgeCatches`, `judgeSales`: a
 * refused item is a generator bug and stops the seed), stored with the catch table's indexes dropped, then the
 * indexes and the derived tables built once. The result equals what the writer path stores (bulk-catches.test.ts
 * compares them row by row).
 *
 * Resuming: each chunk's rows commit with the `demo_activity` mark, so after an interruption the mark says exactly
 * which catches are stored and the next run continues there (the load's own mark keeps the indexes to restore).
 * Before a load begins, catches the writer path stored beyond the mark (a run killed between a chunk and its mark)
 * are found through the unique index, which is still there, and skipped.
 */
import type { Kysely, Transaction } from 'kysely';
import { createCatchBulkLoad } from '../../catch-store/catch-store';
import type { IngestionCatalogue } from '../../catch-store/catch-store';
import type { MapsCatalogue } from '../../catch-store/catch-reads';
import type { Database } from '../../db/schema';
import { ACTIVITY_MARK } from '../demo-state';

import { CatchGenerators, type GeneratedChunk, plainCatalogue } from './catch-generators';
import type { DemoLogger } from './demo-loggers';
import { demoCatchChunk, type OwnedCatch, timeSlice } from './simulate-catches';

export interface BulkSeed {
  db: Kysely<Database>;
  catalogue: IngestionCatalogue & MapsCatalogue;
  loggers: readonly DemoLogger[];
  now: number;
  /** Catches wanted in total, and per chunk (the writer path's chunks: the same items in the same streams). */
  total: number;
  chunk: number;
  /** Catches already stored (the mark). */
  done: number;
  progress?: (done: number, total: number) => void;
  /** Generator threads (default 2; 0: generate on this thread). */
  threads?: number;
}

/** Chunks generated ahead of the one being stored: enough to keep both generator threads busy. */
const AHEAD = 4;
/** Generator threads: the machine this was measured on has two cores (decision 0022). */
const THREADS = 2;

/**
 * Stores catches `done` … `total − 1`, with their chunks' sales (in the chunk's transaction; a sale stored before is
 * skipped, as the writer skips it); answers how many of each it stored.
 */
export async function seedCatchesInBulk(seed: BulkSeed): Promise<{ catches: number; sales: number }> {
  const { db, total, chunk: size, now } = seed;
  const load = createCatchBulkLoad(db, seed.catalogue, { clock: () => now });
  let done = seed.done;
  if (!(await load.inProgress())) done = await skipStored(seed, done);
  await load.begin();
  const catalogue = plainCatalogue(await seed.catalogue.view());
  const generators = await CatchGenerators.start({ loggers: seed.loggers, catalogue, now }, seed.threads ?? THREADS);
  const chunks = Math.ceil(total / size);
  const first = Math.floor(done / size);
  const request = (chunk: number) => ({
    chunk,
    from: chunk * size,
    count: Math.min(size, total - chunk * size),
    slice: timeSlice(chunk, chunks, now),
  });
  const ahead: Promise<GeneratedChunk>[] = [];
  let asked = first;
  const stored = { catches: 0, sales: 0 };
  try {
    for (let chunk = first; chunk < chunks; chunk++) {
      while (asked < chunks && asked < chunk + AHEAD) ahead.push(generators.generate(request(asked++)));
      const { from, count } = request(chunk);
      const { columns, values, sales } = await ahead.shift()!;
      // A chunk begun before the mark (an earlier, smaller target ended inside it): its first catches are stored.
      const fresh = values.slice((done - from) * columns.length);
      const end = from + count;
      stored.sales += await load.insert(columns, fresh, { sales, inTransaction: (trx) => setMark(trx, end) });
      stored.catches += fresh.length / columns.length;
      done = end;
      seed.progress?.(done, total);
    }
  } finally {
    // Chunks still being generated after a failure are not waited for.
    for (const pending of ahead) pending.catch(() => undefined);
    await generators.stop();
  }
  await load.finish();
  return stored;
}

async function setMark(db: Kysely<Database> | Transaction<Database>, done: number): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: ACTIVITY_MARK, value: String(done) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(done) }))
    .execute();
}

/**
 * The writer path stores a chunk, then its mark: a run killed between the two leaves the chunk (or, for an earlier
 * smaller target, a first part of it) beyond the mark. Asked of the unique (logger, report_id) index before the load
 * drops it; answers the catches stored from the start, and moves the mark there.
 */
async function skipStored(seed: BulkSeed, done: number): Promise<number> {
  const chunks = Math.ceil(seed.total / seed.chunk);
  for (let chunk = Math.floor(done / seed.chunk); done < seed.total; chunk++) {
    const from = chunk * seed.chunk;
    const count = Math.min(seed.chunk, seed.total - from);
    const owned = demoCatchChunk(chunk, from, count, seed.loggers, timeSlice(chunk, chunks, seed.now));
    const stored = await storedPrefix(seed.db, owned);
    if (from + stored <= done) break;
    done = from + stored;
    await setMark(seed.db, done);
    if (stored < count) break;
  }
  return done;
}

/** How many of `owned`, from the first, are stored. */
async function storedPrefix(db: Kysely<Database>, owned: readonly OwnedCatch[]): Promise<number> {
  const stored = new Set<string>();
  for (let i = 0; i < owned.length; i += 500) {
    const part = owned.slice(i, i + 500);
    const rows = await db
      .selectFrom('catch')
      .select('report_id')
      .where((eb) =>
        eb.or(part.map((c) => eb.and([eb('client_id', '=', c.loggerId), eb('report_id', '=', c.item.report_id)]))),
      )
      .execute();
    for (const row of rows) stored.add(row.report_id);
  }
  const first = owned.findIndex((c) => !stored.has(c.item.report_id));
  return first === -1 ? owned.length : first;
}
