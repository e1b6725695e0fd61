/**
 * The heat map's reads (docs/catch-data-api.md §3), exact at every moment: each answer is one SQL statement, so it sees
 * one snapshot of the catches and their rollup, which the writer changes together (decision 0012).
 *
 * - All fish: the whole UTC days of the window from the rollup (`heat_cell_day`), the partial days at its ends from
 *   the raw catches through the map's index (which holds x and y).
 * - One fish: its catches through the fish's index (which holds the map, the star type, x and y): a fish's catches
 *   spread over too many (day, cell) pairs for a rollup to save anything (measured, decision 0012).
 * - Rolling views of 3, 7 and 30 days read their whole days from the map's window sums (catch-store/heat-windows.ts:
 *   for all fish a packed string per star type plus a row per cell that late catches reached since; for one fish a
 *   row per cell), when the window's mark is read in the same statement; until a day's windows are built, from the
 *   rollup or the fish's catches as below.
 * - The sums over whole days that ended (rollup or raw) are kept in memory with the map's version
 *   (`heat_map_version`), and reused while the version read in the same statement as the partial days is unchanged:
 *   a 30-day view then reads only its two partial days.
 * - Each answer also carries the map's `changes` counter from the same statement, so that the service can keep the
 *   whole answer and check cheaply whether it still holds (catch-store/catch-changes.ts).
 * - And whether the map's rollup is counted with other bounds than the grid asked (`moved`: a catalogue change whose
 *   rebuild has not committed yet, decision 0025), so that the service asks again with the bounds it is counted with.
 * - Every part counts the catches of the view's trust (decision 0039): the rollups' trust class 0, or classes 0 and 1
 *   for `all`, each a range of their keys; the raw catches by their `trust`, the last column of every catch index.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { maxClassOf, maxTrustOf, type TrustView } from '#shared/catch-trust';
import { CATCH_BOUNDS } from '#shared/contracts/catches';
import {
  ALL_FISH,
  type Bounds,
  boundsOf,
  catchesUnchangedSince,
  cellCountsSql,
  joinedCellsSql,
  cellSql,
  changesSql,
  colRowSql,
  dayOf,
  DAY_MS,
  ENDED_DAY_MARGIN_MS,
  type HeatGrid,
  type Window,
  WINDOW_DAYS,
} from '../../catch-store/catch-reads';
import type { Dialect } from '../../db/database';
import { notFromIndex } from '../../db/planner-hints';
import type { Database } from '../../db/schema';
import { ID_BOUNDS, storedNumber } from '../../db/stored-values';

export interface HeatFilters {
  map_id: number;
  fish_id?: number;
  star_type?: number;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  /** The reader's clock: which days have ended (their sums may be reused). */
  now: number;
  /** Which catches are counted (decision 0039): the trusted ones, or all that are not hidden. */
  trust: TrustView;
}

export interface HeatCells {
  /** Catches per cell number (`row × cols + col`), 0 where none. */
  cells: Float64Array;
  /** The newest catch counted (for kept whole-day sums: the newest of those days); -Infinity when none. */
  lastAt: number;
  /** The map's `changes` (migration 0010) in the same snapshot as the counts: what a kept answer is checked against. */
  changes: number;
  /**
   * The map's rollup is counted with other bounds than the grid asked (a catalogue change moved them and the map's
   * rebuild has not committed yet: decision 0025): these cells mix two grids; ask again with `countedBounds`.
   */
  moved: boolean;
}

export interface CellDetail {
  total: number;
  fishes: { fish_id: number; count: number }[];
  baits: { bait_id: number; count: number }[];
  depth: { min: number; max: number } | null;
}

/** A square of `size × size` cells from (`col`, `row`) north-east. */
export interface CellBlock {
  col: number;
  row: number;
  size: number;
}

/** Top entries a cell's detail lists. */
const TOP = 5;
/** Whole-day sums kept in memory: (map, fish, star type, days) views; the oldest goes first. */
const MAX_KEPT_SUMS = 300;

/** The sums of a view's whole days, as of a version of the map. */
interface DaySums {
  version: number;
  counts: Float64Array;
  lastAt: number;
}

/**
 * The parts of a heat map statement: the map's two counters, the whole days this reader may keep in memory, and what
 * is read every time (the partial days, and the whole days from window sums: SQL adds the two up per cell).
 */
