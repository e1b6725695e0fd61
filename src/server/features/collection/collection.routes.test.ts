/**
 * "My collection" (issue 25): `GET /api/users/me/collection`, the switch of its public page and the public read.
 * Real app, real database (SQLite, or PostgreSQL with TEST_DATABASE_URL), the demo catalogue; catches written straight
 * into the table, so each test states exactly what the logger caught.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CollectionSharing,
  MyCollectionResponse,
  PublicCollectionResponse,
  type Collection,
} from '#shared/contracts/collection';
import { wireTime } from '#shared/contracts/catches';
import { asUser, bindLogger, PASSWORD, signedIn } from '../../test/accounts';
import { addLogger, catchRow, insertCatches } from '../../test/log-test-data';
import { createTestApp, type TestContext } from '../../test/test-app';
import { AllTimeRepository } from '../stats/all-time.repository';
import { CollectionSharesRepository } from './collection-shares.repository';
import { CollectionService } from './collection.service';

let ctx: TestContext;
const DAY = 86_400_000;
const MINE = '/api/users/me/collection';
const SHARING = '/api/users/me/collection/sharing';

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' } });
}, 60_000);
afterAll(() => ctx?.close());

/** Two fish living on one map (A, B) and one not living there (C), from the demo catalogue. */
async function threeFish() {
  const view = await ctx.services.catalogue.view();
  const map = view.groups.maps.find((m) => (view.fishByMap.get(m.id) ?? []).length >= 2)!;
  const [a, b] = view.fishByMap.get(map.id)!;
  const c = view.groups.fish.find((fish) => !fish.data.maps.includes(map.id))!;
  return { view, map, a: a!, b: b!, c };
}

async function playerWithLogger() {
  const { user, token } = await signedIn(ctx.app);
  const logger = await addLogger(ctx.db.kysely);
  expect((await bindLogger(ctx, token, logger)).statusCode).toBe(200);
  return { user, token, logger };
}

