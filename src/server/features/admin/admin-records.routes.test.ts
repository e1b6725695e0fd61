/**
 * The console's official records on a real app and database: a records file uploaded through the records importer
 * (CSV and JSON, refused lines reported, idempotent, audited), the list and its filters, a correction judged by the
 * import's own rules (the same bad records refused the same way by both), a deletion with the password asked again,
 * and the reverts that undo a correction and a deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRecordChange, AdminRecordPage, RecordsImportResult, type AdminRecord } from '#shared/contracts/admin';
import { RecordImportResponse, wireTime } from '#shared/contracts/catches';
import { asUser, signedIn } from '../../test/accounts';
import { ADMIN_TEST_ENV, auditOf, confirmed, multipartForm, operator, type Operator } from '../../test/admin-fixtures';
import { type CatchPlace, catchPlace, newReportId, validRecord } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: Operator;
let place: CatchPlace;

beforeAll(async () => {
  ctx = await createTestApp({ env: ADMIN_TEST_ENV });
  admin = await operator(ctx);
  place = catchPlace(await ctx.services.catalogue.view());
});
afterAll(() => ctx?.close());

async function upload(name: string, text: string, extra: { name: string; data: string }[] = [], token = admin.token) {
  const form = await multipartForm([{ name: 'file', data: text, filename: name }, ...extra]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/records/import',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

const csvOf = (records: Record<string, unknown>[]) => {
  const fields = Object.keys(records[0]!);
  return [fields.join(','), ...records.map((r) => fields.map((f) => String(r[f] ?? '')).join(','))].join('\n');
};

async function recordBySource(sourceId: string): Promise<AdminRecord> {
  const page = AdminRecordPage.parse(
    (await admin.call('GET', `/api/admin/records?source_id=${encodeURIComponent(sourceId)}`)).json(),
  );
  expect(page.items).toHaveLength(1);
  return page.items[0]!;
}

/** One record imported through the import route: its stored form. */
async function imported(overrides: Record<string, unknown> = {}): Promise<AdminRecord> {
  const record = validRecord(place, overrides);
  const res = await admin.call('POST', '/api/records/import', { items: [record] });
  expect(RecordImportResponse.parse(res.json()).created).toBe(1);
  return recordBySource(record.source_id as string);
}

