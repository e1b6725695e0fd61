/**
 * Official records (docs/catch-data-api.md §2): `POST /api/records/import` (superuser only, idempotent by
 * `source_id`), the records file format (CSV and JSON) and `npm run records:import -- FILE` run as an operator runs it.
 * Real app, real database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RecordImportResponse, wireTime } from '#shared/contracts/catches';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { insertDemoCatalogue } from '../../test/demo-catalogue';
import { asUser, signedIn } from '../../test/accounts';
import { cliPgUrl, cliTarget, pgAdmin, runCli } from '../../test/cli-sandbox';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type CatchPlace, catchPlace, newReportId, validRecord } from '../../test/catch-fixtures';
import { parseRecordsFile, RecordsFileError } from './records-file';

let ctx: TestContext;
let place: CatchPlace;
let admin: string;
let user: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' } });
  place = catchPlace(await ctx.services.catalogue.view());
  const boss = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', boss.user.id).execute();
  admin = boss.token;
  user = (await signedIn(ctx.app)).token;
});
afterAll(() => ctx?.close());

const importAs = (token: string | null, items: unknown) =>
  token === null
    ? ctx.app.inject({ method: 'POST', url: '/api/records/import', payload: { items } })
    : asUser(ctx.app, token, { method: 'POST', url: '/api/records/import', payload: { items } });

const storedSources = async (ids: unknown[]) =>
  (
    await ctx.db.kysely
      .selectFrom('official_record')
      .select('source_id')
      .where('source_id', 'in', ids as string[])
      .execute()
  ).map((row) => row.source_id);

describe('POST /api/records/import', () => {
  it('refuses visitors (401) and regular users (403), storing nothing', async () => {
    const record = validRecord(place);
    const visitor = await importAs(null, [record]);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ detail: 'Unauthorized' });
    const regular = await importAs(user, [record]);
    expect(regular.statusCode).toBe(403);
    expect(regular.json()).toEqual({ detail: 'Forbidden' });
    expect(await storedSources([record.source_id])).toEqual([]);
  });

  it('imports as a superuser, judges each record, and is idempotent by source_id', async () => {
    const good = validRecord(place);
    const bad = validRecord(place, { fish_id: place.foreignFishId, weight: place.foreignFishWeight });
    const res = await importAs(admin, [good, bad, { ...good }]);
    expect(res.statusCode).toBe(200);
    const body = RecordImportResponse.parse(res.json());
    expect(body).toEqual({
      created: 1,
      duplicates: 1,
      invalid: 1,
      results: [
        { source_id: good.source_id, status: 'created' },
        { source_id: bad.source_id, status: 'invalid', errors: [{ field: 'fish_id', msg: expect.any(String) }] },
        { source_id: good.source_id, status: 'duplicate' },
      ],
    });
    const again = RecordImportResponse.parse((await importAs(admin, [good])).json());
    expect(again).toMatchObject({ created: 0, duplicates: 1 });
    expect(await storedSources([good.source_id, bad.source_id])).toEqual([good.source_id]);
  });

  it('reports a record whose player name has control, bidi or zero-width characters as invalid, alone', async () => {
    const names = ['Pike\u202EKing', 'two\nlines', 'zero\u200Bwidth', '\u001B[31mred'];
    const bad = names.map((player_name) => validRecord(place, { player_name }));
    const good = validRecord(place, { player_name: '夜钓人 <b>Joe</b>' });
    const res = await importAs(admin, [...bad, good]);
    expect(res.statusCode).toBe(200);
    const body = RecordImportResponse.parse(res.json());
    expect(body).toMatchObject({ created: 1, invalid: names.length });
    for (const [i, result] of body.results.slice(0, names.length).entries())
      expect(result).toEqual({
        source_id: bad[i]!.source_id,
        status: 'invalid',
        errors: [{ field: 'player_name', msg: expect.stringMatching(/^Player name contains unsafe characters: U\+/) }],
      });
    expect(await storedSources([...bad, good].map((r) => r.source_id))).toEqual([good.source_id]);
  });

  it('refuses more than 500 records with 413', async () => {
    const res = await importAs(
      admin,
      Array.from({ length: 501 }, () => validRecord(place)),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/at most 500 items/);
  });
});

describe('the records file', () => {
  it('reads CSV with a header: typed numbers and booleans, quoted fields, empty cells left out', () => {
    const csv =
      '\uFEFFsource_id,caught_at,map_id,weight,player_name,night,depth,weather\r\n' +
      's1,2026-01-02T03:04:05Z,3,1200,"Smith, ""Big"" Joe",TRUE,,sunny\r\n' +
      '\r\n' +
      's2,2026-01-03T00:00:00Z,x3,12.5e2,"two\nlines",maybe,0.5,\n';
    const file = parseRecordsFile('records.csv', csv);
    expect(file.items).toEqual([
      {
        source_id: 's1',
        caught_at: '2026-01-02T03:04:05Z',
        map_id: 3,
        weight: 1200,
        player_name: 'Smith, "Big" Joe',
        night: true,
        weather: 'sunny',
      },
      // Text that is not a plain number stays text, for the writer to refuse.
      {
        source_id: 's2',
        caught_at: '2026-01-03T00:00:00Z',
        map_id: 'x3',
        weight: 1250,
        player_name: 'two\nlines',
        night: 'maybe',
        depth: 0.5,
      },
    ]);
    expect(file.lines).toEqual([2, 4]);
  });

  it('reads a JSON array as it is', () => {
    const file = parseRecordsFile('r.json', '[{"source_id":"a","weight":"12"}, 5]');
    expect(file.items).toEqual([{ source_id: 'a', weight: '12' }, 5]);
    expect(file.lines).toEqual([1, 2]);
  });

  it.each([
    ['an empty CSV file', 'r.csv', ''],
    ['a row with too many fields', 'r.csv', 'source_id,weight\na,1,2\n'],
    ['an unclosed quote', 'r.csv', 'source_id\n"abc\n'],
    ['JSON that is not an array', 'r.json', '{"items": []}'],
    ['broken JSON', 'r.json', '[{'],
  ])('refuses %s', (_label, name, text) => {
    expect(() => parseRecordsFile(name, text)).toThrow(RecordsFileError);
  });
});

describe('npm run records:import', () => {
  const pgUrl = cliPgUrl;
  let dataDir: string;
  let pgSchema: string;

  const target = () => cliTarget(dataDir);

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-records-'));
    pgSchema = `t_rec_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    // The operator's database has a catalogue: the demo one.
    const db = await openDatabase(target(), pgUrl ? { pgSchema } : {});
    try {
      await migrateToLatest(db);
      await insertDemoCatalogue(db.kysely);
    } finally {
      await db.close();
    }
  });
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) await pgAdmin(`drop schema if exists ${pgSchema} cascade`);
  });

  const run = (...args: string[]) =>
    runCli('src/server/features/ingestion/records-import-cli.ts', args, { dataDir, pgSchema });

  async function records() {
    const db = await openDatabase(target(), pgUrl ? { pgSchema } : {});
    try {
      return await db.kysely.selectFrom('official_record').selectAll().orderBy('source_id').execute();
    } finally {
      await db.close();
    }
  }

  it('imports a CSV file in batches, reports refused lines, and creates nothing when run again', async () => {
    const at = Date.now() - 86_400_000;
    const rows = Array.from({ length: 520 }, (_, i) =>
      [
        `csv-${String(i).padStart(4, '0')}`,
        wireTime(at),
        place.mapId,
        place.fishId,
        place.baitId,
        'standard',
        448,
        i === 7 ? place.maxWeight + 1 : place.minWeight,
        `"Angler ${i}"`,
        i % 2 === 0 ? 'true' : '',
      ].join(','),
    );
    const file = path.join(dataDir, 'records.csv');
    writeFileSync(
      file,
      `source_id,caught_at,map_id,fish_id,bait_id,rod_type,star_type,weight,player_name,night\n${rows.join('\n')}\n`,
    );

    const first = await run(file);
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain('520 records: 519 created, 0 duplicates, 1 invalid');
    expect(first.stdout).toMatch(/line 9 \(csv-0007\): weight: /);
    const stored = await records();
    expect(stored).toHaveLength(519);
    expect(stored[0]).toMatchObject({ source_id: 'csv-0000', player_name: 'Angler 0', night: true, caught_at: at });
    expect(stored[1]).toMatchObject({ source_id: 'csv-0001', night: null, depth: null });

    const second = await run(file);
    expect(second.stdout).toContain('520 records: 0 created, 519 duplicates, 1 invalid');
    expect(await records()).toHaveLength(519);
  });

  it('imports a JSON array and exits 0 when every record is stored', async () => {
    const items = [validRecord(place), validRecord(place, { x: place.bounds.x_max, y: place.bounds.y_min })];
    const file = path.join(dataDir, 'records.json');
    writeFileSync(file, JSON.stringify(items));
    const res = await run(file);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('2 records: 2 created, 0 duplicates, 0 invalid');
    expect((await records()).map((r) => r.source_id).sort()).toEqual(items.map((i) => i.source_id).sort());
  });

  it('refuses a missing or malformed file with exit code 2 and imports nothing', async () => {
    const broken = path.join(dataDir, 'broken.csv');
    writeFileSync(broken, `source_id,weight\n${newReportId()},1,2\n`);
    const [missing, malformed, usage] = await Promise.all([run(path.join(dataDir, 'nope.csv')), run(broken), run()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('line 2: 3 fields, but the header names 2');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run records:import -- FILE');
    expect(await records()).toEqual([]);
  });
});
