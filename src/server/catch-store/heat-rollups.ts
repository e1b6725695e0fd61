/**
 * Keeps the heat map's rollup (`heat_cell_day`, migration 0006) exact: the catch writer calls `add` inside the
 * transaction of every batch with the rows that were new, so a batch and its counts commit or roll back together and
 * no reader ever sees one without the other (decision 0012). `ensureComplete` counts catches stored before the
 * rollup existed at start-up; `ensureBounds` rebuilds the maps whose catalogue bounds changed (decision 0025).
 *
 * The bounds a map's rollup and window sums are counted with are stored on its `heat_map_version` row (migration
 * 0015), the row every batch counting on the map takes before it counts: a batch counts its catches into the cells of
 * those stored bounds, whatever its own catalogue view says (another process may not have reloaded the catalogue
 * yet), and `rebuildMap` takes the same row first, recounts the map from its catches with the new bounds and stores
 * them, in one transaction. The rebuild waits for a batch that took the row first and then sees its catches (its
 * recount runs after); a batch that takes the row after the rebuild counts with the new bounds. Either way each catch is counted once, in
 * the cell the stored bounds give.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database, HeatCellDayTable } from '../db/schema';
import {
  boundsOf,
  cellOf,
  cellSql,
  DAY_MS,
  ENDED_DAY_MARGIN_MS,
  gridOf,
  type HeatGrid,
  type MapsCatalogue,
  sameBounds,
} from './heat-grid';
import { dayOf, HeatWindows, type WindowedCatch } from './heat-windows';
import { trustClassOf } from '#shared/catch-trust';
import { trustClassSql, visibleSql } from './catch-trust';

/** Builds one map's windows ending in `endDay` (HeatWindows.build, possibly elsewhere); answers whether it built. */
export type WindowsBuilder = (mapId: number, grid: HeatGrid, endDay: number, now: number) => Promise<boolean>;

/**
 * Rebuilds one map's rollup and window sums for the bounds of `grid` (HeatRollups.rebuildMap, possibly elsewhere);
 * answers whether it rebuilt (false: they were already counted with these bounds).
 */
export type MapRebuilder = (mapId: number, grid: HeatGrid, now: number) => Promise<boolean>;

/** Where the long statements run (the catch-commit thread on SQLite files: catch-store.ts); by default on `db`. */
export interface RollupWork {
  buildWindows?: WindowsBuilder;
  rebuildMap?: MapRebuilder;
}

/** The columns of a new catch the rollup and its windows need. */
export type RolledCatch = WindowedCatch;

/**
 * Meta key set by a prune of old catches (catch-prune.ts): the UTC day before which raw catches may be gone. The
 * rollup of those days is kept as it was counted and never recounted from the catches (decision 0029).
 */
export const PRUNED_MARK = 'catch_pruned_before_day';

/** A day after every catch (its epoch ms stay a safe integer): the open end of a day range. */
const LAST_DAY = 100_000_000;

/** The day of PRUNED_MARK, 0 when nothing was pruned. */
export async function prunedDay(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', PRUNED_MARK).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Rows per upsert statement; the event loop is given back between statements (as the writer's inserts do). */
const UPSERT_CHUNK = 100;

