/**
 * The defences in the data path (catch-trust.ts, decision 0039) through the writer, on the real database: each
 * catch's trust level fixed when stored (probation, established, verified, flagged by a record or a logger under
 * review), the per-logger rate by UTC minute and hour of `caught_at` (refused per item, the logger flagged, a late
 * batch counted where its catches fall, a re-sent batch counting nothing, two writers at once never both taking a
 * minute's last place), and the operator's hide / restore / flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireTime } from '#shared/contracts/catches';
import { register } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';
import { type CatchPlace, catchPlace, validCatch, validRecord } from '../test/catch-fixtures';
import { pruneCatches } from './catch-prune';
import { createCatchModeration, createCatchWriter, type TrustRules } from './catch-store';

let ctx: TestContext;
let place: CatchPlace;
const NOW = Date.UTC(2026, 10, 20, 8, 15, 0);
const MINUTE = 60_000;
const HOUR = 3_600_000;
const RULES: TrustRules = { perMinute: 6, perHour: 200, probationMs: 24 * HOUR };

async function newLogger(): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  expect(res.statusCode).toBe(201);
  return res.json().client_id;
}

const storeAt = (now: number, rules: TrustRules = RULES) =>
  createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => now, trustRules: rules });
const writerAt = (now: number, rules: TrustRules = RULES) => storeAt(now, rules).writer;

/** Catches caught at the given times (epoch ms), each otherwise valid. */
const caughtAt = (...times: number[]) => times.map((at) => validCatch(place, { caught_at: wireTime(at) }));

async function trustOf(loggerId: string): Promise<number[]> {
  const rows = await ctx.db.kysely
    .selectFrom('catch')
    .select('trust')
    .where('client_id', '=', loggerId)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.trust));
}

async function flagOf(loggerId: string) {
  return ctx.db.kysely
    .selectFrom('logger_client')
    .select(['flagged_at', 'flag_reason', 'active_since'])
    .where('client_id', '=', loggerId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  ctx = await createTestApp();
  place = catchPlace(await ctx.services.catalogue.view());
});
afterAll(() => ctx?.close());

describe('trust levels, fixed when stored', () => {
  it('a new logger is in probation for its first hours after its first upload, then established', async () => {
    const loggerId = await newLogger();
    expect((await flagOf(loggerId)).active_since).toBeNull();
    await writerAt(NOW).writeCatches(loggerId, caughtAt(NOW - 10 * MINUTE));
    // Its probation runs from its first upload (server time), whatever times its catches claim.
    expect(Number((await flagOf(loggerId)).active_since)).toBe(NOW);
    await writerAt(NOW + 24 * HOUR - 1).writeCatches(loggerId, caughtAt(NOW - 400 * MINUTE));
    await writerAt(NOW + 24 * HOUR).writeCatches(loggerId, caughtAt(NOW + 23 * HOUR));
    expect(await trustOf(loggerId)).toEqual([2, 2, 1]);
  });

  it('a logger bound to a verified account is verified once out of probation', async () => {
    const loggerId = await newLogger();
    const user = await register(ctx.app);
    await ctx.db.kysely
      .updateTable('users')
      .set({ client_id: loggerId, is_verified: true })
      .where('id', '=', user.id)
      .execute();
    // Probation first, whoever the account is (a verified account is cheap to make), then verified.
    await writerAt(NOW).writeCatches(loggerId, caughtAt(NOW - MINUTE));
    await writerAt(NOW + 25 * HOUR).writeCatches(loggerId, caughtAt(NOW + 24 * HOUR));
    expect(await trustOf(loggerId)).toEqual([2, 0]);
  });

  it('a catch heavier than the fish’s official record is stored flagged, as high as the record is not', async () => {
    const loggerId = await newLogger();
    const record = place.minWeight + 10;
    const answer = await writerAt(NOW).writeRecords([
      validRecord(place, { weight: record, caught_at: wireTime(NOW - HOUR) }),
    ]);
    expect(answer.created).toBe(1);
    const noProbation = { ...RULES, probationMs: 0 };
    try {
      await writerAt(NOW, noProbation).writeCatches(loggerId, [
        validCatch(place, { weight: record, caught_at: wireTime(NOW - 3 * MINUTE) }),
        validCatch(place, { weight: record + 1, caught_at: wireTime(NOW - 2 * MINUTE) }),
      ]);
      expect(await trustOf(loggerId)).toEqual([1, 3]);
    } finally {
      // The other tests' catches of this fish are heavier than this record.
      await ctx.db.kysely.deleteFrom('official_record').where('fish_id', '=', place.fishId).execute();
    }
  });
});

