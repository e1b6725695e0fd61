/**
 * The heat map's window sums (migration 0013, decision 0021): for each map and UTC day t, the catches of the whole
 * days [t − L + 1, t) of the rolling views of L = 3, 7 and 30 days, per (fish or all fish, star type, cell). A cold
 * view then reads about one row per cell of its answer instead of one per (day, cell), and only its two partial days
 * from the raw catches.
 *
 * Exact at every moment, for every process sharing the database:
 * - `build` counts a (map, t) in one transaction that first takes the map's `heat_map_version` row, which every batch
 *   counting catches on the map also takes (HeatRollups.raiseVersions) before it looks for built windows. So a batch
 *   either committed before the build read (its catches are in the build's counts) or reads the build's mark after it
 *   committed and adds its catches itself (`add`). On SQLite both run under the one write lock.
 * - `add` runs in the writer's transaction: a catch of day d is added to every built window with
 *   t − L + 1 ≤ d < t, whatever the writer's clock says (late uploads, seeding into the past).
 * - a reader uses a window only when it reads the (map, t) mark in the same statement; otherwise it counts the whole
 *   days from the daily rollup (features/heatmap/heatmap.repository.ts).
 *
 * The all-fish sums are built packed (migration 0016): one `heat_window_packed` row per (days, star type) holds the
 * `cell,count,…` string a reader hands to JavaScript. `add` keeps putting late catches into `heat_cell_window`
 * (fish 0 included), so a window's all-fish sums are its packed rows plus those rows (the heat map's reader adds
 * both; so does the tests' `src/server/test/heat-window-sums.ts`).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database, HeatCellWindowTable } from '../db/schema';
import { trustClassOf } from '#shared/catch-trust';
import { trustClassSql, visibleSql } from './catch-trust';
import { boundsOf, cellCountsSql, cellOf, cellSql, DAY_MS, gridOf, type HeatGrid, sameBounds } from './heat-grid';

/** The rolling views with whole days (the heat map's 3, 7 and 30 days; one day has none). */
export const WINDOW_DAYS = [3, 7, 30] as const;
/** `fish_id` of the all-fish sums. */
export const ALL_FISH = 0;
const LONGEST = Math.max(...WINDOW_DAYS);

/** The columns of a new catch the windows need. */
export interface WindowedCatch {
  map_id: number;
  fish_id: number;
  star_type: number;
  caught_at: number;
  x: number;
  y: number;
  /** As stored (src/shared/catch-trust.ts); absent: established. */
  trust?: number;
}

/** Rows per upsert statement. */
const UPSERT_CHUNK = 100;

/** The UTC day of an epoch-ms instant. */
export const dayOf = (at: number) => Math.floor(at / DAY_MS);

/** The whole days of the L-day view ending in day t: [t − L + 1, t). */
export const windowDays = (days: number, endDay: number): [number, number] => [endDay - days + 1, endDay];

export class HeatWindows {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Inside a batch's transaction, after its maps' version rows were taken: adds the new catches to the built windows
   * that cover their days. Batches of current catches find no such window (a window ends before its day t) and cost
   * one primary-key read.
   */
  async add(trx: Transaction<Database>, rows: readonly WindowedCatch[], grids: ReadonlyMap<number, HeatGrid>) {
    if (rows.length === 0) return;
    let oldest = Infinity;
    let newest = -Infinity;
    const maps = new Set<number>();
    for (const row of rows) {
      const day = dayOf(row.caught_at);
      if (day < oldest) oldest = day;
      if (day > newest) newest = day;
      maps.add(row.map_id);
    }
    const built = await trx
      .selectFrom('heat_window_built')
      .select(['map_id', 'end_day'])
      .where('map_id', 'in', [...maps])
      .where('end_day', '>', oldest)
      .where('end_day', '<', newest + LONGEST)
      .execute();
    if (built.length === 0) return;
    const endDays = new Map<number, number[]>();
    for (const { map_id, end_day } of built) endDays.set(map_id, [...(endDays.get(map_id) ?? []), Number(end_day)]);
    const sums = new Map<string, HeatCellWindowTable>();
    const count = (key: Omit<HeatCellWindowTable, 'count' | 'last_at'>, at: number) => {
      const id = `${key.map_id}/${key.fish_id}/${key.days}/${key.end_day}/${key.trust_class}/${key.star_type}/${key.cell}`;
      const sum = sums.get(id);
      if (sum) {
        sum.count += 1;
        if (at > sum.last_at) sum.last_at = at;
      } else sums.set(id, { ...key, count: 1, last_at: at });
    };
    for (const row of rows) {
      const grid = grids.get(row.map_id);
      const ends = endDays.get(row.map_id);
      const trust_class = trustClassOf(row.trust ?? 1);
      if (!grid || !ends || trust_class === null) continue;
      const day = dayOf(row.caught_at);
      const cell = cellOf(grid, row.x, row.y);
      for (const end_day of ends)
        for (const days of WINDOW_DAYS) {
          const [first, end] = windowDays(days, end_day);
          if (day < first || day >= end) continue;
          const key = { map_id: row.map_id, days, end_day, trust_class, star_type: row.star_type, cell };
          count({ ...key, fish_id: ALL_FISH }, row.caught_at);
          count({ ...key, fish_id: row.fish_id }, row.caught_at);
        }
    }
    await this.upsert(trx, [...sums.values()].sort(byKey));
  }