export class HeatRollups {
  /** The window sums counted from this rollup (heat-windows.ts). */
  private readonly windows: HeatWindows;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly catalogue: MapsCatalogue,
    private readonly clock: () => number = Date.now,
    /** Where a map's windows are built and a map is rebuilt (the catch-commit thread: catch-store.ts). */
    private readonly work: RollupWork = {},
  ) {
    this.windows = new HeatWindows(db, dialect);
  }

  /** The grid of every map, from the catalogue in memory. */
  async grids(): Promise<Map<number, HeatGrid>> {
    const view = await this.catalogue.view();
    return new Map([...view.maps].map(([id, map]) => [id, gridOf(map.data.bounds)]));
  }

  /**
   * Counts new catches into the rollup, inside their batch's transaction. The maps' version rows are taken first (in
   * map order), and the catches counted into the cells of the bounds stored on them (see above). Rows are summed per
   * key in memory first and upserted in key order: two transactions upserting the same keys then lock them in the
   * same order and cannot deadlock (PostgreSQL).
   */
  async add(trx: Transaction<Database>, rows: readonly RolledCatch[]): Promise<void> {
    const grids = await this.grids();
    // Every map counted into has changed (the answers readers keep: catch-changes.ts); counts into days that have
    // ended also change the whole-day sums they keep (features/heatmap/heatmap.repository.ts).
    const ended = Math.floor((this.clock() + ENDED_DAY_MARGIN_MS) / DAY_MS);
    const touched = new Map<number, boolean>();
    for (const row of rows) {
      // The writer judged the map against the same catalogue; a map deleted since has no heat map to count into.
      if (!grids.has(row.map_id)) continue;
      const endedDay = Math.floor(row.caught_at / DAY_MS) < ended;
      touched.set(row.map_id, touched.get(row.map_id) === true || endedDay);
    }
    const counted = await this.raiseVersions(trx, touched, grids, 'keep');
    const sums = new Map<string, HeatCellDayTable>();
    for (const row of rows) {
      const grid = counted.get(row.map_id);
      // A hidden catch (only an operator hides one, never a batch) is counted nowhere.
      const trust_class = trustClassOf(row.trust ?? 1);
      if (!grid || trust_class === null) continue;
      const day = Math.floor(row.caught_at / DAY_MS);
      const cell = cellOf(grid, row.x, row.y);
      const key = `${row.map_id}/${trust_class}/${day}/${row.star_type}/${cell}`;
      const sum = sums.get(key);
      if (sum) {
        sum.count += 1;
        if (row.caught_at > sum.last_at) sum.last_at = row.caught_at;
      } else
        sums.set(key, {
          map_id: row.map_id,
          trust_class,
          day,
          star_type: row.star_type,
          cell,
          count: 1,
          last_at: row.caught_at,
        });
    }
    await this.upsert(trx, [...sums.values()].sort(byKey));
    // After the maps' version rows are taken: a window built meanwhile is seen (heat-windows.ts).
    await this.windows.add(trx, rows, counted);
  }

  /**
   * Builds the window sums of every map for the day `now` falls in, where they are missing, and drops those no
   * reader needs any more (a reader whose clock is a little behind still finds yesterday's). Called at start-up and
   * every minute (server.ts): readers count from the daily rollup until a map's windows are built. Answers how
   * many maps it built.
   */
  async ensureWindows(now = this.clock()): Promise<number> {
    const endDay = dayOf(now);
    const [grids, built] = await Promise.all([this.grids(), this.windows.builtMaps(endDay)]);
    let count = 0;
    for (const [mapId, grid] of [...grids].sort(([a], [b]) => a - b)) {
      if (built.has(mapId)) continue;
      const build = this.work.buildWindows ?? ((...args) => this.windows.build(...args));
      if (await build(mapId, grid, endDay, now)) count += 1;
    }
    // Once a day, by whichever process built first.
    if (count > 0) await this.windows.prune(endDay - 1);
    return count;
  }

  /**
   * Rebuilds, map by map, the rollup and window sums of every map whose catalogue bounds differ from those they were
   * counted with (a catalogue import moved them; decision 0025), and answers the maps it rebuilt. Each map is one
   * transaction (`rebuildMap`, on the catch-commit thread for SQLite files), so readers keep reading the map's old
   * counts until its new ones commit, and writers to other maps are not held up. Two processes calling it at once
   * rebuild each map once: the second finds the bounds already stored when it gets the map's row.
   */
  async ensureBounds(now = this.clock()): Promise<number[]> {
    const [grids, rows] = await Promise.all([
      this.grids(),
      this.db.selectFrom('heat_map_version').select(['map_id', 'x_min', 'y_min', 'x_max', 'y_max']).execute(),
    ]);
    const counted = new Map(rows.map((row) => [row.map_id, boundsOf(row)]));
    const rebuilt: number[] = [];
    for (const [mapId, grid] of [...grids].sort(([a], [b]) => a - b)) {
      if (sameBounds(counted.get(mapId), grid.bounds)) continue;
      const rebuild = this.work.rebuildMap ?? ((...args) => this.rebuildMap(...args));
      if (await rebuild(mapId, grid, now)) rebuilt.push(mapId);
    }
    return rebuilt;
  }

  /**
   * Recounts one map's rollup from its catches with the bounds of `grid`, and its built window sums from that, in one
   * transaction that first takes the map's version row (as every batch counting on the map does, see above), then
   * stores the bounds and raises both of the map's counters so every answer kept over the old cells drops. Nothing
   * else is locked: on PostgreSQL batches on other maps go on (the recount reads the catches in its own snapshot,
   * taken after the row), on SQLite the write lock is the database's.
   */
  async rebuildMap(mapId: number, grid: HeatGrid, now = this.clock()): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // The map's row: a no-op update that takes its lock (on SQLite, the write lock before anything is read) and
      // reads the bounds committed last.
      const row = await trx
        .insertInto('heat_map_version')
        .values({ map_id: mapId, version: 0 })
        .onConflict((oc) => oc.column('map_id').doUpdateSet({ version: sql<number>`heat_map_version.version` }))
        .returning(['x_min', 'y_min', 'x_max', 'y_max'])
        .executeTakeFirstOrThrow();
      if (sameBounds(boundsOf(row), grid.bounds)) return false;
      const builtEnds = await trx
        .selectFrom('heat_window_built')
        .select('end_day')
        .where('map_id', '=', mapId)
        .orderBy('end_day')
        .execute();
      await this.windows.clearMap(trx, mapId);
      await trx.deleteFrom('heat_cell_day').where('map_id', '=', mapId).execute();
      await this.countMap(trx, mapId, grid);
      // The windows readers were using, counted again from the new rollup (the others are built by ensureWindows).
      for (const { end_day } of builtEnds) await this.windows.count(trx, mapId, grid, Number(end_day), now);
      await this.raiseVersions(trx, new Map([[mapId, true]]), new Map([[mapId, grid]]), 'set');
      return true;
    });
  }

  /**
   * Start-up: when the rollup does not count exactly the stored catches (catches from before migration 0006, or a
   * bulk load that stopped), it is rebuilt from them in one transaction. Answers whether it rebuilt. (A map whose
   * bounds changed counts every catch, in other cells: `ensureBounds` finds it.)
   */
  async ensureComplete(): Promise<boolean> {
    // Days before a prune's mark have no raw catches left (catch-prune.ts): their rollup is kept, not recounted.
    const pruned = await prunedDay(this.db);
    const [catches, counted] = await Promise.all([
      this.db
        .selectFrom('catch')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('caught_at', '>=', pruned * DAY_MS)
        .where(visibleSql())
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('heat_cell_day')
        .select((eb) => eb.fn.sum<number>('count').as('n'))
        .where('day', '>=', pruned)
        .executeTakeFirstOrThrow(),
    ]);
    if (Number(catches.n) === Number(counted.n ?? 0)) return false;
    await this.rebuild();
    return true;
  }

  /**
   * Recounts the rollup from the catches, map by map, in one transaction (writers wait meanwhile): the whole of it,
   * or only the UTC days `[days[0], days[1])` (a tool that removed catches). Each map's counts go from the catches
   * into the rollup in one `insert … select`, inside the database: through JavaScript, in upserts of 100 rows, the
   * rebuild of a 1 M-catch world took 19 s on PostgreSQL, nearly all of it those statements (decision 0022).
   */
  async rebuild(asked?: readonly [number, number]): Promise<void> {
    const grids = await this.grids();
    // The days a prune removed the catches of keep their rollup: only the later ones can be recounted.
    const pruned = await prunedDay(this.db);
    const days: readonly [number, number] | undefined =
      pruned > 0 ? [Math.max(asked?.[0] ?? 0, pruned), asked?.[1] ?? LAST_DAY] : asked;
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`lock table catch in share mode`.execute(trx);
      // The windows were counted from the rollup being recounted: ensureWindows counts them again.
      await this.windows.clear(trx);
      let stale = trx.deleteFrom('heat_cell_day');
      if (days) stale = stale.where('day', '>=', days[0]).where('day', '<', days[1]);
      await stale.execute();
      // A few days (a tool removed catches): counted with the bounds the rest of each map's days were counted with.
      const counting = days ? await this.countedGrids(trx, grids) : grids;
      for (const [mapId, grid] of counting) await this.countMap(trx, mapId, grid, days);
      await this.raiseVersions(
        trx,
        new Map([...grids.keys()].map((mapId) => [mapId, true])),
        grids,
        days ? 'keep' : 'set',
      );
    });
  }

  /**
   * Inside the transaction of an operator's change to stored catches (catch-moderation.ts: hidden or restored, each
   * map with the UTC days it touched): takes the maps' version rows (as every batch counting on them does, so a
   * batch either committed before and is recounted, or counts after), raises both counters so every kept answer over
   * them drops, and counts those days' rollup and the built windows over them again from the catches.
   */
  async recountDays(trx: Transaction<Database>, touched: ReadonlyMap<number, readonly number[]>): Promise<void> {
    const grids = await this.grids();
    const maps = new Map([...touched.keys()].filter((mapId) => grids.has(mapId)).map((mapId) => [mapId, true]));
    const counted = await this.raiseVersions(trx, maps, grids, 'keep');
    for (const [mapId, grid] of [...counted].sort(([a], [b]) => a - b)) {
      const days = touched.get(mapId)!;
      const range: [number, number] = [Math.min(...days), Math.max(...days) + 1];
      await trx
        .deleteFrom('heat_cell_day')
        .where('map_id', '=', mapId)
        .where('day', '>=', range[0])
        .where('day', '<', range[1])
        .execute();
      await this.countMap(trx, mapId, grid, range);
      await this.windows.recount(trx, mapId, grid, range);
    }
  }

  /** Counts a map's catches (of the days `[days[0], days[1])`, else all) into the rollup, where no row of theirs is. */
  private async countMap(trx: Transaction<Database>, mapId: number, grid: HeatGrid, days?: readonly [number, number]) {
    const day = sql<number>`floor(caught_at / ${DAY_MS})`;
    let counts = trx
      .selectFrom('catch')
      .select([
        sql<number>`cast(${mapId} as integer)`.as('map_id'),
        trustClassSql().as('trust_class'),
        sql<number>`cast(${day} as integer)`.as('day'),
        'star_type',
        cellSql(this.dialect, grid).as('cell'),
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.max('caught_at').as('last_at'),
      ])
      .where('map_id', '=', mapId)
      .where(visibleSql());
    if (days) counts = counts.where('caught_at', '>=', days[0] * DAY_MS).where('caught_at', '<', days[1] * DAY_MS);
    // The stale rows are gone and the groups are distinct: nothing conflicts (the map's writers wait meanwhile).
    await trx
      .insertInto('heat_cell_day')
      .columns(['map_id', 'trust_class', 'day', 'star_type', 'cell', 'count', 'last_at'])
      .expression(counts.groupBy(['trust_class', 'day', 'star_type', 'cell']))
      .execute();
  }

  /** Each map's grid as its rollup was counted (the stored bounds), or as the catalogue has it when none are stored. */
  private async countedGrids(
    trx: Transaction<Database>,
    grids: ReadonlyMap<number, HeatGrid>,
  ): Promise<Map<number, HeatGrid>> {
    const rows = await trx
      .selectFrom('heat_map_version')
      .select(['map_id', 'x_min', 'y_min', 'x_max', 'y_max'])
      .execute();
    const stored = new Map(rows.map((row) => [row.map_id, boundsOf(row)]));
    return new Map(
      [...grids].map(([mapId, grid]) => {
        const bounds = stored.get(mapId);
        return [mapId, bounds && !sameBounds(bounds, grid.bounds) ? gridOf(bounds) : grid];
      }),
    );
  }

  /**
   * One more `changes` for each map counted into, and one more `version` for those whose ended days were (`true`),
   * in map order (two writers never wait on each other in opposite orders). The bounds stored on each row are kept
   * (`keep`: a batch; `grids` fill a row that has none) or replaced by `grids` (`set`: a rebuild). Answers the grid
   * each map is counted with: the one of the bounds stored.
   */
  private async raiseVersions(
    trx: Transaction<Database>,
    maps: ReadonlyMap<number, boolean>,
    grids: ReadonlyMap<number, HeatGrid>,
    bounds: 'keep' | 'set',
  ): Promise<Map<number, HeatGrid>> {
    if (maps.size === 0) return new Map();
    const stored = (column: 'x_min' | 'y_min' | 'x_max' | 'y_max') =>
      bounds === 'set'
        ? sql<number>`excluded.${sql.ref(column)}`
        : sql<number>`coalesce(heat_map_version.${sql.ref(column)}, excluded.${sql.ref(column)})`;
    const rows = await trx
      .insertInto('heat_map_version')
      .values(
        [...maps]
          .sort(([a], [b]) => a - b)
          .map(([map_id, endedDays]) => ({
            map_id,
            version: endedDays ? 1 : 0,
            changes: 1,
            ...grids.get(map_id)!.bounds,
          })),
      )
      .onConflict((oc) =>
        oc.column('map_id').doUpdateSet({
          version: sql<number>`heat_map_version.version + excluded.version`,
          changes: sql<number>`heat_map_version.changes + 1`,
          x_min: stored('x_min'),
          y_min: stored('y_min'),
          x_max: stored('x_max'),
          y_max: stored('y_max'),
        }),
      )
      .returning(['map_id', 'x_min', 'y_min', 'x_max', 'y_max'])
      .execute();
    const counted = new Map<number, HeatGrid>();
    for (const row of rows) {
      const grid = grids.get(row.map_id)!;
      const bounds = boundsOf(row);
      // The grid of the catalogue when the bounds agree (the usual case: no new object per batch).
      counted.set(row.map_id, !bounds || sameBounds(bounds, grid.bounds) ? grid : gridOf(bounds));
    }
    return counted;
  }

  private async upsert(trx: Transaction<Database>, rows: readonly HeatCellDayTable[]): Promise<void> {
    const newest =
      this.dialect === 'sqlite'
        ? sql<number>`max(heat_cell_day.last_at, excluded.last_at)`
        : sql<number>`greatest(heat_cell_day.last_at, excluded.last_at)`;
    for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
      if (i > 0) await yieldToEventLoop();
      await trx
        .insertInto('heat_cell_day')
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['map_id', 'trust_class', 'day', 'star_type', 'cell']).doUpdateSet({
            count: sql<number>`heat_cell_day.count + excluded.count`,
            last_at: newest,
          }),
        )
        .execute();
    }
  }
}

function byKey(a: HeatCellDayTable, b: HeatCellDayTable): number {
  return (
    a.map_id - b.map_id ||
    a.trust_class - b.trust_class ||
    a.day - b.day ||
    a.star_type - b.star_type ||
    a.cell - b.cell
  );
}
