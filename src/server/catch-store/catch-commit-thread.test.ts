/**
 * The catch-commit thread (SQLite files): groups committed on the worker's own connection with the same rows and
 * rollup as on the server's, the event loop free while a group waits for SQLite's lock, a busy database reported as
 * such, and the server's connection used instead when the worker cannot start. Real files, real worker threads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wireTime } from '#shared/contracts/catches';
import { CatchCommitThread } from './catch-commit-thread';
import { createCatchWriter, NO_TRUST_RULES } from './catch-store';
import { isDatabaseBusy } from '../db/errors';
import { type CatchPlace, catchPlace, validCatch } from '../test/catch-fixtures';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
let place: CatchPlace;
let file: string;
const threads: CatchCommitThread[] = [];
const NOW = Date.now();

function threadWith(busyTimeoutMs: number, at = file): CatchCommitThread {
  const thread = new CatchCommitThread(
    () => ({ file: at, busyTimeoutMs }),
    () => {},
  );
  threads.push(thread);
  return thread;
}

const writerOn = (thread: CatchCommitThread) =>
  createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => NOW, thread }).writer;

async function newLogger(): Promise<string> {
  return (await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json().client_id;
}

const batch = (n: number) => Array.from({ length: n }, () => validCatch(place, { caught_at: wireTime(NOW - 60_000) }));

/** A row the thread would be handed; it never reaches a database here. */
const batchRows = () =>
  [{ client_id: 'nobody', report_id: 'r1' }] as unknown as Parameters<CatchCommitThread['commit']>[0];

const stored = async (loggerId: string) =>
  (await ctx.db.kysely.selectFrom('catch').select('id').where('client_id', '=', loggerId).execute()).length;

const counted = async () =>
  Number(
    (
      await ctx.db.kysely
        .selectFrom('heat_cell_day')
        .select((eb) => eb.fn.sum<number>('count').as('n'))
        .executeTakeFirstOrThrow()
    ).n ?? 0,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  place = catchPlace(await ctx.services.catalogue.view());
  file = ctx.db.sqliteWriter?.file ?? '';
});
afterAll(async () => {
  for (const thread of threads) await thread.stop();
  await ctx?.close();
});

