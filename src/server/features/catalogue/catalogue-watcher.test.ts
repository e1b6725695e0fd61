/**
 * Live reload (decision 0025): two apps on one database — the same SQLite file, or the same PostgreSQL schema and
 * Redis — each with its catalogue watcher. A catalogue change written through one is served by the other within the
 * interval, its category list's ETag changes with the body, and a moved map's heat map is rebuilt once. The marker
 * here is a meta row of the test's own (the importer's `catalogue_version` is migration 0014's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPackage } from '../../test/catalogue-packages';
import { createTestApp, type TestAppOptions, type TestContext } from '../../test/test-app';
import { type CatalogueMarker, CatalogueWatcher } from './catalogue-watcher';

const MARKER_KEY = 'test_catalogue_marker';
const INTERVAL_MS = 100;
const LIST = '/api/system/get_category_list?category_group=maps&category_group=fish';

let a: TestContext;
let b: TestContext;
const watchers: CatalogueWatcher[] = [];
/** The maps each app's watcher rebuilt, in order. */
const rebuilt = new Map<TestContext, number[]>();

const marker =
  (ctx: TestContext): CatalogueMarker =>
  async () => {
    const row = await ctx.db.reads.selectFrom('meta').select('value').where('key', '=', MARKER_KEY).executeTakeFirst();
    return row?.value ?? null;
  };

/** Each app's watcher, wired as services.ts wires it, with the test's marker. */
function watch(ctx: TestContext): CatalogueWatcher {
  rebuilt.set(ctx, []);
  const watcher = new CatalogueWatcher(ctx.services.catalogue, {
    marker: marker(ctx),
    intervalMs: INTERVAL_MS,
    afterRefresh: async () => rebuilt.get(ctx)!.push(...(await ctx.services.heatRollups.ensureBounds())),
    onError: (error) => {
      throw error;
    },
  });
  watchers.push(watcher);
  return watcher;
}

/** Through `ctx`: a fish renamed and a map's bounds moved, with the marker, in one transaction (as an import). */
async function applyChange(ctx: TestContext, fishId: number, name: string, mapId: number) {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('category').set({ name_en: name }).where('id', '=', fishId).execute();
    const row = await trx.selectFrom('category').select('data').where('id', '=', mapId).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    data.bounds = { ...data.bounds, x_max: data.bounds.x_max + 100 };
    await trx
      .updateTable('category')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', mapId)
      .execute();
    await trx
      .insertInto('meta')
      .values({ key: MARKER_KEY, value: name })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: name }))
      .execute();
  });
  return { ...(await ctx.services.catalogue.view()).maps.get(mapId)!.data.bounds };
}

async function within<T>(ms: number, probe: () => Promise<T | undefined>): Promise<{ value: T; after: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, after: Date.now() - started };
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  a = await createTestApp({ env: { CATALOGUE_WATCH_MS: String(INTERVAL_MS) } });
  const database = a.config.database;
  const shared: TestAppOptions =
    database.dialect === 'sqlite'
      ? { env: { DATABASE_URL: `sqlite:${database.file}` } }
      : { pgSchema: a.db.schema!, env: { REDIS_PREFIX: a.config.redisPrefix } };
  b = await createTestApp({ seed: false, ...shared, env: { ...shared.env, CATALOGUE_WATCH_MS: String(INTERVAL_MS) } });
  await Promise.all([watch(a).start(), watch(b).start()]);
});
afterAll(async () => {
  await Promise.all(watchers.map((watcher) => watcher.stop()));
  await b?.close();
  await a?.close();
});

