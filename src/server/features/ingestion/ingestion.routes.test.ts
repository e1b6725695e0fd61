/**
 * `POST /api/c_report/catches` and `/sales` (docs/catch-data-api.md §1): the logger's token, the size limits,
 * per-item answers in order, idempotency within and across batches, what is stored, and the OpenAPI document.
 * Real app, real database (SQLite, or PostgreSQL under `npm run test:pg`). Every validation rule: catch-rules.test.ts.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatchBatchResponse, MAX_BATCH_BYTES, wireTime } from '#shared/contracts/catches';
import { signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type CatchPlace, catchPlace, newReportId, validCatch, validSale } from '../../test/catch-fixtures';

let ctx: TestContext;
let place: CatchPlace;
let logger: { client_id: string; client_token: string };

async function registerLogger(): Promise<{ client_id: string; client_token: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: { player_name: 'Pike' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' } });
  place = catchPlace(await ctx.services.catalogue.view());
  logger = await registerLogger();
});
afterAll(() => ctx?.close());

function upload(path: 'catches' | 'sales', items: unknown, token = logger.client_token) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/c_report/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { items },
  });
}

async function uploaded(path: 'catches' | 'sales', items: unknown[], token = logger.client_token) {
  const res = await upload(path, items, token);
  expect(res.statusCode, res.body).toBe(200);
  return CatchBatchResponse.parse(res.json());
}

const storedCatches = (loggerId: string) =>
  ctx.db.kysely.selectFrom('catch').selectAll().where('client_id', '=', loggerId).orderBy('id').execute();

describe('the logger token', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', 'Bearer not-a-logger-token'],
    ['an empty bearer token', 'Bearer '],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
  ])('refuses %s with 401 {"detail":"Unauthorized"} and stores nothing', async (_label, authorization) => {
    const items = [validCatch(place)];
    for (const path of ['catches', 'sales'] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/c_report/${path}`,
        headers: authorization === undefined ? {} : { authorization },
        payload: { items },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Unauthorized' });
    }
    const stored = await ctx.db.kysely
      .selectFrom('catch')
      .select('id')
      .where('report_id', '=', items[0]!.report_id as string)
      .execute();
    expect(stored).toEqual([]);
  });

  it("refuses a user's access token: only logger tokens upload", async () => {
    const { token } = await signedIn(ctx.app);
    expect((await upload('catches', [validCatch(place)], token)).statusCode).toBe(401);
  });

  it('accepts the scheme in any case and records when the logger was last seen', async () => {
    const fresh = await registerLogger();
    const before = Date.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/catches',
      headers: { authorization: `bEaReR ${fresh.client_token}` },
      payload: { items: [validCatch(place)] },
    });
    expect(res.statusCode).toBe(200);
    // Written with the other loggers seen, a few seconds later (last-seen.ts); the test does not wait for them.
    await ctx.services.lastSeen.flush();
    const row = await ctx.db.kysely
      .selectFrom('logger_client')
      .select('last_seen_at')
      .where('client_id', '=', fresh.client_id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.last_seen_at!)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('POST /api/c_report/catches', () => {
  it('stores a valid catch with epoch-ms times, game hour 0 as 24 and a boolean night, and answers created', async () => {
    const fresh = await registerLogger();
    const item = validCatch(place, {
      caught_at: '2026-01-02T03:04:05.678+08:00',
      game_hour: 0,
      night: true,
      bait2_id: place.bait2Id,
    });
    // A fixed time may be outside the 400-day window on the day this runs: move it inside, keeping the offset form.
    const at = Date.now() - 86_400_000;
    item.caught_at = new Date(at + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const body = await uploaded('catches', [item], fresh.client_token);
    expect(body).toEqual({
      created: 1,
      duplicates: 0,
      invalid: 0,
      results: [{ report_id: item.report_id, status: 'created' }],
    });
    const [row] = await storedCatches(fresh.client_id);
    expect(row).toEqual({
      ...item,
      id: row!.id,
      client_id: fresh.client_id,
      caught_at: at,
      game_hour: 24,
      created_at: row!.created_at,
      // A logger with no probation (the test app's setting) and no verified account: established.
      trust: 1,
    });
    expect(row!.night).toBe(true);
    expect(row!.created_at).toBeGreaterThanOrEqual(at);
  });

  it('answers every item in order: created, duplicate within the batch, invalid with its errors', async () => {
    const fresh = await registerLogger();
    const first = validCatch(place);
    const bad = validCatch(place, { weight: place.maxWeight + 1 });
    const second = validCatch(place);
    const body = await uploaded(
      'catches',
      [first, bad, { ...first }, second, { report_id: 'bad id!' }],
      fresh.client_token,
    );
    expect(body.created).toBe(2);
    expect(body.duplicates).toBe(1);
    expect(body.invalid).toBe(2);
    expect(body.results.map((r) => [r.report_id, r.status])).toEqual([
      [first.report_id, 'created'],
      [bad.report_id, 'invalid'],
      [first.report_id, 'duplicate'],
      [second.report_id, 'created'],
      [null, 'invalid'],
    ]);
    expect(body.results[1]!.errors).toEqual([{ field: 'weight', msg: expect.stringContaining('range') }]);
    expect(body.results[0]).not.toHaveProperty('errors');
    expect((await storedCatches(fresh.client_id)).map((r) => r.report_id)).toEqual([first.report_id, second.report_id]);
  });

  it('stores an item whose report id an invalid item of the same batch used first', async () => {
    const fresh = await registerLogger();
    const good = validCatch(place);
    const body = await uploaded('catches', [{ ...good, weight: -1 }, good], fresh.client_token);
    expect(body.results.map((r) => r.status)).toEqual(['invalid', 'created']);
    expect(await storedCatches(fresh.client_id)).toHaveLength(1);
  });

  it('is idempotent across batches: a re-sent batch creates nothing and changes nothing', async () => {
    const fresh = await registerLogger();
    const items = [validCatch(place), validCatch(place)];
    await uploaded('catches', items, fresh.client_token);
    const before = await storedCatches(fresh.client_id);
    // The retry carries different values under the same report id: the first stored version stays.
    const retry = await uploaded('catches', [{ ...items[0], weight: place.minWeight }, items[1]], fresh.client_token);
    expect(retry).toMatchObject({ created: 0, duplicates: 2, invalid: 0 });
    expect(retry.results.every((r) => r.status === 'duplicate')).toBe(true);
    expect(await storedCatches(fresh.client_id)).toEqual(before);
  });

  it('keeps report ids per logger: two loggers may use the same one', async () => {
    const a = await registerLogger();
    const b = await registerLogger();
    const reportId = newReportId('shared');
    expect((await uploaded('catches', [validCatch(place, { report_id: reportId })], a.client_token)).created).toBe(1);
    expect((await uploaded('catches', [validCatch(place, { report_id: reportId })], b.client_token)).created).toBe(1);
  });

  it('accepts 500 items in one batch', async () => {
    const fresh = await registerLogger();
    const items = Array.from({ length: 500 }, () => validCatch(place));
    const body = await uploaded('catches', items, fresh.client_token);
    expect(body.created).toBe(500);
    expect(body.results.map((r) => r.report_id)).toEqual(items.map((i) => i.report_id));
    expect(await storedCatches(fresh.client_id)).toHaveLength(500);
  });

  it('refuses 501 items with 413 and a detail, storing none of them', async () => {
    const fresh = await registerLogger();
    const res = await upload(
      'catches',
      Array.from({ length: 501 }, () => validCatch(place)),
      fresh.client_token,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/at most 500 items/);
    expect(await storedCatches(fresh.client_id)).toEqual([]);
  });

  it('refuses a body of 1 MiB + 1 byte with 413 before reading it, and reads one of exactly 1 MiB', async () => {
    const send = (bytes: number) => {
      const json = JSON.stringify({ items: [validCatch(place)] });
      // JSON allows any whitespace between tokens: pad the body to the exact size.
      const payload = json.slice(0, -1) + ' '.repeat(bytes - json.length) + '}';
      expect(Buffer.byteLength(payload)).toBe(bytes);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/c_report/catches',
        headers: { authorization: `Bearer ${logger.client_token}`, 'content-type': 'application/json' },
        payload,
      });
    };
    const over = await send(MAX_BATCH_BYTES + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json().detail).toMatch(/at most 1048576 bytes/);
    const exact = await send(MAX_BATCH_BYTES);
    expect(exact.statusCode).toBe(200);
    expect(exact.json().created).toBe(1);
  });

  it('accepts a gzip-compressed body, limited to 1 MiB once decompressed, and answers uncompressed', async () => {
    const fresh = await registerLogger();
    const send = (items: unknown[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/c_report/catches',
        headers: {
          authorization: `Bearer ${fresh.client_token}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'accept-encoding': 'gzip',
        },
        payload: gzipSync(JSON.stringify({ items })),
      });
    const items = Array.from({ length: 300 }, () => validCatch(place));
    const res = await send(items);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(CatchBatchResponse.parse(res.json()).created).toBe(300);
    // Well under 1 MiB compressed, well over it once decompressed.
    const padded = items.map((item) => ({ ...item, report_id: `${item.report_id}-x`, pad: ' '.repeat(4000) }));
    expect((await send(padded)).statusCode).toBe(413);
  });

  it.each([
    ['no items', { items: [] }],
    ['items not a list', { items: { a: 1 } }],
    ['no body envelope', [validCatch]],
    ['a missing items field', { catches: [] }],
  ])('answers 422 for %s', async (_label, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/catches',
      headers: { authorization: `Bearer ${logger.client_token}` },
      payload: payload as object,
    });
    expect(res.statusCode).toBe(422);
    expect(Array.isArray(res.json().detail)).toBe(true);
  });

  it('refuses a form-encoded body with 422', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/catches',
      headers: {
        authorization: `Bearer ${logger.client_token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'items=1',
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /api/c_report/sales', () => {
  const storedSales = (loggerId: string) =>
    ctx.db.kysely.selectFrom('sale').selectAll().where('client_id', '=', loggerId).orderBy('id').execute();

  it('stores valid sales once, judges each alone, and keeps them apart from catches', async () => {
    const fresh = await registerLogger();
    const sale = validSale({ sold_at: wireTime(Date.now() - 120_000) });
    const body = await uploaded(
      'sales',
      [
        sale,
        validSale({ star_count: 8, fish_count: 7 }),
        validSale({ sold_at: wireTime(Date.now() + 3_600_000) }),
        validSale({ income: -1 }),
        validSale({ fish_count: 0, star_count: 0 }),
        validSale({ income: '12' }),
        { ...sale },
      ],
      fresh.client_token,
    );
    expect(body.results.map((r) => r.status)).toEqual([
      'created',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'duplicate',
    ]);
    expect(body.results.slice(1, 6).map((r) => r.errors!.map((e) => e.field))).toEqual([
      ['star_count'],
      ['sold_at'],
      ['income'],
      ['fish_count'],
      ['income'],
    ]);
    const rows = await storedSales(fresh.client_id);
    expect(rows).toEqual([
      {
        id: rows[0]!.id,
        client_id: fresh.client_id,
        report_id: sale.report_id,
        sold_at: Date.parse(sale.sold_at as string),
        income: 1250,
        fish_count: 7,
        star_count: 2,
        created_at: rows[0]!.created_at,
      },
    ]);
    expect(await storedCatches(fresh.client_id)).toEqual([]);
    expect((await uploaded('sales', [sale], fresh.client_token)).duplicates).toBe(1);
  });

  it('refuses 501 sales with 413', async () => {
    const res = await upload(
      'sales',
      Array.from({ length: 501 }, () => validSale()),
    );
    expect(res.statusCode).toBe(413);
  });
});

describe('OpenAPI', () => {
  it('documents the upload routes with the logger token scheme and every status', async () => {
    const doc = (await ctx.app.inject('/docs/json')).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, { description: string }> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.loggerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of ['/api/c_report/catches', '/api/c_report/sales']) {
      const post = doc.paths[path]!.post!;
      expect(post.security).toEqual([{ loggerToken: [] }]);
      expect(Object.keys(post.responses).sort()).toEqual(['200', '401', '403', '413', '422', '503']);
      for (const response of Object.values(post.responses)) expect(response.description).not.toBe('Default Response');
    }
    const records = doc.paths['/api/records/import']!.post!;
    expect(records.security).toEqual([{ superuser: [] }]);
    expect(Object.keys(records.responses).sort()).toEqual(['200', '401', '403', '413', '422', '503']);
  });
});