const VERSION = 0;
const WHOLE_DAYS = 1;
const EVERY_TIME = 2;
/** Catches subtracted from a day's rollup row (see `pieceParts`). */
const MINUS = 5;
const CHANGES = 3;
const WINDOW_BUILT = 4;
const MOVED = 6;

/** Where a statement reads the whole days from: the window sums of (days, end day), or the rollup / raw catches. */
type WholeDays = { window: { days: number; endDay: number } } | { days: [number, number] };

/**
 * A part's number and the rows it reads: `cell, count, last_at` (a counter: one row, its value as `count`), or, when
 * `packed`, `cells, count, last_at` rows whose `cells` are already `cell,count,…` strings (heat_window_packed).
 */
type Part = [number, RawBuilder<unknown>, packed?: 'packed'];

/**
 * A part of a heat map statement, as read: its cells as one string of `cell,count` pairs (SQL builds it, so a 30-day
 * view's 8,000 cells cross into JavaScript as one value rather than 8,000 row objects: three times faster, measured),
 * the sum of its counts (a counter's value) and its newest catch.
 */
interface PartRow {
  part: number;
  cells: string;
  count: number;
  last_at: number;
}

/**
 * A window split at UTC midnights: the whole days inside it (`[firstDay, endDay)`, for the rollup; null when none)
 * and the pieces of days at its ends (`[from, to)`, each within one UTC day).
 */
function splitWindow(from: number, to: number): { days: [number, number] | null; raw: [number, number][] } {
  const firstDay = Math.ceil(from / DAY_MS);
  const endDay = Math.floor(to / DAY_MS);
  if (firstDay > endDay) return { days: null, raw: [[from, to]] };
  const raw: [number, number][] = [];
  if (from < firstDay * DAY_MS) raw.push([from, firstDay * DAY_MS]);
  if (endDay * DAY_MS < to) raw.push([endDay * DAY_MS, to]);
  return { days: firstDay < endDay ? [firstDay, endDay] : null, raw };
}

