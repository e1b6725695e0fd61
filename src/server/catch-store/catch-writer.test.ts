/**
 * The writer without HTTP, as demo seeding, the records import and the benchmark's loader use it: exact time edges
 * with a fixed clock, bulk batches of many loggers beyond one insert's parameter limit, the catalogue it judges
 * against, and the in-transaction seam for the heat-map rollups. Real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_AGE_DAYS, REPORT_MAX_FUTURE_MS, wireTime } from '#shared/contracts/catches';
import { createTestApp, type TestContext } from '../test/test-app';
import { type CatchPlace, catchPlace, newReportId, validCatch, validRecord, validSale } from '../test/catch-fixtures';
import { CatchWriter } from './catch-writer';

let ctx: TestContext;
let place: CatchPlace;
const NOW = Date.UTC(2026, 10, 20, 8, 15, 0);
const DAY = 86_400_000;

async function newLogger(): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
  return res.json().client_id;
}

const writerAt = (now: number, options: ConstructorParameters<typeof CatchWriter>[2] = {}) =>
  new CatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => now, ...options });

const countCatches = async (loggerId: string) =>
  (await ctx.db.kysely.selectFrom('catch').select('id').where('client_id', '=', loggerId).execute()).length;

beforeAll(async () => {
  ctx = await createTestApp();
  place = catchPlace(await ctx.services.catalogue.view());
});
afterAll(() => ctx?.close());

describe('time rules at their exact edges', () => {
  const latest = NOW + REPORT_MAX_FUTURE_MS;
  const oldest = NOW - REPORT_MAX_AGE_DAYS * DAY;

  it('accepts exactly 5 minutes ahead and exactly 400 days old, refuses one millisecond beyond', async () => {
    const loggerId = await newLogger();
    const at = (time: number) => validCatch(place, { caught_at: wireTime(time) });
    const answer = await writerAt(NOW).writeCatches(loggerId, [at(latest), at(latest + 1), at(oldest), at(oldest - 1)]);
    expect(answer.results.map((r) => r.status)).toEqual(['created', 'invalid', 'created', 'invalid']);
    expect(answer.results[1]!.errors).toEqual([{ field: 'caught_at', msg: expect.stringMatching(/5 minutes/) }]);
    expect(answer.results[3]!.errors).toEqual([{ field: 'caught_at', msg: expect.stringMatching(/400 days/) }]);
  });

  it('applies the same edges to sales', async () => {
    const loggerId = await newLogger();
    const at = (time: number) => validSale({ sold_at: wireTime(time) });
    const answer = await writerAt(NOW).writeSales(loggerId, [at(latest), at(latest + 1), at(oldest), at(oldest - 1)]);
    expect(answer.results.map((r) => r.status)).toEqual(['created', 'invalid', 'created', 'invalid']);
    expect(answer.results[1]!.errors!.map((e) => e.field)).toEqual(['sold_at']);
  });
});

describe('bulk writes of many loggers', () => {
  it('judges and stores thousands of items in one call, beyond one statement, answering each in order', async () => {
    const [a, b] = [await newLogger(), await newLogger()];
    const items = Array.from({ length: 1600 }, () => validCatch(place, { caught_at: wireTime(NOW - DAY) }));
    const entries = [
      ...items.map((item) => ({ loggerId: a, item })),
      // The same report ids from another logger are other catches.
      ...items.map((item) => ({ loggerId: b, item })),
      // Within the call, the same (logger, report id) again is a duplicate; an invalid item is judged as uploads are.
      { loggerId: a, item: items[0] },
      { loggerId: b, item: validCatch(place, { weight: -5 }) },
    ];
    const writer = writerAt(NOW);
    const answer = await writer.writeCatchesOfMany(entries);
    expect(answer).toMatchObject({ created: 3200, duplicates: 1, invalid: 1 });
    expect(answer.results.slice(0, 3).map((r) => r.report_id)).toEqual(items.slice(0, 3).map((i) => i.report_id));
    expect(answer.results.at(-2)).toEqual({ report_id: items[0]!.report_id, status: 'duplicate' });
    expect(await countCatches(a)).toBe(1600);
    expect(await countCatches(b)).toBe(1600);

    const again = await writer.writeCatchesOfMany(entries.slice(0, 3200));
    expect(again).toMatchObject({ created: 0, duplicates: 3200, invalid: 0 });
    expect(await countCatches(a)).toBe(1600);
  });

  it('writes sales of many loggers', async () => {
    const [a, b] = [await newLogger(), await newLogger()];
    const sale = validSale({ sold_at: wireTime(NOW - DAY) });
    const answer = await writerAt(NOW).writeSalesOfMany([
      { loggerId: a, item: sale },
      { loggerId: b, item: sale },
      { loggerId: b, item: sale },
    ]);
    expect(answer.results.map((r) => r.status)).toEqual(['created', 'created', 'duplicate']);
  });
});

describe('the catalogue it judges against', () => {
  it('is the current one: a bait added to the catalogue is accepted once the snapshot is refreshed', async () => {
    const loggerId = await newLogger();
    const view = await ctx.services.catalogue.view();
    const template = view.groups.baits[0]!;
    const newBaitId = Math.max(...view.baits.keys(), ...view.fish.keys(), ...view.maps.keys()) + 1000;
    await ctx.db.kysely
      .insertInto('category')
      .values({
        id: newBaitId,
        group_type: 'baits',
        name: '新饵',
        name_en: 'New bait',
        name_ja: null,
        name_pinyin: 'xin er',
        letter: 'X',
        letter_en: 'N',
        sort: 9999,
        data: JSON.stringify(template.data),
      })
      .execute();
    const writer = writerAt(NOW);
    const item = () => validCatch(place, { bait_id: newBaitId, caught_at: wireTime(NOW - DAY) });
    expect((await writer.writeCatches(loggerId, [item()])).results[0]!.errors).toEqual([
      { field: 'bait_id', msg: `Unknown bait: no bait has the id ${newBaitId}` },
    ]);
    await ctx.services.catalogue.refresh();
    expect((await writer.writeCatches(loggerId, [item()])).created).toBe(1);
  });
});

describe('the seam for heat-map rollups', () => {
  it('hands the hook only the new rows, inside the transaction', async () => {
    const loggerId = await newLogger();
    const seen: string[][] = [];
    const writer = writerAt(NOW, {
      onCatchesCreated: async (trx, rows) => {
        // Inside the transaction the rows are visible already.
        const stored = await trx.selectFrom('catch').select('id').where('client_id', '=', loggerId).execute();
        expect(stored.length).toBeGreaterThanOrEqual(rows.length);
        seen.push(rows.map((row) => row.report_id));
      },
    });
    const first = validCatch(place, { caught_at: wireTime(NOW - DAY) });
    const second = validCatch(place, { caught_at: wireTime(NOW - DAY) });
    await writer.writeCatches(loggerId, [first]);
    await writer.writeCatches(loggerId, [first, second, { ...second }]);
    await writer.writeCatches(loggerId, [first]);
    expect(seen).toEqual([[first.report_id], [second.report_id]]);
  });

  it('rolls the whole batch back when the hook fails: nothing is half-stored', async () => {
    const loggerId = await newLogger();
    const writer = writerAt(NOW, {
      onCatchesCreated: async () => {
        throw new Error('rollup failed');
      },
    });
    await expect(
      writer.writeCatches(loggerId, [validCatch(place, { caught_at: wireTime(NOW - DAY) })]),
    ).rejects.toThrow('rollup failed');
    expect(await countCatches(loggerId)).toBe(0);
  });
});

describe('group commit: batches that arrive while a transaction runs share the next one', () => {
  it('commits concurrent batches together and answers each exactly as if they had been written one by one', async () => {
    const [a, b] = [await newLogger(), await newLogger()];
    const transactions: number[] = [];
    const writer = writerAt(NOW, { onCatchesCreated: async (_trx, rows) => void transactions.push(rows.length) });
    const item = () => validCatch(place, { caught_at: wireTime(NOW - DAY) });
    const [x, y, z] = [item(), item(), item()];
    // Five uploads at once: the first runs alone; the other four wait for it and then share one transaction, where
    // b re-sends y (its original is in the same group) and a re-sends x (already stored by the first).
    const answers = await Promise.all([
      writer.writeCatches(a, [x]),
      writer.writeCatches(b, [y, z]),
      writer.writeCatches(b, [y]),
      writer.writeCatches(a, [x, { ...y }]),
      writer.writeSales(a, [validSale({ sold_at: wireTime(NOW - DAY) })]),
    ]);
    expect(transactions).toEqual([1, 3]);
    expect(answers.map((answer) => answer.results.map((r) => r.status))).toEqual([
      ['created'],
      ['created', 'created'],
      ['duplicate'],
      ['duplicate', 'created'],
      ['created'],
    ]);
    expect(await countCatches(a)).toBe(2);
    expect(await countCatches(b)).toBe(2);
  });

  it('fails every batch of a failed group and stores none of them; the next group is not affected', async () => {
    const loggerId = await newLogger();
    let fail = true;
    const writer = writerAt(NOW, {
      onCatchesCreated: async () => {
        if (fail) throw new Error('database busy');
      },
    });
    const item = () => validCatch(place, { caught_at: wireTime(NOW - DAY) });
    const first = writer.writeCatches(loggerId, [item()]);
    const grouped = [writer.writeCatches(loggerId, [item()]), writer.writeCatches(loggerId, [item()])];
    await expect(first).rejects.toThrow('database busy');
    fail = false;
    // The two waiting batches were grouped after the failure: they commit.
    for (const answer of await Promise.all(grouped)) expect(answer.created).toBe(1);
    fail = true;
    const failing = [writer.writeCatches(loggerId, [item()]), writer.writeCatches(loggerId, [item()])];
    const again = writer.writeCatches(loggerId, [item()]);
    for (const upload of [...failing, again]) await expect(upload).rejects.toThrow('database busy');
    expect(await countCatches(loggerId)).toBe(2);
  });
});

describe('official records', () => {
  const records = () => ctx.db.kysely.selectFrom('official_record').selectAll();

  it('stores records with or without the measured fields, idempotent by source_id', async () => {
    const writer = writerAt(NOW);
    const bare = validRecord(place, { caught_at: wireTime(NOW - DAY) });
    const full = validRecord(place, {
      caught_at: wireTime(NOW - 2 * DAY),
      bait2_id: place.bait2Id,
      depth: 12.5,
      direction: 'front',
      angle: 45,
      game_hour: 0,
      temperature: 21,
      weather: 'sunny',
      night: true,
      x: place.bounds.x_min,
      y: place.bounds.y_max,
      time_spent: 300,
    });
    const answer = await writer.writeRecords([bare, full, { ...bare }]);
    expect(answer).toEqual({
      created: 2,
      duplicates: 1,
      invalid: 0,
      results: [
        { source_id: bare.source_id, status: 'created' },
        { source_id: full.source_id, status: 'created' },
        { source_id: bare.source_id, status: 'duplicate' },
      ],
    });
    const stored = await records()
      .where('source_id', 'in', [bare.source_id, full.source_id] as string[])
      .execute();
    const bareRow = stored.find((r) => r.source_id === bare.source_id)!;
    const fullRow = stored.find((r) => r.source_id === full.source_id)!;
    expect(bareRow).toMatchObject({ depth: null, weather: null, night: null, x: null, player_name: 'Marlin Monroe' });
    expect(fullRow).toMatchObject({ night: true, game_hour: 24, x: place.bounds.x_min, caught_at: NOW - 2 * DAY });
    expect((await writer.writeRecords([bare, full])).duplicates).toBe(2);
  });

  it('judges records like catches', async () => {
    const writer = writerAt(NOW);
    const answer = await writer.writeRecords([
      validRecord(place, { caught_at: wireTime(NOW - DAY), weight: place.maxWeight + 1 }),
      validRecord(place, { caught_at: wireTime(NOW - DAY), x: place.bounds.x_min }),
      validRecord(place, { caught_at: wireTime(NOW - DAY), player_name: '  ' }),
      validRecord(place, { caught_at: wireTime(NOW + DAY) }),
      { ...validRecord(place, { caught_at: wireTime(NOW - DAY) }), report_id: newReportId() },
      { ...validRecord(place), source_id: undefined },
    ]);
    expect(answer.invalid).toBe(6);
    expect(answer.results.map((r) => r.errors!.map((e) => e.field))).toEqual([
      ['weight'],
      ['y'],
      ['player_name'],
      ['caught_at'],
      ['report_id'],
      ['source_id'],
    ]);
    expect(answer.results.at(-1)!.source_id).toBeNull();
  });
});