async function mine(token: string, headers: Record<string, string> = {}): Promise<MyCollectionResponse> {
  const res = await asUser(ctx.app, token, { method: 'GET', url: MINE, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return MyCollectionResponse.parse(res.json());
}

async function share(token: string, on: unknown, headers: Record<string, string> = {}) {
  return asUser(ctx.app, token, { method: 'PUT', url: SHARING, payload: { public: on }, headers });
}

async function sharedOn(token: string): Promise<CollectionSharing> {
  const res = await share(token, true);
  expect(res.statusCode).toBe(200);
  return CollectionSharing.parse(res.json());
}

const publicRead = (shareId: string) => ctx.app.inject({ method: 'GET', url: `/api/collections/${shareId}` });

const byFish = (collection: Collection) => new Map(collection.fishes.map((fish) => [fish.fish_id, fish]));

describe('GET /api/users/me/collection', () => {
  it('401 for visitors, in the usual shape, before any body is judged', async () => {
    for (const request of [
      { method: 'GET' as const, url: MINE },
      { method: 'PUT' as const, url: SHARING, payload: { public: true } },
      { method: 'PUT' as const, url: SHARING, payload: { public: 'maybe' } },
    ]) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('without a bound logger: every fish of the game, none caught, every map at 0, sharing off', async () => {
    const { token } = await signedIn(ctx.app);
    const view = await ctx.services.catalogue.view();
    const live = view.groups.fish.filter((fish) => !fish.deprecated);
    const body = await mine(token);
    expect(body.logger_bound).toBe(false);
    expect(body.caught).toBe(0);
    expect(body.total).toBe(live.length);
    expect(body.fishes.map((fish) => fish.fish_id)).toEqual(live.map((fish) => fish.id));
    for (const fish of body.fishes)
      expect(fish).toEqual({
        fish_id: fish.fish_id,
        caught: false,
        catch_count: 0,
        heaviest: null,
        best_star_type: null,
      });
    expect(body.maps.length).toBeGreaterThan(0);
    for (const map of body.maps) {
      expect(map.caught).toBe(0);
      expect(map.total).toBe(view.fishByMap.get(map.map_id)!.filter((fish) => !fish.deprecated).length);
    }
    expect(body.sharing).toEqual({ public: false, share_id: null, share_url: null });
  });

  it("with a bound logger: the heaviest, the best star and the progress per map, from this logger's catches only", async () => {
    const { token, logger } = await playerWithLogger();
    const other = await addLogger(ctx.db.kysely);
    const { view, map, a, b, c } = await threeFish();
    const now = Date.now();
    const at = (days: number) => now - days * DAY;
    await insertCatches(ctx.db.kysely, [
      // A: 2,000 g twice, the earlier one is the heaviest; the best star came from a lighter catch.
      catchRow(logger, { fish_id: a.id, weight: 1_000, star_type: 448, caught_at: at(30), map_id: map.id }),
      catchRow(logger, { fish_id: a.id, weight: 2_000, star_type: 0, caught_at: at(20), map_id: map.id }),
      catchRow(logger, { fish_id: a.id, weight: 2_000, star_type: 446, caught_at: at(10), map_id: map.id }),
      catchRow(logger, { fish_id: b.id, weight: 500, star_type: 452, caught_at: at(5), map_id: map.id }),
      // Another logger's heavier A and its C count for nobody here.
      catchRow(other, { fish_id: a.id, weight: 9_000, star_type: 451, caught_at: at(2), map_id: map.id }),
      catchRow(other, { fish_id: c.id, weight: 3_000, star_type: 450, caught_at: at(1) }),
    ]);

    const body = await mine(token);
    expect(body.logger_bound).toBe(true);
    expect(body.caught).toBe(2);
    const fishes = byFish(body);
    expect(fishes.get(a.id)).toEqual({
      fish_id: a.id,
      caught: true,
      catch_count: 3,
      heaviest: { weight: 2_000, caught_at: wireTime(at(20)), map_id: map.id, star_type: 0 },
      best_star_type: 448,
    });
    expect(fishes.get(b.id)).toEqual({
      fish_id: b.id,
      caught: true,
      catch_count: 1,
      heaviest: { weight: 500, caught_at: wireTime(at(5)), map_id: map.id, star_type: 452 },
      best_star_type: 452,
    });
    expect(fishes.get(c.id)).toMatchObject({ caught: false, catch_count: 0, heaviest: null });
    // Each map counts the fish living there that were caught (A, B), wherever they were caught.
    for (const progress of body.maps) {
      const living = view.fishByMap.get(progress.map_id)!.map((fish) => fish.id);
      expect(progress.caught, `map ${progress.map_id}`).toBe([a.id, b.id].filter((id) => living.includes(id)).length);
    }
    expect(body.maps.find((progress) => progress.map_id === map.id)!.caught).toBe(2);
  });
});

describe('sharing the collection', () => {
  it('is off by default: a made-up or malformed id is 404, and nothing is shared', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id', 'x'.repeat(60)]) {
      const res = await publicRead(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'COLLECTION_NOT_FOUND' });
    }
  });

  it('on: a public page of the collection alone, the same link when turned on again; off: the old link dies', async () => {
    const { user, token, logger } = await playerWithLogger();
    const { a } = await threeFish();
    await insertCatches(ctx.db.kysely, [catchRow(logger, { fish_id: a.id, weight: 1_234, star_type: 449 })]);

    const on = await sharedOn(token);
    expect(on.public).toBe(true);
    expect(on.share_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(on.share_url).toBe(`https://anglerdex.test/collection/${on.share_id}`);
    expect((await mine(token)).sharing).toEqual(on);

    const res = await publicRead(on.share_id!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const shown = PublicCollectionResponse.parse(res.json());
    const { logger_bound: _bound, sharing: _sharing, ...collection } = await mine(token);
    expect(shown).toEqual(collection);
    expect(byFish(shown).get(a.id)).toMatchObject({ caught: true, best_star_type: 449 });
    // Only the collection: nothing that names the player.
    expect(Object.keys(res.json()).sort()).toEqual(['caught', 'fishes', 'maps', 'total']);
    for (const secret of [user.email, user.id, logger, user.nickname]) expect(res.body).not.toContain(secret);

    // On again keeps the link a player may have handed out.
    expect((await sharedOn(token)).share_id).toBe(on.share_id);

    const off = await share(token, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ public: false, share_id: null, share_url: null });
    expect((await publicRead(on.share_id!)).statusCode).toBe(404);
    expect((await mine(token)).sharing.public).toBe(false);

    // On once more: a new link; the old one stays dead.
    const again = await sharedOn(token);
    expect(again.share_id).not.toBe(on.share_id);
    expect((await publicRead(again.share_id!)).statusCode).toBe(200);
    expect((await publicRead(on.share_id!)).statusCode).toBe(404);
  });

  it("shares a player's collection without a bound logger as all not yet caught", async () => {
    const { token } = await signedIn(ctx.app);
    const on = await sharedOn(token);
    const shown = PublicCollectionResponse.parse((await publicRead(on.share_id!)).json());
    expect(shown.caught).toBe(0);
    expect(shown.fishes.every((fish) => !fish.caught)).toBe(true);
  });

  it("gives the link in the page's language", async () => {
    const { token } = await signedIn(ctx.app);
    const res = await share(token, true, { 'accept-language': 'ja' });
    const { share_id } = CollectionSharing.parse(res.json());
    expect(res.json().share_url).toBe(`https://anglerdex.test/ja/collection/${share_id}`);
    expect((await mine(token, { 'accept-language': 'en-GB,en;q=0.8' })).sharing.share_url).toBe(
      `https://anglerdex.test/en/collection/${share_id}`,
    );
  });

  it('each player has their own link; a deactivated or deleted account takes its page down', async () => {
    const first = await signedIn(ctx.app);
    const second = await signedIn(ctx.app);
    const one = await sharedOn(first.token);
    const two = await sharedOn(second.token);
    expect(one.share_id).not.toBe(two.share_id);

    await ctx.db.kysely.updateTable('users').set({ is_active: false }).where('id', '=', first.user.id).execute();
    expect((await publicRead(one.share_id!)).statusCode).toBe(404);

    const deleted = await asUser(ctx.app, second.token, {
      method: 'POST',
      url: '/api/users/me/deletion',
      payload: { current_password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await publicRead(two.share_id!)).statusCode).toBe(404);
    expect(
      await ctx.db.kysely.selectFrom('collection_share').selectAll().where('user_id', '=', second.user.id).execute(),
    ).toEqual([]);
  });

  it('422 for a body that is not {public: boolean}, and nothing changes', async () => {
    const { token } = await signedIn(ctx.app);
    const bad = [
      { payload: { public: 'maybe' }, loc: ['body', 'public'] },
      { payload: {}, loc: ['body', 'public'] },
      { payload: { public: null }, loc: ['body', 'public'] },
    ];
    for (const { payload, loc } of bad) {
      const res = await asUser(ctx.app, token, { method: 'PUT', url: SHARING, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail[0].loc).toEqual(loc);
    }
    const none = await asUser(ctx.app, token, { method: 'PUT', url: SHARING });
    expect(none.statusCode).toBe(422);
    expect(none.json().detail[0]).toMatchObject({ type: 'missing', loc: ['body'] });
    const list = await asUser(ctx.app, token, {
      method: 'PUT',
      url: SHARING,
      headers: { 'content-type': 'application/json' },
      payload: '[true]',
    });
    expect(list.statusCode).toBe(422);
    expect((await mine(token)).sharing.public).toBe(false);
  });
});

describe('reading a collection', () => {
  it("reads the logger's catches in one grouped statement, however many fish were caught", async () => {
    const logger = await addLogger(ctx.db.kysely);
    const view = await ctx.services.catalogue.view();
    const fishes = view.groups.fish.slice(0, 60);
    await insertCatches(
      ctx.db.kysely,
      fishes.flatMap((fish, n) => [
        catchRow(logger, { fish_id: fish.id, weight: 1_000 + n, star_type: 446 }),
        catchRow(logger, { fish_id: fish.id, weight: 900, star_type: 0 }),
      ]),
    );
    const statements: string[] = [];
    const db = ctx.db.kysely.withPlugin({
      transformQuery: (args) => {
        statements.push(ctx.db.kysely.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const service = new CollectionService({
      shares: new CollectionSharesRepository(db),
      ownCatches: new AllTimeRepository(db),
      sharedCatches: new AllTimeRepository(db),
      catalogue: ctx.services.catalogue,
      publicBaseUrl: 'https://anglerdex.test',
    });
    const { user } = await signedIn(ctx.app);
    const body = await service.mine({ id: user.id, client_id: logger }, 'en');
    expect(body.caught).toBe(fishes.filter((fish) => !fish.deprecated).length);
    expect(byFish(body).get(fishes[59]!.id)).toMatchObject({ catch_count: 2, best_star_type: 446 });
    expect(statements.filter((statement) => /from\s+"?catch"?\b/i.test(statement))).toHaveLength(1);
    expect(statements).toHaveLength(2);
  });
});