export class HeatmapRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private readonly daySums = new Map<string, DaySums>();

  /** Catches per cell, the newest of them, and the map's `changes` read with them. */
  async cells(filters: HeatFilters, grid: HeatGrid): Promise<HeatCells> {
    const { days, raw } = splitWindow(filters.from, filters.to);
    if (!days) return this.merge(filters, grid, null, await this.parts(filters, grid, null, raw));
    const window = windowOf(days, filters.now);
    if (window) {
      const rows = await this.parts(filters, grid, { window }, raw);
      if (counterOf(rows, WINDOW_BUILT) > 0) return this.merge(filters, grid, null, rows);
    }
    // Days that ended a while ago change only with a new version; the current day may change any time.
    const reusable = days[1] * DAY_MS <= filters.now - ENDED_DAY_MARGIN_MS;
    const key = `${filters.map_id}|${filters.fish_id ?? ''}|${filters.star_type ?? ''}|${days[0]}|${days[1]}|${filters.trust}`;
    const kept = reusable ? this.daySums.get(key) : undefined;
    if (kept) {
      const rows = await this.parts(filters, grid, null, raw);
      if (counterOf(rows, VERSION) === kept.version) return this.merge(filters, grid, kept, rows);
    }
    const rows = await this.parts(filters, grid, { days }, raw);
    const sums = daySumsOf(rows, grid);
    // Sums over a grid the rollup is not counted with are answered once, never kept.
    if (reusable && counterOf(rows, MOVED) === 0) {
      this.daySums.delete(key);
      if (this.daySums.size >= MAX_KEPT_SUMS) this.daySums.delete(this.daySums.keys().next().value!);
      this.daySums.set(key, sums);
    }
    return this.merge(filters, grid, sums, rows);
  }

  /** The bounds the map's rollup is counted with (catch-store/heat-rollups.ts); undefined before any count. */
  async countedBounds(mapId: number): Promise<Bounds | undefined> {
    const row = await this.db
      .selectFrom('heat_map_version')
      .select(['x_min', 'y_min', 'x_max', 'y_max'])
      .where('map_id', '=', mapId)
      .executeTakeFirst();
    return row && boundsOf(row);
  }

  /** Whether an answer read with the map's `changes` for `window` still holds for `next` (catch-store/catch-changes.ts). */
  unchangedSince(mapId: number, changes: number, window: Window, next: Window): Promise<boolean> {
    return catchesUnchangedSince(this.db, this.dialect, { map_id: mapId }, changes, window, next);
  }

  /**
   * What was caught in a square of cells (`size` 1: one cell): the most caught fish and baits, the depth range. The
   * cells are those of the heat map's own arithmetic (`colRowSql`), so the total is the sum of their counts.
   */
  async cellDetail(filters: HeatFilters, grid: HeatGrid, block: CellBlock): Promise<CellDetail> {
    const { col, row } = colRowSql(this.dialect, grid);
    const inBlock =
      block.size === 1
        ? sql`${cellSql(this.dialect, grid)} = ${block.row * grid.cols + block.col}`
        : sql`${col} between ${block.col} and ${block.col + block.size - 1}
          and ${row} between ${block.row} and ${block.row + block.size - 1}`;
    const { rows } = await sql<{ fish_id: number; bait_id: number; depth: number }>`
      select fish_id, bait_id, depth from catch
      where ${this.rawWhere(filters, filters.from, filters.to)} and ${inBlock}
    `.execute(this.db);
    const fishes = new Map<number, number>();
    const baits = new Map<number, number>();
    let min = Infinity;
    let max = -Infinity;
    for (const row of rows) {
      // Within bounds whatever was stored (db/stored-values.ts).
      const [fishId, baitId] = [storedNumber(row.fish_id, ID_BOUNDS), storedNumber(row.bait_id, ID_BOUNDS)];
      const depth = storedNumber(row.depth, CATCH_BOUNDS.depth);
      fishes.set(fishId, (fishes.get(fishId) ?? 0) + 1);
      baits.set(baitId, (baits.get(baitId) ?? 0) + 1);
      min = Math.min(min, depth);
      max = Math.max(max, depth);
    }
    return {
      total: rows.length,
      fishes: top(fishes).map(([fish_id, count]) => ({ fish_id, count })),
      baits: top(baits).map(([bait_id, count]) => ({ bait_id, count })),
      depth: rows.length > 0 ? { min, max } : null,
    };
  }

  /**
   * In one statement: the map's two counters; the whole days (unless `whole` is null) from the window sums with their
   * mark, or from the rollup for all fish, or from the fish's catches; and the partial days from the raw catches.
   */
  private async parts(
    filters: HeatFilters,
    grid: HeatGrid,
    whole: WholeDays | null,
    raw: [number, number][],
  ): Promise<PartRow[]> {
    const { x_min, y_min, x_max, y_max } = grid.bounds;
    const parts: Part[] = [
      [
        VERSION,
        sql`select 0 as cell, version as count, 0 as last_at from heat_map_version where map_id = ${filters.map_id}`,
      ],
      [CHANGES, sql`select 0 as cell, ${changesSql(filters.map_id)} as count, 0 as last_at`],
      // Whether the rollup is counted with other bounds than the grid's (in the same snapshot as the counts).
      [
        MOVED,
        sql`select 0 as cell, count(*) as count, 0 as last_at from heat_map_version
        where map_id = ${filters.map_id} and x_min is not null
          and not (x_min = ${x_min} and y_min = ${y_min} and x_max = ${x_max} and y_max = ${y_max})`,
      ],
    ];
    const star = filters.star_type === undefined ? sql`` : sql` and star_type = ${filters.star_type}`;
    const classes = classesSql(filters.trust);
    if (whole && 'window' in whole) {
      const { days, endDay } = whole.window;
      parts.push([
        WINDOW_BUILT,
        sql`select 0 as cell, count(*) as count, 0 as last_at from heat_window_built
        where map_id = ${filters.map_id} and end_day = ${endDay}`,
      ]);
      parts.push([
        EVERY_TIME,
        sql`select cell, count, last_at from heat_cell_window
        where map_id = ${filters.map_id} and fish_id = ${filters.fish_id ?? ALL_FISH} and days = ${days}
          and end_day = ${endDay} and ${classes}${star}`,
      ]);
      // All fish: the sums as built, packed; the rows above are the late catches added since.
      if (filters.fish_id === undefined)
        parts.push([
          EVERY_TIME,
          sql`select cells, count, last_at from heat_window_packed
          where map_id = ${filters.map_id} and days = ${days} and end_day = ${endDay} and ${classes}${star}`,
          'packed',
        ]);
    } else if (whole && filters.fish_id === undefined)
      parts.push([
        WHOLE_DAYS,
        sql`select cell, count, last_at from heat_cell_day
        where map_id = ${filters.map_id} and ${classes} and day >= ${whole.days[0]} and day < ${whole.days[1]}${star}`,
      ]);
    else if (whole)
      parts.push([WHOLE_DAYS, this.rawPart(filters, grid, whole.days[0] * DAY_MS, whole.days[1] * DAY_MS)]);
    for (const piece of raw) parts.push(...this.pieceParts(filters, grid, piece));
    const [pairs, joined] = [cellCountsSql(this.dialect), joinedCellsSql(this.dialect)];
    // Each part folded on its own, so nothing sorts the union's rows by part: a 30-day view's 13,000 rows went
    // through a sorter for an outer GROUP BY in 6.5 ms, and through the aggregates in 2 ms (measured, SQLite at 5 M).
    // A cell may appear more than once in a part (star types, raw catches); JavaScript adds them.
    const folded = parts.map(
      ([part, rows, packed]) => sql`select ${sql.lit(part)} as part, ${packed ? joined : pairs} as cells,
        sum(count) as count, max(last_at) as last_at from (${rows}) as part_rows`,
    );
    const { rows } = await sql<{ part: number; cells: string | null; count: number | null; last_at: number | null }>`
      ${sql.join(folded, sql` union all `)}`.execute(this.db);
    // An aggregate over no rows still answers one, with a null sum: that part read nothing.
    return rows
      .filter((row) => row.count !== null)
      .map((row) => ({
        part: Number(row.part),
        cells: row.cells ?? '',
        count: Number(row.count),
        last_at: Number(row.last_at),
      }));
  }

  /**
   * A piece of a day, `[from, to)`, read every time. One fish: its raw catches. All fish: whichever is fewer, the
   * piece's raw catches, or the day's rollup row minus the raw catches of the rest of the day — which for today's
   * piece are only the few reported as caught in the next minutes (REPORT_MAX_FUTURE_MS), so today, however many
   * catches arrive, costs its rollup rows (bounded by the map's cells), and a partial day never reads more than half
   * a day of catches.
   */
  private pieceParts(filters: HeatFilters, grid: HeatGrid, [from, to]: [number, number]): Part[] {
    const day = Math.floor(from / DAY_MS);
    const [start, end] = [day * DAY_MS, (day + 1) * DAY_MS];
    const rest: [number, number] | null = from === start ? [to, end] : to === end ? [start, from] : null;
    const fewer = rest !== null && (rest[1] - rest[0] < to - from || rest[0] >= filters.now);
    if (filters.fish_id !== undefined || !fewer) return [[EVERY_TIME, this.rawPart(filters, grid, from, to)]];
    const star = filters.star_type === undefined ? sql`` : sql` and star_type = ${filters.star_type}`;
    return [
      [
        EVERY_TIME,
        sql`select cell, count, last_at from heat_cell_day
        where map_id = ${filters.map_id} and ${classesSql(filters.trust)} and day = ${day}${star}`,
      ],
      [MINUS, this.rawPart(filters, grid, rest[0], rest[1])],
    ];
  }

  /** The newest catch of the filters in `[from, to)` (when the parts cannot tell: see `merge`). */
  private async newestCatch(filters: HeatFilters): Promise<number> {
    const { rows } = await sql<{ at: number | null }>`
      select max(caught_at) as at from catch where ${this.rawWhere(filters, filters.from, filters.to)}`.execute(
      this.db,
    );
    return rows[0]?.at === null || rows[0]?.at === undefined ? -Infinity : Number(rows[0].at);
  }

  /** The raw catches of the filters in `[from, to)`, one row per catch with its cell. */
  private rawPart(filters: HeatFilters, grid: HeatGrid, from: number, to: number): RawBuilder<unknown> {
    return sql`
      select ${cellSql(this.dialect, grid)} as cell, 1 as count, caught_at as last_at from catch
      where ${this.rawWhere(filters, from, to)}`;
  }

  /**
   * Whole-day sums (kept or just read) plus what is read every time, minus what a day's rollup row counted beyond
   * the window. The newest catch is the parts' newest, unless a subtracted catch may be it (a catch reported as
   * caught after `to`): then it is read.
   */
  private async merge(
    filters: HeatFilters,
    grid: HeatGrid,
    sums: DaySums | null,
    rows: readonly PartRow[],
  ): Promise<HeatCells> {
    const cells = sums ? new Float64Array(sums.counts) : new Float64Array(grid.cols * grid.rows);
    let lastAt = sums?.lastAt ?? -Infinity;
    let minusLastAt = -Infinity;
    // Several rows may carry one part (the whole days and each piece are folded apart: see `parts`).
    for (const row of rows)
      if (row.part === EVERY_TIME) {
        addPairs(cells, row.cells);
        lastAt = Math.max(lastAt, row.last_at);
      } else if (row.part === MINUS) {
        addPairs(cells, row.cells, -1);
        minusLastAt = Math.max(minusLastAt, row.last_at);
      }
    if (minusLastAt > -Infinity && minusLastAt >= lastAt) lastAt = await this.newestCatch(filters);
    return { cells, lastAt, changes: counterOf(rows, CHANGES), moved: counterOf(rows, MOVED) > 0 };
  }

  /**
   * The raw catches of the filters in `[from, to)`. With a fish, its index leads (the map and star type are hidden
   * from SQLite's planner, which would otherwise start from the map's catches); without, the map's index.
   */
  private rawWhere(filters: HeatFilters, from: number, to: number): RawBuilder<unknown> {
    const oneFish = filters.fish_id !== undefined;
    const map = oneFish ? notFromIndex(this.dialect, 'map_id', 'number') : sql.ref('map_id');
    const star = oneFish ? notFromIndex(this.dialect, 'star_type', 'number') : sql.ref('star_type');
    const conditions = [sql`${map} = ${filters.map_id}`, sql`caught_at >= ${from}`, sql`caught_at < ${to}`];
    if (oneFish) conditions.unshift(sql`fish_id = ${filters.fish_id}`);
    if (filters.star_type !== undefined) conditions.push(sql`${star} = ${filters.star_type}`);
    // Checked inside the index (its last column), never by reading the row.
    conditions.push(sql`trust <= ${sql.lit(maxTrustOf(filters.trust))}`);
    return sql.join(conditions, sql` and `);
  }
}