describe('game reality per logger', () => {
  const rules = { ...RULES, probationMs: 0 };

  it('refuses catches beyond 6 in a UTC minute of caught_at, per item, stores the rest and flags the logger', async () => {
    const loggerId = await newLogger();
    const minute = Math.floor((NOW - HOUR) / MINUTE) * MINUTE;
    // Eight in one minute, two in the next: the 7th and 8th are refused, the others stored.
    const items = caughtAt(...Array.from({ length: 8 }, (_, i) => minute + i * 1000), minute + MINUTE, minute + MINUTE);
    const answer = await writerAt(NOW, rules).writeCatches(loggerId, items);
    expect(answer.results.map((r) => r.status)).toEqual([
      ...Array(6).fill('created'),
      'invalid',
      'invalid',
      'created',
      'created',
    ]);
    expect(answer).toMatchObject({ created: 8, duplicates: 0, invalid: 2 });
    expect(answer.results[6]!.errors).toEqual([
      { field: 'caught_at', msg: expect.stringMatching(/at most 6 in any UTC minute and 200 in any UTC hour/) },
    ]);
    expect(await trustOf(loggerId)).toEqual(Array(8).fill(1));
    expect(await flagOf(loggerId)).toMatchObject({ flagged_at: NOW, flag_reason: 'rate' });
    // Under review: what it sends next is stored flagged.
    await writerAt(NOW, rules).writeCatches(loggerId, caughtAt(minute + 5 * MINUTE));
    expect((await trustOf(loggerId)).at(-1)).toBe(3);
  });

  it('counts a late batch in the minute its catches fall in, and a re-sent batch not at all', async () => {
    const loggerId = await newLogger();
    const minute = Math.floor((NOW - 30 * HOUR) / MINUTE) * MINUTE;
    const first = caughtAt(minute, minute + 1, minute + 2, minute + 3);
    expect((await writerAt(NOW, rules).writeCatches(loggerId, first)).created).toBe(4);
    // The same batch again (a logger that lost the answer): duplicates, and the minute still has room for two.
    const again = await writerAt(NOW, rules).writeCatches(loggerId, first);
    expect(again).toMatchObject({ created: 0, duplicates: 4, invalid: 0 });
    // A batch uploaded a day later, of catches of that same minute: counted there.
    const late = await writerAt(NOW + 24 * HOUR, rules).writeCatches(
      loggerId,
      caughtAt(minute + 4, minute + 5, minute + 6),
    );
    expect(late.results.map((r) => r.status)).toEqual(['created', 'created', 'invalid']);
    // Two loggers never share a minute.
    const other = await newLogger();
    expect((await writerAt(NOW, rules).writeCatches(other, caughtAt(minute, minute + 1))).created).toBe(2);
  });

  it('refuses catches beyond 200 in a UTC hour, across minutes and batches', async () => {
    const loggerId = await newLogger();
    const hour = Math.floor((NOW - 50 * HOUR) / HOUR) * HOUR;
    // 205 catches, 5 per minute over 41 minutes of one hour, in three batches.
    const times = Array.from({ length: 205 }, (_, i) => hour + Math.floor(i / 5) * MINUTE + (i % 5) * 1000);
    const items = caughtAt(...times);
    const answers = [];
    for (const batch of [items.slice(0, 100), items.slice(100, 198), items.slice(198)])
      answers.push(await writerAt(NOW, rules).writeCatches(loggerId, batch));
    expect(answers.map((a) => a.created)).toEqual([100, 98, 2]);
    expect(answers[2]!.invalid).toBe(5);
    const counts = await ctx.db.kysely
      .selectFrom('logger_catch_rate')
      .select(['span', 'count'])
      .where('client_id', '=', loggerId)
      .execute();
    // One row for the hour; its minutes are counted from the catches (decision 0045).
    expect(counts.map((row) => [Number(row.span), Number(row.count)])).toEqual([[60, 200]]);
  });

  it('never lets two writers at once both take the last places of a minute (on PostgreSQL: two instances)', async () => {
    for (let round = 0; round < 5; round++) {
      const loggerId = await newLogger();
      const minute = Math.floor((NOW - (80 + round) * HOUR) / MINUTE) * MINUTE;
      const four = (from: number) => caughtAt(...Array.from({ length: 4 }, (_, i) => minute + from + i * 1000));
      // Active already: a logger's first upload takes its row (its first activity), which would order the two.
      expect((await writerAt(NOW, rules).writeCatches(loggerId, caughtAt(minute - 2 * HOUR))).created).toBe(1);
      // Each writer its own group commit: two transactions at once, both counting the same minute.
      const answers = await Promise.all([
        writerAt(NOW, rules).writeCatches(loggerId, four(0)),
        writerAt(NOW, rules).writeCatches(loggerId, four(30_000)),
      ]);
      expect(answers.map((answer) => answer.created + answer.invalid)).toEqual([4, 4]);
      expect(answers[0]!.created + answers[1]!.created).toBe(6);
      expect(await trustOf(loggerId)).toHaveLength(7);
    }
  });

  it('keeps no limit when the rules say 0', async () => {
    const loggerId = await newLogger();
    const at = NOW - 70 * HOUR;
    const answer = await writerAt(NOW, { perMinute: 0, perHour: 0, probationMs: 0 }).writeCatches(
      loggerId,
      caughtAt(...Array.from({ length: 20 }, () => at)),
    );
    expect(answer.created).toBe(20);
  });
});