describe('importing a records file', () => {
  it('imports CSV through the records importer: counts, refused lines, idempotent, audited before and after', async () => {
    const good = validRecord(place, { player_name: 'Csv Angler' });
    const bad = validRecord(place, { weight: place.maxWeight + 1 });
    const text = csvOf([good, bad]);
    const res = await upload('records.csv', text, [{ name: 'reason', data: 'patch 1.2 tables' }]);
    expect(res.statusCode).toBe(200);
    const result = RecordsImportResult.parse(res.json());
    expect(result).toMatchObject({ created: 1, duplicates: 0, invalid: 1 });
    expect(result.problems).toEqual([
      { line: 3, source_id: bad.source_id, errors: [expect.objectContaining({ field: 'weight' })] },
    ]);
    expect((await recordBySource(good.source_id as string)).player_name).toBe('Csv Angler');

    const again = RecordsImportResult.parse((await upload('records.csv', text)).json());
    expect(again).toMatchObject({ created: 0, duplicates: 1, invalid: 1 });

    // Two rows an import: one committed before any record is written, one with the outcome pointing back at it.
    const rows = await auditOf(admin, 'records-file', 'records.csv');
    expect(rows[0]).toMatchObject({ id: again.audit_id, action: 'record.import', reversible: false });
    const done = rows.find((r) => r.id === result.audit_id);
    expect(done).toMatchObject({
      reason: 'patch 1.2 tables',
      after: { records: 2, status: 'done', created: 1, invalid: 1 },
    });
    const started = rows.find((r) => r.id === done!.after!.started_audit_id);
    expect(started).toMatchObject({ action: 'record.import', after: { records: 2, status: 'started' } });
    expect(started!.id).toBeLessThan(done!.id);
  });

  it('imports a JSON array; an unreadable file is 422 with the reason, a missing one the validation list', async () => {
    const record = validRecord(place);
    const ok = RecordsImportResult.parse((await upload('records.json', JSON.stringify([record]))).json());
    expect(ok.created).toBe(1);

    const broken = await upload('records.json', '[{"source_id": ');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail).toMatchObject({ code: 'ADMIN_RECORDS_FILE_INVALID' });
    expect(broken.json().detail.reason).toMatch(/^not valid JSON/);

    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/records/import',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail[0].loc).toEqual(['body', 'file']);
  });

  it('is for superusers only', async () => {
    const { token } = await signedIn(ctx.app);
    expect((await upload('r.csv', 'a,b\n1,2', [], token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/admin/records/import' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});

describe('listing', () => {
  it('filters by map, fish, player, source id and time, newest catch first', async () => {
    const player = `Lister ${newReportId()}`;
    const older = await imported({ player_name: player, caught_at: wireTime(Date.now() - 3 * 86_400_000) });
    const newer = await imported({ player_name: player, caught_at: wireTime(Date.now() - 86_400_000) });
    const list = async (query: string) =>
      AdminRecordPage.parse((await admin.call('GET', `/api/admin/records?${query}`)).json());
    const mine = await list(`player_name=${encodeURIComponent(player)}`);
    expect(mine.items.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(mine.total).toBe(2);
    const before = await list(
      `player_name=${encodeURIComponent(player)}&to=${encodeURIComponent(wireTime(Date.now() - 2 * 86_400_000))}`,
    );
    expect(before.items.map((r) => r.id)).toEqual([older.id]);
    const onMap = await list(`map_id=${place.mapId}&fish_id=${place.fishId}&page_size=100`);
    expect(onMap.items.every((r) => r.map_id === place.mapId && r.fish_id === place.fishId)).toBe(true);
    expect(newer.source_id).toMatch(/^o-/);
    expect((await admin.call('GET', '/api/admin/records?map_id=abc')).statusCode).toBe(422);
  });
});

describe('correcting a record', () => {
  it('changes only the fields sent, is audited with before and after, and reverts while unchanged since', async () => {
    const record = await imported();
    const url = `/api/admin/records/${record.id}`;
    const res = await admin.call('PATCH', url, { player_name: 'Renamed Angler', depth: 4.5, reason: 'typo' });
    expect(res.statusCode).toBe(200);
    const change = AdminRecordChange.parse(res.json());
    expect(change.record).toEqual({ ...record, player_name: 'Renamed Angler', depth: 4.5 });
    expect(await recordBySource(record.source_id)).toEqual(change.record);

    const [row] = await auditOf(admin, 'record', String(record.id));
    expect(row).toMatchObject({ action: 'record.correct', reason: 'typo', before: record, after: change.record });

    const same = await admin.call('PATCH', url, { player_name: 'Renamed Angler' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ detail: 'ADMIN_NO_CHANGE' });

    expect((await admin.call('POST', `/api/admin/audit/${change.audit_id}/revert`, confirmed())).statusCode).toBe(200);
    expect(await recordBySource(record.source_id)).toEqual(record);
  });

  it('a revert is refused once the record was corrected again', async () => {
    const record = await imported();
    const first = AdminRecordChange.parse(
      (await admin.call('PATCH', `/api/admin/records/${record.id}`, { player_name: 'First' })).json(),
    );
    await admin.call('PATCH', `/api/admin/records/${record.id}`, { player_name: 'Second' });
    const res = await admin.call('POST', `/api/admin/audit/${first.audit_id}/revert`, confirmed());
    expect(res.statusCode).toBe(409);
    expect(res.json().detail.code).toBe('ADMIN_REVERT_CONFLICT');
  });

  it('refuses what the import refuses, worded as the import words it; nothing is changed', async () => {
    const record = await imported();
    const foreign = { fish_id: place.foreignFishId, weight: place.foreignFishWeight };
    const cases: Record<string, unknown>[] = [
      { weight: place.maxWeight + 1 },
      foreign,
      { map_id: 999_999 },
      { bait_id: 999_999 },
      { x: place.bounds.x_max + 1, y: place.bounds.y_max },
      { caught_at: wireTime(Date.now() + 3_600_000) },
    ];
    for (const changes of cases) {
      const viaImport = RecordImportResponse.parse(
        (await admin.call('POST', '/api/records/import', { items: [validRecord(place, changes)] })).json(),
      ).results[0]!;
      const res = await admin.call('PATCH', `/api/admin/records/${record.id}`, changes);
      expect(res.statusCode, JSON.stringify(changes)).toBe(422);
      expect(res.json(), JSON.stringify(changes)).toEqual({
        detail: { code: 'ADMIN_RECORD_INVALID', errors: viaImport.errors },
      });
    }
    // A value of the wrong kind stops at the body's validation, with the import's message.
    for (const changes of [{ star_type: 3 }, { player_name: 'bad\u202ename' }]) {
      const viaImport = RecordImportResponse.parse(
        (await admin.call('POST', '/api/records/import', { items: [validRecord(place, changes)] })).json(),
      ).results[0]!;
      const res = await admin.call('PATCH', `/api/admin/records/${record.id}`, changes);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail.map((e: { msg: string }) => e.msg)).toEqual(viaImport.errors!.map((e) => e.msg));
    }
    expect(await recordBySource(record.source_id)).toEqual(record);
    const empty = await admin.call('PATCH', `/api/admin/records/${record.id}`, { reason: 'nothing' });
    expect(empty.statusCode).toBe(422);
    const sourceId = await admin.call('PATCH', `/api/admin/records/${record.id}`, { source_id: 'other' });
    expect(sourceId.statusCode).toBe(422);
    expect((await admin.call('PATCH', '/api/admin/records/99999999', { weight: 1 })).statusCode).toBe(404);
  });
});

describe('deleting a record', () => {
  it('asks for the password again; the revert puts the record back with its id', async () => {
    const record = await imported();
    const url = `/api/admin/records/${record.id}`;
    const wrong = await admin.call('DELETE', url, { current_password: 'no' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'ADMIN_BAD_CURRENT_PASSWORD' });
    const res = await admin.call('DELETE', url, confirmed({ reason: 'duplicate of another source' }));
    expect(res.statusCode).toBe(200);
    const { audit_id } = res.json<{ audit_id: number }>();
    expect((await admin.call('GET', `/api/admin/records?source_id=${record.source_id}`)).json().total).toBe(0);
    expect((await admin.call('DELETE', url, confirmed())).statusCode).toBe(404);
    const [row] = await auditOf(admin, 'record', String(record.id));
    expect(row).toMatchObject({ id: audit_id, action: 'record.delete', before: record, after: null });

    expect((await admin.call('POST', `/api/admin/audit/${audit_id}/revert`, confirmed())).statusCode).toBe(200);
    expect(await recordBySource(record.source_id)).toEqual(record);
  });

  it('refuses to put a record back over a source id imported again since', async () => {
    const record = await imported();
    const deleted = await admin.call('DELETE', `/api/admin/records/${record.id}`, confirmed());
    const { source_id, id: _id, created_at: _created, ...rest } = record;
    const again = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null));
    await admin.call('POST', '/api/records/import', { items: [{ ...again, source_id }] });
    const res = await admin.call(
      'POST',
      `/api/admin/audit/${deleted.json<{ audit_id: number }>().audit_id}/revert`,
      confirmed(),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'ADMIN_SOURCE_ID_TAKEN' });
  });

  it('is refused to anyone but a superuser', async () => {
    const { token } = await signedIn(ctx.app);
    const res = await asUser(ctx.app, token, { method: 'DELETE', url: '/api/admin/records/1', payload: confirmed() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Forbidden' });
  });
});