/** The rollup rows of a view's trust (decision 0039): class 0, or both classes (literals: one plan per view). */
function classesSql(trust: TrustView): RawBuilder<unknown> {
  const max = maxClassOf(trust);
  return max === 0 ? sql`trust_class = 0` : sql`trust_class in (0, ${sql.lit(max)})`;
}

/**
 * The window sums that hold a window's whole days `[first, end)`, if any could: views of 3, 7 or 30 days ending today
 * or yesterday (the days whose windows are built; the statement reads the mark).
 */
function windowOf([first, end]: [number, number], now: number): { days: number; endDay: number } | null {
  const days = end - first + 1;
  if (!(WINDOW_DAYS as readonly number[]).includes(days) || end < dayOf(now) - 1) return null;
  return { days, endDay: end };
}

/** A counter as read with the parts (0 when its row is missing). */
function counterOf(
  rows: readonly PartRow[],
  part: typeof VERSION | typeof CHANGES | typeof WINDOW_BUILT | typeof MOVED,
): number {
  return rows.find((row) => row.part === part)?.count ?? 0;
}

function daySumsOf(rows: readonly PartRow[], grid: HeatGrid): DaySums {
  const whole = rows.find((row) => row.part === WHOLE_DAYS);
  const counts = new Float64Array(grid.cols * grid.rows);
  if (whole) addPairs(counts, whole.cells);
  return { version: counterOf(rows, VERSION), counts, lastAt: whole?.last_at ?? -Infinity };
}

/**
 * Adds (`sign` 1) or subtracts (-1) a part's `cell,count,cell,count…` string (non-negative integers) to the counts
 * per cell, read digit by digit: a 30-day view's 20,000 numbers without a string each.
 */
function addPairs(counts: Float64Array, pairs: string, sign = 1): void {
  let value = 0;
  let cell = -1;
  for (let i = 0; i <= pairs.length; i++) {
    const code = i < pairs.length ? pairs.charCodeAt(i) : 44;
    if (code !== 44) {
      value = value * 10 + (code - 48);
      continue;
    }
    if (cell < 0) cell = value;
    else {
      // The cell arithmetic clamps to the grid (heat-grid.ts); a row counted under another grid is left out.
      if (cell < counts.length) counts[cell]! += sign * value;
      cell = -1;
    }
    value = 0;
  }
}

function top(counts: Map<number, number>): [number, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, TOP);
}