  /**
   * Counts the windows of one map ending in day t, unless they are built: all fish from the daily rollup, each fish
   * from the map's catches (its index holds the fish, the star type and x, y). One transaction; answers whether it
   * built.
   */
  async build(mapId: number, grid: HeatGrid, endDay: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // The map's version row, as every batch counting on the map takes it (see above). A no-op update: it changes
      // no counter (kept answers stay valid), and on SQLite it is the write that takes the database's write lock
      // before anything is read. It holds the bounds the map's rollup was counted with (migration 0015): the
      // windows are counted with those, whatever the caller's catalogue view says (it may be a moment behind).
      const row = await trx
        .insertInto('heat_map_version')
        .values({ map_id: mapId, version: 0 })
        .onConflict((oc) => oc.column('map_id').doUpdateSet({ version: sql<number>`heat_map_version.version` }))
        .returning(['x_min', 'y_min', 'x_max', 'y_max'])
        .executeTakeFirstOrThrow();
      const counted = boundsOf(row);
      const done = await trx
        .selectFrom('heat_window_built')
        .select('map_id')
        .where('map_id', '=', mapId)
        .where('end_day', '=', endDay)
        .executeTakeFirst();
      if (done) return false;
      await this.count(trx, mapId, counted && !sameBounds(counted, grid.bounds) ? gridOf(counted) : grid, endDay, now);
      return true;
    });
  }

  /**
   * Counts the windows of one map ending in day t and marks them built, inside a transaction that holds the map's
   * version row and in which none of them are built (`build`; HeatRollups.rebuildMap after a change of bounds).
   */
  async count(trx: Transaction<Database>, mapId: number, grid: HeatGrid, endDay: number, now: number): Promise<void> {
    for (const days of WINDOW_DAYS) await this.countOne(trx, mapId, grid, endDay, days);
    await trx.insertInto('heat_window_built').values({ map_id: mapId, end_day: endDay, built_at: now }).execute();
  }

  /**
   * Counts again the built windows of one map whose whole days meet `[firstDay, endDay)` (an operator hid or restored
   * catches of those days: catch-moderation.ts), inside a transaction that holds the map's version row and whose
   * rollup of those days is already counted again.
   */
  async recount(trx: Transaction<Database>, mapId: number, grid: HeatGrid, [firstDay, lastEnd]: [number, number]) {
    const built = await trx
      .selectFrom('heat_window_built')
      .select('end_day')
      .where('map_id', '=', mapId)
      .where('end_day', '>', firstDay)
      .where('end_day', '<', lastEnd + LONGEST)
      .execute();
    for (const { end_day } of built)
      for (const days of WINDOW_DAYS) {
        const [first, end] = windowDays(days, Number(end_day));
        if (end <= firstDay || first >= lastEnd) continue;
        for (const table of ['heat_window_packed', 'heat_cell_window'] as const)
          await trx
            .deleteFrom(table)
            .where('map_id', '=', mapId)
            .where('days', '=', days)
            .where('end_day', '=', Number(end_day))
            .execute();
        await this.countOne(trx, mapId, grid, Number(end_day), days);
      }
  }

  /** One window length of a map's windows ending in day t, where none of its rows are. */
  private async countOne(trx: Transaction<Database>, mapId: number, grid: HeatGrid, endDay: number, days: number) {
    const [first, end] = windowDays(days, endDay);
    await sql`
        insert into heat_window_packed (map_id, days, end_day, trust_class, star_type, cells, count, last_at)
        select ${mapId}, ${days}, ${endDay}, trust_class, star_type, ${cellCountsSql(this.dialect)}, sum(count),
          max(last_at)
        from (
          select trust_class, star_type, cell, sum(count) as count, max(last_at) as last_at from heat_cell_day
          where map_id = ${mapId} and day >= ${first} and day < ${end}
          group by trust_class, star_type, cell
        ) as sums
        group by trust_class, star_type`.execute(trx);
    await sql`
        insert into heat_cell_window (map_id, fish_id, days, end_day, trust_class, star_type, cell, count, last_at)
        select map_id, fish_id, ${days}, ${endDay}, trust_class, star_type, cell, count(*), max(caught_at)
        from (
          select map_id, fish_id, ${trustClassSql()} as trust_class, star_type, ${cellSql(this.dialect, grid)} as cell,
            caught_at from catch
          where map_id = ${mapId} and caught_at >= ${first * DAY_MS} and caught_at < ${end * DAY_MS}
            and ${visibleSql()}
        ) as catches
        group by map_id, fish_id, trust_class, star_type, cell`.execute(trx);
  }

  /** Drops the windows no reader asks for any more: those ending before `oldestEndDay`. */
  async prune(oldestEndDay: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('heat_window_built').where('end_day', '<', oldestEndDay).execute();
      await trx.deleteFrom('heat_cell_window').where('end_day', '<', oldestEndDay).execute();
      await trx.deleteFrom('heat_window_packed').where('end_day', '<', oldestEndDay).execute();
    });
  }

  /** Forgets every window (the rollup they were counted from was rebuilt); `build` counts them again. */
  async clear(trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom('heat_window_built').execute();
    await trx.deleteFrom('heat_cell_window').execute();
    await trx.deleteFrom('heat_window_packed').execute();
  }

  /** Forgets one map's windows (its rollup is being recounted with other bounds); `count` counts them again. */
  async clearMap(trx: Transaction<Database>, mapId: number): Promise<void> {
    await trx.deleteFrom('heat_window_built').where('map_id', '=', mapId).execute();
    await trx.deleteFrom('heat_cell_window').where('map_id', '=', mapId).execute();
    await trx.deleteFrom('heat_window_packed').where('map_id', '=', mapId).execute();
  }

  /** The maps whose windows ending in day t are built. */
  async builtMaps(endDay: number): Promise<Set<number>> {
    const rows = await this.db.selectFrom('heat_window_built').select('map_id').where('end_day', '=', endDay).execute();
    return new Set(rows.map((row) => row.map_id));
  }

  private async upsert(trx: Transaction<Database>, rows: readonly HeatCellWindowTable[]): Promise<void> {
    const newest =
      this.dialect === 'sqlite'
        ? sql<number>`max(heat_cell_window.last_at, excluded.last_at)`
        : sql<number>`greatest(heat_cell_window.last_at, excluded.last_at)`;
    for (let i = 0; i < rows.length; i += UPSERT_CHUNK)
      await trx
        .insertInto('heat_cell_window')
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['map_id', 'fish_id', 'days', 'end_day', 'trust_class', 'star_type', 'cell']).doUpdateSet({
            count: sql<number>`heat_cell_window.count + excluded.count`,
            last_at: newest,
          }),
        )
        .execute();
  }
}

function byKey(a: HeatCellWindowTable, b: HeatCellWindowTable): number {
  return (
    a.map_id - b.map_id ||
    a.fish_id - b.fish_id ||
    a.days - b.days ||
    a.end_day - b.end_day ||
    a.trust_class - b.trust_class ||
    a.star_type - b.star_type ||
    a.cell - b.cell
  );
}
