/**
 * `LastSeen`: loggers seen are written together, each with its own time, a few seconds later or on close; each logger
 * at most once a minute; a failed write is logged and written again at the logger's next upload. Real database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { LastSeen } from './last-seen';
import { LoggerClientsRepository } from './logger-clients.repository';
import { addLogger } from '../../test/log-test-data';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let repository: LoggerClientsRepository;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  repository = new LoggerClientsRepository(ctx.db.kysely);
});
afterAll(() => ctx?.close());

const T0 = Date.parse('2026-11-28T08:00:00.000Z');
const silentLog = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

async function lastSeen(loggerIds: readonly string[]): Promise<(string | null)[]> {
  const rows = await ctx.db.kysely
    .selectFrom('logger_client')
    .select(['client_id', 'last_seen_at'])
    .where('client_id', 'in', loggerIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.client_id, row.last_seen_at]));
  return loggerIds.map((id) => byId.get(id) ?? null);
}

/** `count` new loggers, inserted in one statement. */
async function newLoggers(count: number): Promise<string[]> {
  const ids = Array.from(
    { length: count },
    (_, i) => `bird_seen${String(i).padStart(6, '0')}${Math.random().toString(36).slice(2, 9)}`,
  );
  await ctx.db.kysely
    .insertInto('logger_client')
    .values(
      ids.map((id) => ({
        client_id: id,
        token_hash: id,
        player_name: null,
        version: null,
        created_at: new Date(T0).toISOString(),
      })),
    )
    .execute();
  return ids;
}

describe('LastSeen', () => {
  it('writes nothing at once, then every logger seen with its own time, over more than one statement', async () => {
    const ids = await newLoggers(1_201);
    let now = T0;
    const seen = new LastSeen(repository, silentLog(), { clock: () => now, flushMs: 60_000 });
    for (const id of ids) {
      now += 7;
      seen.seen(id);
    }
    expect(new Set(await lastSeen(ids))).toEqual(new Set([null]));

    await seen.flush();
    expect(await lastSeen(ids)).toEqual(ids.map((_, i) => new Date(T0 + 7 * (i + 1)).toISOString()));
  });

  it('writes a logger at most once a minute, and again once the minute is over', async () => {
    const [id] = await newLoggers(1);
    let now = T0;
    const markSeen = vi.spyOn(repository, 'markSeen');
    const seen = new LastSeen(repository, silentLog(), { clock: () => now, flushMs: 60_000 });
    seen.seen(id!);
    now += 59_999;
    seen.seen(id!);
    await seen.flush();
    expect(await lastSeen([id!])).toEqual([new Date(T0).toISOString()]);

    now += 1;
    seen.seen(id!);
    await seen.flush();
    expect(await lastSeen([id!])).toEqual([new Date(T0 + 60_000).toISOString()]);
    expect(markSeen).toHaveBeenCalledTimes(2);
    markSeen.mockRestore();
  });

  it('writes on its own after flushMs, and close() writes what is pending', async () => {
    const [early, late] = await newLoggers(2);
    const seen = new LastSeen(repository, silentLog(), { flushMs: 20 });
    seen.seen(early!);
    await vi.waitFor(async () => expect((await lastSeen([early!]))[0]).not.toBeNull(), { timeout: 5_000 });

    const closing = new LastSeen(repository, silentLog(), { flushMs: 60_000 });
    closing.seen(late!);
    await closing.close();
    expect((await lastSeen([late!]))[0]).not.toBeNull();
  });

  it('logs a failed write and writes the logger at its next upload, inside the minute', async () => {
    const id = await addLogger(ctx.db.kysely);
    let now = T0;
    const log = silentLog();
    let failures = 1;
    const flaky = {
      markSeen: (batch: ReadonlyMap<string, number>) =>
        failures-- > 0 ? Promise.reject(new Error('database gone')) : repository.markSeen(batch),
    };
    const seen = new LastSeen(flaky, log, { clock: () => now, flushMs: 60_000 });
    seen.seen(id);
    await seen.flush();
    expect(log.warn).toHaveBeenCalledOnce();
    expect(await lastSeen([id])).toEqual([null]);

    now += 1_000;
    seen.seen(id);
    await seen.flush();
    expect(await lastSeen([id])).toEqual([new Date(T0 + 1_000).toISOString()]);
  });
});
