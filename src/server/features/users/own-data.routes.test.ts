/**
 * A player's own data: the CSV exports (encoding, order, names, size, streaming) and deleting one's own account with
 * its data (password, tokens, the logger freed, catches kept in the public data).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '#shared/game/names';
import { asUser, bindLogger, loginRequest, PASSWORD, signedIn } from '../../test/accounts';
import { addLogger, catchRow, insertCatches, insertSales, saleRow } from '../../test/log-test-data';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const T = Date.UTC(2026, 10, 20, 12, 0, 0);
const BOM = '\uFEFF';
const CATCH_HEADER =
  'caught_at,map_id,map,fish_id,fish,weight_g,star_type,bait_id,bait,bait2_id,bait2,rod_type,depth_m,game_hour,' +
  'night,weather,temperature_c,x,y,direction,angle,time_spent_s,report_id';

/** A signed-in player with a logger bound to them. */
async function playerWithLogger() {
  const { user, token } = await signedIn(ctx.app);
  const logger = await addLogger(ctx.db.kysely);
  expect((await bindLogger(ctx, token, logger)).statusCode).toBe(200);
  return { user, token, logger };
}

const lines = (body: string) => body.split('\r\n').slice(0, -1);

describe('GET /api/users/me/catches.csv and /sales.csv', () => {
  it('401 without a token', async () => {
    for (const url of ['/api/users/me/catches.csv', '/api/users/me/sales.csv'])
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('a header line alone, after a byte order mark, without a bound logger; as a CSV download', async () => {
    const { token } = await signedIn(ctx.app);
    const res = await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me/catches.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="anglerdex-catches.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(`${BOM}${CATCH_HEADER}\r\n`);
    const sales = await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me/sales.csv' });
    expect(sales.body).toBe(`${BOM}sold_at,income,fish_count,star_count,report_id\r\n`);
  });

  it("only the player's own catches, oldest first, names in the page's language beside the ids", async () => {
    const { token, logger } = await playerWithLogger();
    const view = await ctx.services.catalogue.view();
    const map = [...view.maps.values()][0]!;
    const fish = view.fishByMap.get(map.id)![0]!;
    const bait = [...view.baits.values()][0]!;
    const fields = { map_id: map.id, fish_id: fish.id, bait_id: bait.id };
    await insertCatches(ctx.db.kysely, [
      catchRow(logger, { ...fields, caught_at: T + 2000, report_id: 'late', x: -3.5 }),
      catchRow(logger, { ...fields, caught_at: T, report_id: 'early', night: true }),
      catchRow(await addLogger(ctx.db.kysely), { ...fields, caught_at: T + 1000, report_id: 'someone-else' }),
    ]);
    for (const locale of ['ja', 'en', 'zh'] as const) {
      const res = await asUser(ctx.app, token, {
        method: 'GET',
        url: '/api/users/me/catches.csv',
        headers: { 'accept-language': locale },
      });
      const [header, first, second, ...rest] = lines(res.body);
      expect(header).toBe(BOM + CATCH_HEADER);
      expect(rest).toEqual([]);
      expect(first).toBe(
        [
          new Date(T).toISOString(),
          map.id,
          displayName(map, locale),
          fish.id,
          displayName(fish, locale),
          1500,
          0,
          bait.id,
          displayName(bait, locale),
          '',
          '',
          'standard',
          3.5,
          24,
          true,
          'sunny',
          18.5,
          120.5,
          80.25,
          'front',
          45,
          95,
          'early',
        ].join(','),
      );
      expect(second!.split(',')[17]).toBe('-3.5');
      expect(second!.endsWith(',late')).toBe(true);
    }
  });

  it('streams 100,000 catches in pages: every row once, in order, ties of one millisecond included', async () => {
    const { token, logger } = await playerWithLogger();
    // Written by the database itself (a row at a time from here takes a minute on PostgreSQL). Runs of ten catches
    // share a millisecond, so pages end inside a run.
    const row = catchRow(logger);
    const columns = Object.keys(row).filter((column) => column !== 'report_id' && column !== 'caught_at');
    await sql`
      with recursive n(i) as (select 0 union all select i + 1 from n where i < 99999)
      insert into catch (report_id, caught_at, ${sql.join(columns.map((column) => sql.ref(column)))})
      select 'r' || i, ${sql.lit(T - 100_000_000)} + i / 10, ${sql.join(columns.map((column) => sql`${row[column as keyof typeof row]}`))}
      from n
    `.execute(ctx.db.kysely);
    const res = await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me/catches.csv' });
    expect(res.statusCode).toBe(200);
    // Sent as it is read, not built first.
    expect(res.headers['content-length']).toBeUndefined();
    const body = lines(res.body).slice(1);
    expect(body).toHaveLength(100_000);
    const reportIds = body.map((line) => line.slice(line.lastIndexOf(',') + 1));
    expect(new Set(reportIds).size).toBe(100_000);
    const times = body.map((line) => Date.parse(line.slice(0, line.indexOf(','))));
    expect(times.every((time, i) => i === 0 || time >= times[i - 1]!)).toBe(true);
  }, 120_000);

  it('sales: the logger’s own, oldest first', async () => {
    const { token, logger } = await playerWithLogger();
    await insertSales(ctx.db.kysely, [
      saleRow(logger, { sold_at: T + 60_000, income: 250, fish_count: 3, star_count: 1, report_id: 's2' }),
      saleRow(logger, { sold_at: T, income: 100, fish_count: 1, star_count: 0, report_id: 's1' }),
      saleRow(await addLogger(ctx.db.kysely), { sold_at: T, report_id: 'other' }),
    ]);
    const res = await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me/sales.csv' });
    expect(lines(res.body).slice(1)).toEqual([
      `${new Date(T).toISOString()},100,1,0,s1`,
      `${new Date(T + 60_000).toISOString()},250,3,1,s2`,
    ]);
  });
});

describe('POST /api/users/me/deletion', () => {
  it('401 without a token; 422 without the password; 400 with a wrong one, nothing deleted', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/users/me/deletion', payload: { current_password: 'x' } }))
        .statusCode,
    ).toBe(401);
    const { token } = await signedIn(ctx.app);
    for (const payload of [{}, { current_password: 5 }, { current_password: PASSWORD, extra: 1 }]) {
      const res = await asUser(ctx.app, token, { method: 'POST', url: '/api/users/me/deletion', payload });
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    const wrong = await asUser(ctx.app, token, {
      method: 'POST',
      url: '/api/users/me/deletion',
      payload: { current_password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'UPDATE_USER_BAD_CURRENT_PASSWORD' });
    expect((await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  });

  it('deletes the account and its data; tokens and login stop at once; the catches stay, linked to no one', async () => {
    const { user, token, logger } = await playerWithLogger();
    await insertCatches(ctx.db.kysely, [catchRow(logger, { report_id: 'kept' })]);
    const db = ctx.db.kysely;
    await db
      .insertInto('ai_question')
      .values({
        user_id: user.id,
        ip_hash: null,
        question: 'q',
        answer: 'a',
        engine: 'builtin',
        fallback: null,
        language: 'en',
        fish_id: null,
        latency_ms: 5,
        created_at: T,
      })
      .execute();
    await db
      .insertInto('vip_subscription')
      .values({
        provider: 'local',
        subscription_id: `sub_${user.id}`,
        user_id: user.id,
        first_order_no: 'o1',
        status: 'active',
        current_period_end: T + 86_400_000,
        created_at: T,
        canceled_at: null,
      })
      .execute();

    const res = await asUser(ctx.app, token, {
      method: 'POST',
      url: '/api/users/me/deletion',
      payload: { current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await loginRequest(ctx.app, user.email, PASSWORD)).statusCode).toBe(400);
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('ai_question').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('vip_subscription').select('status').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
    // The logger's catch is still public, and the logger can be bound by someone else.
    const kept = await db.selectFrom('catch').select('client_id').where('report_id', '=', 'kept').execute();
    expect(kept).toEqual([{ client_id: logger }]);
    const other = await signedIn(ctx.app);
    expect((await bindLogger(ctx, other.token, logger)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the exports as text/csv downloads whose errors stay JSON, and the deletion with its statuses', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const exported = doc.paths['/api/users/me/catches.csv'].get;
    expect(Object.keys(exported.responses['200'].content)).toEqual(['text/csv']);
    expect(Object.keys(exported.responses['429'].content)).toEqual(['application/json']);
    expect(exported.security).toEqual([{ bearer: [] }]);
    const deletion = doc.paths['/api/users/me/deletion'].post;
    expect(Object.keys(deletion.responses).sort()).toEqual(['204', '400', '401', '422', '429', '503']);
  });
});