describe('the counters', () => {
  it('are pruned with the catches of their time, no catch being accepted there any more', async () => {
    const old = { client_id: 'bird_pruned', span: 60, bucket: Math.floor((NOW - 500 * 24 * HOUR) / HOUR), count: 3 };
    const recent = { ...old, bucket: Math.floor((NOW - 10 * 24 * HOUR) / HOUR) };
    await ctx.db.kysely.insertInto('logger_catch_rate').values([old, recent]).execute();
    await pruneCatches(ctx.db.kysely, { olderThanDays: 400, now: NOW });
    const left = await ctx.db.kysely
      .selectFrom('logger_catch_rate')
      .select('bucket')
      .where('client_id', '=', 'bird_pruned')
      .execute();
    expect(left.map((row) => Number(row.bucket))).toEqual([recent.bucket]);
  });

  it('take the refusals of the pruned time with them', async () => {
    const hour = (daysAgo: number) => Math.floor((NOW - daysAgo * 24 * HOUR) / HOUR) * HOUR;
    const old = { hour: hour(500), client_id: 'bird_refused', reason: 'rate', count: 4 };
    const recent = { ...old, hour: hour(10) };
    await ctx.db.kysely.insertInto('catch_refusal').values([old, recent]).execute();
    await pruneCatches(ctx.db.kysely, { olderThanDays: 400, now: NOW });
    const left = await ctx.db.kysely
      .selectFrom('catch_refusal')
      .select('hour')
      .where('client_id', '=', 'bird_refused')
      .execute();
    expect(left.map((row) => Number(row.hour))).toEqual([recent.hour]);
  });
});

describe("the operator's actions", () => {
  it('hides and restores catches by id or by logger and time, each level kept, the heat map counted exactly', async () => {
    const { writer, rollups } = storeAt(NOW, { perMinute: 0, perHour: 0, probationMs: 0 });
    const moderation = createCatchModeration(ctx.db.kysely, rollups);
    const loggerId = await newLogger();
    const mapTotal = async () => {
      const rows = await ctx.db.kysely
        .selectFrom('heat_cell_day')
        .select(['trust_class', (eb) => eb.fn.sum<number>('count').as('n')])
        .where('map_id', '=', place.mapId)
        .groupBy('trust_class')
        .orderBy('trust_class')
        .execute();
      return Object.fromEntries(rows.map((row) => [Number(row.trust_class), Number(row.n)]));
    };
    const before = await mapTotal();
    await writer.writeCatches(loggerId, caughtAt(NOW - 3 * HOUR, NOW - 2 * HOUR, NOW - 26 * HOUR));
    const ids = (
      await ctx.db.kysely.selectFrom('catch').select('id').where('client_id', '=', loggerId).orderBy('id').execute()
    ).map((row) => Number(row.id));
    expect(await mapTotal()).toEqual({ ...before, 0: (before[0] ?? 0) + 3 });

    expect(await moderation.hideCatches({ ids: [ids[0]!] })).toBe(1);
    expect(await moderation.hideCatches({ ids: [ids[0]!] })).toBe(0);
    expect(await trustOf(loggerId)).toEqual([5, 1, 1]);
    expect(await mapTotal()).toEqual({ ...before, 0: (before[0] ?? 0) + 2 });
    const byTime = { loggerId, from: NOW - 30 * HOUR, to: NOW - 150 * MINUTE };
    expect(await moderation.hideCatches(byTime)).toBe(1);
    expect(await trustOf(loggerId)).toEqual([5, 1, 5]);
    expect(await moderation.restoreCatches({ loggerId, from: 0, to: NOW })).toBe(2);
    expect(await trustOf(loggerId)).toEqual([1, 1, 1]);
    expect(await mapTotal()).toEqual({ ...before, 0: (before[0] ?? 0) + 3 });
    // The rollup is what counting the stored catches gives.
    await rollups.rebuild();
    expect(await mapTotal()).toEqual({ ...before, 0: (before[0] ?? 0) + 3 });
  });

  it('flags a logger (its later catches flagged, those before kept as they were) and clears it', async () => {
    const { writer, rollups } = storeAt(NOW, { perMinute: 0, perHour: 0, probationMs: 0 });
    const moderation = createCatchModeration(ctx.db.kysely, rollups, { clock: () => NOW });
    const loggerId = await newLogger();
    await writer.writeCatches(loggerId, caughtAt(NOW - 5 * HOUR));
    expect(await moderation.flagLogger(loggerId)).toBe(true);
    expect(await moderation.logger(loggerId)).toMatchObject({ flaggedAt: NOW, flagReason: 'operator' });
    await writer.writeCatches(loggerId, caughtAt(NOW - 4 * HOUR));
    expect(await moderation.clearLogger(loggerId)).toBe(true);
    await writer.writeCatches(loggerId, caughtAt(NOW - 3 * HOUR));
    expect(await trustOf(loggerId)).toEqual([1, 3, 1]);
    expect(await moderation.flagLogger('bird_nobody')).toBe(false);
    expect(await moderation.logger('bird_nobody')).toBeNull();
  });
});
