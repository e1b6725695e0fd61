/**
 * The console's catches on a real app and database (SQLite, or PostgreSQL under `npm run test:pg`): who may call;
 * the search's filters against a plain count of rows stored on purpose (hidden ones listed too, with their logger and
 * level); hiding and restoring uploaded catches — gone from the public logs, the heat map and the bait guide by
 * exactly their number, back once restored — with their audit rows and the reverts that undo them; bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_OFFSET, TRUST_CODE, trustLevelOf, VISIBLE_MAX } from '#shared/catch-trust';
import {
  ADMIN_CATCH_MAX_DAYS,
  ADMIN_CATCH_MAX_IDS,
  AdminCatchChange,
  AdminCatchPage,
  type AdminCatchTrust,
  RevertResult,
} from '#shared/contracts/admin';
import { BaitGuideResponse, BirdLogPage, HeatmapResponse, wireTime } from '#shared/contracts/catches';
import { MAX_IDS } from '../../catch-store/catch-store';
import { asUser, signedIn } from '../../test/accounts';
import { ADMIN_TEST_ENV, auditOf, confirmed, operator, type Operator } from '../../test/admin-fixtures';
import { type CatchPlace, catchPlace, validCatch } from '../../test/catch-fixtures';
import { addLogger, catchRow, insertCatches } from '../../test/log-test-data';
import { createTestApp, type TestContext } from '../../test/test-app';
import { catchesTarget } from './admin-catches';

let ctx: TestContext;
let admin: Operator;
let place: CatchPlace;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestApp({ env: { ...ADMIN_TEST_ENV, LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '1000' } });
  admin = await operator(ctx);
  place = catchPlace(await ctx.services.catalogue.view());
});
afterAll(() => ctx?.close());

const search = async (query: string) => {
  const res = await admin.call('GET', `/api/admin/catches?page_size=100&${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return AdminCatchPage.parse(res.json());
};
const hide = (ids: number[], extra: object = {}) =>
  admin.call('POST', '/api/admin/catches/hide', confirmed({ ids, ...extra }));
const restore = (ids: number[], extra: object = {}) =>
  admin.call('POST', '/api/admin/catches/restore', { ids, ...extra });

it('allows as many ids as the catch store does', () => {
  expect(ADMIN_CATCH_MAX_IDS).toBe(MAX_IDS);
});

describe('who may call', () => {
  it('401 without a token, 403 for a user who is not a superuser; never cached', async () => {
    const { token } = await signedIn(ctx.app);
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/catches'],
      ['POST', '/api/admin/catches/hide', confirmed({ ids: [1] })],
      ['POST', '/api/admin/catches/restore', { ids: [1] }],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const player = await asUser(ctx.app, token, { method: method as 'GET', url, payload });
      expect(player.statusCode, `${method} ${url}`).toBe(403);
      expect(player.json()).toEqual({ detail: 'Forbidden' });
    }
  });
});

describe('the search', () => {
  // Ids no catalogue item has, so the catches other tests upload never match these filters.
  const MAPS = [91001, 91002, 91003];
  const FISH = [92001, 92002, 92003];
  const BAITS = [93001, 93002];
  interface Stored {
    id: number;
    logger: string;
    map: number;
    fish: number;
    bait: number;
    at: number;
    trust: number;
  }
  let stored: Stored[];
  let loggers: string[];

  beforeAll(async () => {
    loggers = [
      await addLogger(ctx.db.kysely, 'Ann'),
      await addLogger(ctx.db.kysely, 'Bo'),
      await addLogger(ctx.db.kysely),
    ];
    // A fixed sequence that looks random: every combination of filters meets some catches and misses others.
    let seed = 7;
    const pick = <T>(list: T[]) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return list[seed % list.length]!;
    };
    const now = Date.now();
    const rows = Array.from({ length: 90 }, (_, i) => ({
      logger: pick(loggers),
      map: pick(MAPS),
      fish: pick(FISH),
      bait: pick(BAITS),
      // Most within the last 7 days, some 8–12 days back (outside the default range).
      at: now - (i % 9 === 0 ? 8 * DAY + i * HOUR : (i * 1.7 + 1) * HOUR),
      trust: pick([0, 1, 2, 3, 0 + HIDDEN_OFFSET, 1 + HIDDEN_OFFSET, 3 + HIDDEN_OFFSET]),
    }));
    const ids = await insertCatches(
      ctx.db.kysely,
      rows.map((row) =>
        catchRow(row.logger, {
          map_id: row.map,
          fish_id: row.fish,
          bait_id: row.bait,
          caught_at: row.at,
          trust: row.trust,
          weight: 1234,
        }),
      ),
    );
    stored = rows.map((row, i) => ({ ...row, id: Number(ids[i]) }));
  });

  const expected = (keep: (row: Stored) => boolean, from: number, to: number) =>
    stored
      .filter((row) => row.at >= from && row.at < to && keep(row))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((row) => row.id);

  it('each filter, alone and together, lists exactly the matching catches, newest first, hidden ones too', async () => {
    const to = Date.now() + 1000;
    const from = to - 7 * DAY;
    const range = `from=${wireTime(from)}&to=${wireTime(to)}`;
    const ours = (row: Stored) => MAPS.includes(row.map);
    const cases: [string, (row: Stored) => boolean][] = [
      [`map_id=${MAPS[0]}`, (row) => row.map === MAPS[0]],
      [`fish_id=${FISH[1]}`, (row) => row.fish === FISH[1]],
      [`bait_id=${BAITS[1]}`, (row) => row.bait === BAITS[1]],
      [`logger_id=${loggers[0]}`, (row) => row.logger === loggers[0]],
      [`logger_id=${loggers[1]}&map_id=${MAPS[2]}`, (row) => row.logger === loggers[1] && row.map === MAPS[2]],
      [
        `map_id=${MAPS[1]}&fish_id=${FISH[0]}&bait_id=${BAITS[0]}`,
        (row) => row.map === MAPS[1] && row.fish === FISH[0] && row.bait === BAITS[0],
      ],
    ];
    for (const trust of ['any', 'hidden', 'verified', 'flagged'] as AdminCatchTrust[]) {
      const level = (row: Stored) =>
        trust === 'any'
          ? true
          : trust === 'hidden'
            ? row.trust > VISIBLE_MAX
            : row.trust === TRUST_CODE[trust as 'verified' | 'flagged'];
      for (const [query, keep] of cases) {
        const page = await search(`${query}&${range}&trust=${trust}`);
        const want = expected((row) => ours(row) && keep(row) && level(row), from, to);
        expect(
          page.items.map((item) => item.id),
          `${query} trust=${trust}`,
        ).toEqual(want);
        expect(page.total).toBe(want.length);
        expect(page.total_exact).toBe(true);
      }
    }
  });

  it('shows each catch with its logger, player, level and hidden mark; the last 7 days by default', async () => {
    const page = await search(`logger_id=${loggers[0]}`);
    const want = expected((row) => row.logger === loggers[0], Date.now() - 7 * DAY, Date.now() + 1);
    expect(page.items.map((item) => item.id)).toEqual(want);
    expect(Date.parse(page.to) - Date.parse(page.from)).toBe(7 * DAY);
    for (const item of page.items) {
      const row = stored.find((s) => s.id === item.id)!;
      expect(item).toEqual({
        id: row.id,
        caught_at: wireTime(row.at),
        map_id: row.map,
        fish_id: row.fish,
        bait_id: row.bait,
        star_type: 0,
        weight: 1234,
        logger_id: loggers[0],
        player_name: 'Ann',
        trust: trustLevelOf(row.trust),
        hidden: row.trust > VISIBLE_MAX,
      });
    }
    const older = await search(`logger_id=${loggers[2]}&from=${wireTime(Date.now() - 12 * DAY)}`);
    expect(older.items.map((item) => item.id)).toEqual(
      expected((row) => row.logger === loggers[2], Date.now() - 12 * DAY, Date.now() + 1),
    );
    expect(older.items.every((item) => item.player_name === null)).toBe(true);
  });

  it('pages through the matches without overlap', async () => {
    const all = await search(`map_id=${MAPS[0]}&from=${wireTime(Date.now() - 14 * DAY)}`);
    const first = AdminCatchPage.parse(
      (
        await admin.call(
          'GET',
          `/api/admin/catches?map_id=${MAPS[0]}&from=${wireTime(Date.now() - 14 * DAY)}&page_size=5`,
        )
      ).json(),
    );
    const second = AdminCatchPage.parse(
      (
        await admin.call(
          'GET',
          `/api/admin/catches?map_id=${MAPS[0]}&from=${wireTime(Date.now() - 14 * DAY)}&page_size=5&page=2`,
        )
      ).json(),
    );
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(all.items.slice(0, 10).map((i) => i.id));
    expect(first.total).toBe(all.total);
  });
});

describe('bad input', () => {
  const status = async (url: string) => {
    const res = await admin.call('GET', url);
    return { code: res.statusCode, body: res.json() as { detail: { loc: string[]; msg: string }[] } };
  };

  it('refuses a range longer than the limit, an empty one, a bad filter and a page past the counted matches', async () => {
    const now = Date.now();
    const long = await status(`/api/admin/catches?from=${wireTime(now - (ADMIN_CATCH_MAX_DAYS + 1) * DAY)}`);
    expect(long.code).toBe(422);
    expect(long.body.detail[0]!.loc).toEqual(['query', 'from']);
    expect(long.body.detail[0]!.msg).toMatch(`at most ${ADMIN_CATCH_MAX_DAYS} days`);
    const backwards = await status(`/api/admin/catches?from=${wireTime(now)}&to=${wireTime(now - DAY)}`);
    expect(backwards.code).toBe(422);
    expect(backwards.body.detail[0]!.loc).toEqual(['query', 'to']);
    expect((await status('/api/admin/catches?from=yesterday')).code).toBe(422);
    expect((await status('/api/admin/catches?map_id=x')).code).toBe(422);
    expect((await status('/api/admin/catches?trust=all')).code).toBe(422);
    expect((await status('/api/admin/catches?page=101&page_size=100')).code).toBe(422);
    const full = await status(
      `/api/admin/catches?from=${wireTime(now - ADMIN_CATCH_MAX_DAYS * DAY)}&to=${wireTime(now)}`,
    );
    expect(full.code).toBe(200);
  });

  it('refuses no ids, too many, unknown ones (naming them) and a wrong password, changing nothing', async () => {
    expect((await hide([])).statusCode).toBe(422);
    const many = Array.from({ length: ADMIN_CATCH_MAX_IDS + 1 }, (_, i) => i + 1);
    expect((await hide(many)).statusCode).toBe(422);
    expect((await restore(many)).statusCode).toBe(422);
    expect((await restore([1.5])).statusCode).toBe(422);
    const logger = await addLogger(ctx.db.kysely);
    const [id] = await insertCatches(ctx.db.kysely, [catchRow(logger, { caught_at: Date.now() - HOUR })]);
    const unknown = await hide([Number(id), 987654321]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      detail: { code: 'ADMIN_CATCH_NOT_FOUND', reason: 'No catch has the id 987654321; nothing was changed' },
    });
    const wrong = await admin.call('POST', '/api/admin/catches/hide', { ids: [id], current_password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'ADMIN_BAD_CURRENT_PASSWORD' });
    const missing = await admin.call('POST', '/api/admin/catches/hide', { ids: [id] });
    expect(missing.statusCode).toBe(422);
    const row = await ctx.db.kysely.selectFrom('catch').select('trust').where('id', '=', id!).executeTakeFirstOrThrow();
    expect(Number(row.trust)).toBe(1);
    const nothing = await restore([Number(id)]);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ detail: 'ADMIN_NO_CHANGE' });
  });

  it('names long id lists in the audit row by their ends', () => {
    expect(catchesTarget([3, 5, 8])).toBe('3,5,8');
    const long = Array.from({ length: 40 }, (_, i) => 1_000_000 + i);
    expect(catchesTarget(long)).toBe('1000000..1000039 (40)');
  });
});

describe('hiding and restoring', () => {
  /** A logger registered over HTTP and three catches it uploaded within the last hours (counted into the rollups). */
  async function uploaded(address: string) {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/clients',
      payload: { player_name: 'Hider' },
      remoteAddress: address,
    });
    expect(registered.statusCode).toBe(201);
    const logger = registered.json<{ client_id: string; client_token: string }>();
    const items = [1, 2, 3].map((i) => validCatch(place, { caught_at: wireTime(Date.now() - i * 10 * 60_000) }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/c_report/catches',
      headers: { authorization: `Bearer ${logger.client_token}` },
      payload: { items },
    });
    expect(res.json()).toMatchObject({ created: 3 });
    const page = await search(`logger_id=${logger.client_id}`);
    return { loggerId: logger.client_id, ids: page.items.map((item) => item.id) };
  }

  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  /** What the public sees: the logs' ids of the map, the heat map's and the bait guide's totals. */
  const publicView = async () => ({
    listed: BirdLogPage.parse(await get(`/api/logs/bird?map_id=${place.mapId}&page_size=100`)).items.map((c) => c.id),
    heat: HeatmapResponse.parse(await get(`/api/heatmap?map_id=${place.mapId}&range=1d`)).total,
    guide: BaitGuideResponse.parse(await get(`/api/bait-guide?fish_id=${place.fishId}`)).total,
  });

  it('hidden catches vanish from the public logs, heat map and bait guide exactly, and come back restored', async () => {
    const { loggerId, ids } = await uploaded('10.42.0.1');
    const two = ids.slice(0, 2);
    const before = await publicView();
    for (const id of ids) expect(before.listed).toContain(id);

    const hidden = await hide([...two, two[0]!], { reason: 'fake run' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const answer = AdminCatchChange.parse(hidden.json());
    expect(answer).toMatchObject({ changed: 2, ids: [...two].sort((a, b) => a - b) });
    const during = await publicView();
    expect(during.listed).not.toContain(two[0]);
    expect(during.listed).not.toContain(two[1]);
    expect(during.listed).toContain(ids[2]);
    expect(during.heat).toBe(before.heat - 2);
    expect(during.guide).toBe(before.guide - 2);
    const marked = await search(`logger_id=${loggerId}`);
    expect(
      marked.items
        .filter((item) => item.hidden)
        .map((item) => item.id)
        .sort(),
    ).toEqual([...two].sort());
    expect((await search(`logger_id=${loggerId}&trust=hidden`)).total).toBe(2);

    const [row] = await auditOf(admin, 'catch', catchesTarget(answer.ids));
    expect(row).toMatchObject({
      id: answer.audit_id,
      action: 'catch.hide',
      reason: 'fake run',
      before: { ids: answer.ids, hidden: false },
      after: { ids: answer.ids, hidden: true },
      reversible: true,
      operator_id: admin.id,
    });
    // Hiding them again changes nothing and writes no row.
    expect((await hide(two)).statusCode).toBe(409);

    const shown = AdminCatchChange.parse((await restore(ids)).json());
    expect(shown.changed).toBe(2);
    const after = await publicView();
    expect(after.heat).toBe(before.heat);
    expect(after.guide).toBe(before.guide);
    expect(after.listed).toEqual(before.listed);
    const [restoreRow] = await auditOf(admin, 'catch', catchesTarget(shown.ids));
    expect(restoreRow).toMatchObject({ id: shown.audit_id, action: 'catch.restore', after: { hidden: false } });
    expect(
      (await search(`logger_id=${loggerId}`)).items.every((item) => !item.hidden && item.trust === 'established'),
    ).toBe(true);
  });

  it("a hide's revert shows the catches again, and a restore's revert hides them; once only", async () => {
    const { ids } = await uploaded('10.42.0.2');
    const before = await publicView();
    const hid = AdminCatchChange.parse((await hide(ids)).json());
    const revert = await admin.call('POST', `/api/admin/audit/${hid.audit_id}/revert`, confirmed());
    expect(revert.statusCode, revert.body).toBe(200);
    const result = RevertResult.parse(revert.json());
    expect(result.revert).toMatchObject({ action: 'audit.revert', target_type: 'catch', after: { hidden: false } });
    expect(result.reverted.reverted_by).toBe(result.revert.id);
    expect(await publicView()).toEqual(before);
    expect((await admin.call('POST', `/api/admin/audit/${hid.audit_id}/revert`, confirmed())).statusCode).toBe(409);

    await hide(ids);
    const shown = AdminCatchChange.parse((await restore(ids)).json());
    expect((await admin.call('POST', `/api/admin/audit/${shown.audit_id}/revert`, confirmed())).statusCode).toBe(200);
    const hiddenAgain = await publicView();
    expect(hiddenAgain.heat).toBe(before.heat - 3);
    expect(hiddenAgain.guide).toBe(before.guide - 3);
    await restore(ids);
  });

  it('refuses to revert a hide once one of its catches was shown again, changing nothing', async () => {
    const { ids } = await uploaded('10.42.0.3');
    const hid = AdminCatchChange.parse((await hide(ids)).json());
    await restore([ids[0]!]);
    const during = await publicView();
    const refused = await admin.call('POST', `/api/admin/audit/${hid.audit_id}/revert`, confirmed());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: { code: 'ADMIN_REVERT_CONFLICT' } });
    expect(await publicView()).toEqual(during);
    const rows = await ctx.db.kysely.selectFrom('catch').select(['id', 'trust']).where('id', 'in', ids).execute();
    expect(
      rows
        .filter((row) => Number(row.trust) > VISIBLE_MAX)
        .map((row) => Number(row.id))
        .sort(),
    ).toEqual(ids.slice(1).sort());
  });
});
