/**
 * Keeps the heat map's rollup (`heat_cell_day`, migration 0006) exact: the catch writer calls `add` inside the
 * transaction of every batch with the rows that were new, so a batch and its counts commit or roll back together and
 * no reader ever sees one without the other (decision 0012). `ensureComplete` counts catches stored before the
 * rollup existed (or after a map's bounds changed) at start-up.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database, HeatCellDayTable } from '../db/schema';
import { cellOf, cellSql, DAY_MS, ENDED_DAY_MARGIN_MS, gridOf, type HeatGrid, type MapsCatalogue } from './heat-grid';
import { dayOf, HeatWindows, type WindowedCatch } from './heat-windows';

/** Builds one map's windows ending in `endDay` (HeatWindows.build, possibly elsewhere); answers whether it built. */
export type WindowsBuilder = (mapId: number, grid: HeatGrid, endDay: number, now: number) => Promise<boolean>;

/** The columns of a new catch the rollup and its windows need. */
export type RolledCatch = WindowedCatch;

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
    /** Where a map's windows are built (the catch-commit thread: catch-store.ts); by default on `db`. */
    private readonly buildWindows?: WindowsBuilder,
  ) {
    this.windows = new HeatWindows(db, dialect);
  }

  /** The grid of every map, from the catalogue in memory. */
  async grids(): Promise<Map<number, HeatGrid>> {
    const view = await this.catalogue.view();
    return new Map([...view.maps].map(([id, map]) => [id, gridOf(map.data.bounds)]));
  }

  /**
   * Counts new catches into the rollup, inside their batch's transaction. Rows are summed per key in memory first
   * and upserted in key order: two transactions upserting the same keys then lock them in the same order and cannot
   * deadlock (PostgreSQL).
   */
  async add(trx: Transaction<Database>, rows: readonly RolledCatch[]): Promise<void> {
    const grids = await this.grids();
    const sums = new Map<string, HeatCellDayTable>();
    for (const row of rows) {
      const grid = grids.get(row.map_id);
      // The writer judged the map against the same catalogue; a map deleted since has no heat map to count into.
      if (!grid) continue;
      const day = Math.floor(row.caught_at / DAY_MS);
      const cell = cellOf(grid, row.x, row.y);
      const key = `${row.map_id}/${day}/${row.star_type}/${cell}`;
      const sum = sums.get(key);
      if (sum) {
        sum.count += 1;
        if (row.caught_at > sum.last_at) sum.last_at = row.caught_at;
      } else
        sums.set(key, { map_id: row.map_id, day, star_type: row.star_type, cell, count: 1, last_at: row.caught_at });
    }
    await this.upsert(trx, [...sums.values()].sort(byKey));
    // Every map counted into has changed (the answers readers keep: catch-changes.ts); counts into days that have
    // ended also change the whole-day sums they keep (features/heatmap/heatmap.repository.ts).
    const ended = Math.floor((this.clock() + ENDED_DAY_MARGIN_MS) / DAY_MS);
    const touched = new Map<number, boolean>();
    for (const sum of sums.values()) touched.set(sum.map_id, touched.get(sum.map_id) === true || sum.day < ended);
    await this.raiseVersions(trx, touched);
    // After the maps' version rows are taken: a window built meanwhile is seen (heat-windows.ts).
    await this.windows.add(trx, rows, grids);
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
      const build = this.buildWindows ?? ((...args) => this.windows.build(...args));
      if (await build(mapId, grid, endDay, now)) count += 1;
    }
    // Once a day, by whichever process built first.
    if (count > 0) await this.windows.prune(endDay - 1);
    return count;
  }

  /**
   * Start-up: when the rollup does not count exactly the stored catches (catches from before migration 0006, or a
   * map whose bounds changed), it is rebuilt from them in one transaction. Answers whether it rebuilt.
   */
  async ensureComplete(): Promise<boolean> {
    const [catches, counted] = await Promise.all([
      this.db
        .selectFrom('catch')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('heat_cell_day')
        .select((eb) => eb.fn.sum<number>('count').as('n'))
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
  async rebuild(days?: readonly [number, number]): Promise<void> {
    const grids = await this.grids();
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`lock table catch in share mode`.execute(trx);
      // The windows were counted from the rollup being recounted: ensureWindows counts them again.
      await this.windows.clear(trx);
      let stale = trx.deleteFrom('heat_cell_day');
      if (days) stale = stale.where('day', '>=', days[0]).where('day', '<', days[1]);
      await stale.execute();
      for (const [mapId, grid] of grids) {
        const day = sql<number>`floor(caught_at / ${DAY_MS})`;
        let counts = trx
          .selectFrom('catch')
          .select([
            sql<number>`cast(${mapId} as integer)`.as('map_id'),
            sql<number>`cast(${day} as integer)`.as('day'),
            'star_type',
            cellSql(this.dialect, grid).as('cell'),
            (eb) => eb.fn.countAll<number>().as('count'),
            (eb) => eb.fn.max('caught_at').as('last_at'),
          ])
          .where('map_id', '=', mapId);
        if (days) counts = counts.where('caught_at', '>=', days[0] * DAY_MS).where('caught_at', '<', days[1] * DAY_MS);
        // The stale rows are gone and the groups are distinct: nothing conflicts (the share lock keeps writers out).
        await trx
          .insertInto('heat_cell_day')
          .columns(['map_id', 'day', 'star_type', 'cell', 'count', 'last_at'])
          .expression(counts.groupBy(['day', 'star_type', 'cell']))
          .execute();
      }
      await this.raiseVersions(trx, new Map([...grids.keys()].map((mapId) => [mapId, true])));
    });
  }

  /**
   * One more `changes` for each map counted into, and one more `version` for those whose ended days were (`true`),
   * in map order (two writers never wait on each other in opposite orders).
   */
  private async raiseVersions(trx: Transaction<Database>, maps: ReadonlyMap<number, boolean>): Promise<void> {
    if (maps.size === 0) return;
    await trx
      .insertInto('heat_map_version')
      .values(
        [...maps]
          .sort(([a], [b]) => a - b)
          .map(([map_id, endedDays]) => ({ map_id, version: endedDays ? 1 : 0, changes: 1 })),
      )
      .onConflict((oc) =>
        oc.column('map_id').doUpdateSet({
          version: sql<number>`heat_map_version.version + excluded.version`,
          changes: sql<number>`heat_map_version.changes + 1`,
        }),
      )
      .execute();
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
          oc.columns(['map_id', 'day', 'star_type', 'cell']).doUpdateSet({
            count: sql<number>`heat_cell_day.count + excluded.count`,
            last_at: newest,
          }),
        )
        .execute();
    }
  }
}

function byKey(a: HeatCellDayTable, b: HeatCellDayTable): number {
  return a.map_id - b.map_id || a.day - b.day || a.star_type - b.star_type || a.cell - b.cell;
}