describe.skipIf(process.env.TEST_DATABASE_URL)('the catch-commit thread', () => {
  it("builds the heat map's windows on the worker, the same rows as on the server's connection", async () => {
    const thread = threadWith(5_000);
    const build = vi.spyOn(thread, 'buildWindows');
    const writer = writerOn(thread);
    // Caught two days ago: in the 3, 7 and 30-day windows that end today.
    const earlier = Array.from({ length: 60 }, () => validCatch(place, { caught_at: wireTime(NOW - 2 * 86_400_000) }));
    expect((await writer.writeCatches(await newLogger(), earlier)).created).toBe(60);
    const windows = async () => ({
      rows: await ctx.db.kysely
        .selectFrom('heat_cell_window')
        .selectAll()
        .orderBy(['map_id', 'fish_id', 'days', 'star_type', 'cell'])
        .execute(),
      packed: await ctx.db.kysely
        .selectFrom('heat_window_packed')
        .selectAll()
        .orderBy(['map_id', 'days', 'star_type'])
        .execute(),
    });
    const onThread = createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => NOW, thread }).rollups;
    const mapCount = (await ctx.services.catalogue.view()).maps.size;
    await onThread.rebuild();
    expect(await onThread.ensureWindows(NOW)).toBe(mapCount);
    expect(build).toHaveBeenCalledTimes(mapCount);
    const built = await windows();
    expect(built.rows.length).toBeGreaterThan(0);
    expect(built.packed.length).toBeGreaterThan(0);
    const local = createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => NOW }).rollups;
    await local.rebuild();
    expect(await local.ensureWindows(NOW)).toBe(mapCount);
    expect(await windows()).toEqual(built);
  });

  it('commits a group on the worker with its rollup, and a re-sent group creates nothing', async () => {
    const thread = threadWith(5_000);
    const commit = vi.spyOn(thread, 'commit');
    const writer = writerOn(thread);
    const loggerId = await newLogger();
    const items = batch(120);
    const before = await counted();

    const first = await writer.writeCatches(loggerId, items);
    expect(first.created).toBe(120);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(await stored(loggerId)).toBe(120);
    expect((await counted()) - before).toBe(120);

    const again = await writer.writeCatches(loggerId, items);
    expect(again).toMatchObject({ created: 0, duplicates: 120 });
    expect(commit).toHaveBeenCalledTimes(2);
    expect(await stored(loggerId)).toBe(120);
    expect((await counted()) - before).toBe(120);
  });

  it('keeps the event loop turning while a group waits for the write lock', async () => {
    // Another connection holds the lock and lets go on a timer. On the event loop, better-sqlite3 would wait for
    // the lock synchronously (its busy timeout), the timer could not fire, and the group would fail busy.
    const writer = writerOn(threadWith(10_000));
    const loggerId = await newLogger();
    await writer.writeCatches(loggerId, batch(1)); // the worker is up
    const other = new SQLite(file);
    try {
      other.prepare('begin immediate').run();
      const released = new Promise<number>((resolve) =>
        setTimeout(() => {
          other.prepare('rollback').run();
          resolve(Date.now());
        }, 150),
      );
      const answer = await writer.writeCatches(loggerId, batch(10));
      expect(answer.created).toBe(10);
      // It committed after the release, which only a free event loop could run.
      expect(Date.now()).toBeGreaterThanOrEqual(await released);
    } finally {
      other.close();
    }
    expect(await stored(loggerId)).toBe(11);
  });

  it('reports a lock held past its busy timeout as a busy database, stores nothing, and commits the retry', async () => {
    const writer = writerOn(threadWith(20));
    const loggerId = await newLogger();
    const items = batch(5);
    const other = new SQLite(file);
    try {
      other.prepare('begin immediate').run();
      const error = await writer.writeCatches(loggerId, items).catch((e: unknown) => e);
      expect(isDatabaseBusy(error)).toBe(true);
      other.prepare('rollback').run();
    } finally {
      other.close();
    }
    expect(await stored(loggerId)).toBe(0);
    expect((await writer.writeCatches(loggerId, items)).created).toBe(5);
  });

  it('starts a new worker for the next group when the last one went away', async () => {
    const thread = threadWith(5_000);
    const writer = writerOn(thread);
    const loggerId = await newLogger();
    expect((await writer.writeCatches(loggerId, batch(3))).created).toBe(3);
    // Terminated while idle: a worker stopped inside a SQLite call would take the process with it, which is why
    // `stop()` asks the worker to finish instead.
    const worker = (thread as unknown as { worker: { terminate(): Promise<number> } }).worker;
    await worker.terminate();
    // A group handed over while no worker runs is refused as a busy database (503: re-sending is safe).
    expect(isDatabaseBusy(await thread.commit(batchRows(), [], NOW, NO_TRUST_RULES).catch((e: unknown) => e))).toBe(
      true,
    );
    expect((await writer.writeCatches(loggerId, batch(2))).created).toBe(2);
    expect((thread as unknown as { worker: unknown }).worker).not.toBe(worker);
    expect(await stored(loggerId)).toBe(5);
  });

  it("commits on the server's connection when the worker cannot start", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-no-thread-'));
    try {
      // A folder is no database file: the worker fails as it opens it.
      const thread = threadWith(5_000, dir);
      const commit = vi.spyOn(thread, 'commit');
      const writer = writerOn(thread);
      const loggerId = await newLogger();
      expect((await writer.writeCatches(loggerId, batch(4))).created).toBe(4);
      expect(await thread.available()).toBe(false);
      expect(commit).not.toHaveBeenCalled();
      expect(await stored(loggerId)).toBe(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