describe('catalogue live reload', () => {
  it('serves a change written through another instance within the interval, with a new ETag, and rebuilds its map once', async () => {
    const view = await b.services.catalogue.view();
    const fish = view.groups.fish[0]!;
    const map = view.groups.maps[0]!;
    const first = await b.app.inject({ url: LIST });
    const etag = String(first.headers.etag);
    expect(first.statusCode).toBe(200);
    const name = `Renamed ${Date.now()}`;
    const before = rebuilt.get(a)!.length + rebuilt.get(b)!.length;

    const bounds = await applyChange(a, fish.id, name, map.id);
    // A has not reloaded either: it too learns of the change from the marker.
    expect(bounds).toEqual(map.data.bounds);
    const { value: served, after } = await within(5_000, async () => {
      const res = await b.app.inject({ url: LIST });
      return res.json().category_list.fish.some((item: { name_en: string }) => item.name_en === name) ? res : undefined;
    });
    expect(after).toBeLessThan(5_000);

    // The ETag follows the body: the old one no longer matches, the new one does.
    expect(served.headers.etag).not.toBe(etag);
    const stale = await b.app.inject({ url: LIST, headers: { 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(served.body);
    expect(
      (await b.app.inject({ url: LIST, headers: { 'if-none-match': String(served.headers.etag) } })).statusCode,
    ).toBe(304);

    // Both instances reload, and the moved map is rebuilt by one of them, once.
    await within(5_000, async () =>
      (await a.services.catalogue.view()).fish.get(fish.id)!.name_en === name ? true : undefined,
    );
    const moved = (await b.services.catalogue.view()).maps.get(map.id)!.data.bounds;
    expect(moved.x_max).toBe(map.data.bounds.x_max + 100);
    await within(5_000, async () => {
      const row = await a.db.kysely
        .selectFrom('heat_map_version')
        .selectAll()
        .where('map_id', '=', map.id)
        .executeTakeFirst();
      return row?.x_max === moved.x_max ? row : undefined;
    });
    // Let both watchers finish their reload, then count the rebuilds.
    await Promise.all(watchers.map((watcher) => watcher.check()));
    expect(rebuilt.get(a)!.length + rebuilt.get(b)!.length - before).toBe(1);
    const heat = await b.app.inject({ url: `/api/heatmap?map_id=${map.id}&range=7d` });
    expect(heat.json().bounds).toEqual(moved);
  });

  it('serves a package imported through one instance on the other, with the versions table as the marker', async () => {
    // The apps' own watchers, as server.ts starts them: the marker is the live catalogue version (migration 0014).
    await Promise.all([a.services.catalogueWatcher.start(), b.services.catalogueWatcher.start()]);
    const before = await b.services.catalogue.view();
    const map = before.groups.maps[1]!;
    const name = `Imported ${Date.now()}`;
    const { load } = await testPackage({
      patch: '9.9.9',
      edit: (groups) => {
        groups.fish[0]!.name_en = name;
        const moved = groups.maps.find((item) => item.id === map.id)!;
        moved.data.bounds = { ...moved.data.bounds, y_max: moved.data.bounds.y_max + 50 };
      },
    });
    const etag = String((await b.app.inject({ url: LIST })).headers.etag);
    const applied = await a.services.catalogueImporter.apply(load, 'test');
    expect(applied.ok).toBe(true);
    // The applying instance serves it at once, its moved map rebuilt before the apply returned.
    expect((await a.services.catalogue.view()).maps.get(map.id)!.data.bounds.y_max).toBe(map.data.bounds.y_max + 50);
    const counted = await a.db.kysely
      .selectFrom('heat_map_version')
      .selectAll()
      .where('map_id', '=', map.id)
      .executeTakeFirstOrThrow();
    expect(counted.y_max).toBe(map.data.bounds.y_max + 50);
    // The other within the interval (5 s is the bound).
    const { value: served } = await within(5_000, async () => {
      const res = await b.app.inject({ url: LIST });
      return res.json().category_list.fish.some((item: { name_en: string }) => item.name_en === name) ? res : undefined;
    });
    expect(served.headers.etag).not.toBe(etag);
    await a.services.catalogueWatcher.stop();
    await b.services.catalogueWatcher.stop();
  });

  it('does not reload while the marker is unchanged, and tries a failed reload again', async () => {
    const ctx = a;
    let fail = true;
    const errors: unknown[] = [];
    let refreshed = 0;
    const watcher = new CatalogueWatcher(ctx.services.catalogue, {
      marker: async () => {
        if (fail) throw new Error('database away');
        return 'v1';
      },
      intervalMs: 20,
      afterRefresh: async () => {
        refreshed += 1;
      },
      onError: (error) => errors.push(error),
    });
    watchers.push(watcher);
    await watcher.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Several failed checks, reported once.
    expect(errors).toHaveLength(1);
    expect(refreshed).toBe(0);
    fail = false;
    await within(2_000, async () => (refreshed === 1 ? true : undefined));
    const version = (await ctx.services.catalogue.view()).version;
    expect(await watcher.check()).toBe(false);
    expect(refreshed).toBe(1);
    expect((await ctx.services.catalogue.view()).version).toBe(version);
    await watcher.stop();
  });
});
