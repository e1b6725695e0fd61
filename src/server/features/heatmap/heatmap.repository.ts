/**
 * The heat map's reads (contract §3), exact at every moment: each answer is one SQL statement, so it sees one
 * snapshot of the catches and their rollup, which the writer changes together (decision 0012).
 *
 * - All fish: the whole UTC days of the window from the rollup (`heat_cell_day`), the partial days at its ends from
 *   the raw catches through the map's index (which holds x and y).
 * - One fish: its catches through the fish's index (which holds the map, the star type, x and y): a fish's catches
 *   spread over too many (day, cell) pairs for a rollup to save anything (measured, decision 0012).
 * - The sums over whole days that ended are kept in memory with the map's version (`heat_map_version`), and reused
 *   while the version read in the same statement as the partial days is unchanged: a 30-day view then reads only its
 *   two partial days.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import { notFromIndex } from '../../db/planner-hints';
import type { Database } from '../../db/schema';
import { cellSql, DAY_MS, ENDED_DAY_MARGIN_MS, type HeatGrid } from './heat-grid';

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
}

export interface CellCount {
  cell: number;
  count: number;
  /** The newest catch counted in the cell (for kept whole-day sums: the newest of those days; only the maximum over cells is used). */
  last_at: number;
}

export interface CellDetail {
  total: number;
  fishes: { fish_id: number; count: number }[];
  baits: { bait_id: number; count: number }[];
  depth: { min: number; max: number } | null;
}

/** Top entries a cell's detail lists. */
const TOP = 5;
/** Whole-day sums kept in memory: (map, star type, days) views; the oldest goes first. */
const MAX_KEPT_SUMS = 100;

/** The sums of a view's whole days, as of a version of the map. */
interface DaySums {
  version: number;
  counts: Map<number, number>;
  lastAt: number;
}

/** Rows of the all-fish statement: part 0 is the map's version, 1 the rollup, 2 the raw partial days. */
interface PartRow {
  part: number;
  cell: number;
  count: number;
  last_at: number;
}

/**
 * A window split at UTC midnights: the whole days inside it (`[firstDay, endDay)`, for the rollup) and the partial
 * days at its ends (raw time ranges, `[from, to)`).
 */
export function splitWindow(from: number, to: number): { days: [number, number] | null; raw: [number, number][] } {
  const firstDay = Math.ceil(from / DAY_MS);
  const endDay = Math.floor(to / DAY_MS);
  if (firstDay >= endDay) return { days: null, raw: [[from, to]] };
  const raw: [number, number][] = [];
  if (from < firstDay * DAY_MS) raw.push([from, firstDay * DAY_MS]);
  if (endDay * DAY_MS < to) raw.push([endDay * DAY_MS, to]);
  return { days: [firstDay, endDay], raw };
}

export class HeatmapRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private readonly daySums = new Map<string, DaySums>();

  /** Catches per cell, only cells with at least one. */
  async cells(filters: HeatFilters, grid: HeatGrid): Promise<CellCount[]> {
    if (filters.fish_id !== undefined) {
      const { rows } = await this.oneFishCells(filters, grid).execute(this.db);
      return rows.map((row) => ({ cell: Number(row.cell), count: Number(row.count), last_at: Number(row.last_at) }));
    }
    const { days, raw } = splitWindow(filters.from, filters.to);
    if (!days) return this.merge(null, await this.allFishParts(filters, grid, null, raw));
    // Days that ended a while ago change only with a new version; the current day may change any time.
    const reusable = days[1] * DAY_MS <= filters.now - ENDED_DAY_MARGIN_MS;
    const key = `${filters.map_id}|${filters.star_type ?? ''}|${days[0]}|${days[1]}`;
    const kept = reusable ? this.daySums.get(key) : undefined;
    if (kept) {
      const rows = await this.allFishParts(filters, grid, null, raw);
      if (versionOf(rows) === kept.version) return this.merge(kept, rows);
    }
    const rows = await this.allFishParts(filters, grid, days, raw);
    const sums = daySumsOf(rows);
    if (reusable) {
      this.daySums.delete(key);
      if (this.daySums.size >= MAX_KEPT_SUMS) this.daySums.delete(this.daySums.keys().next().value!);
      this.daySums.set(key, sums);
    }
    return this.merge(sums, rows);
  }

  /** What was caught in one cell: the most caught fish and baits, the depth range. */
  async cellDetail(filters: HeatFilters, grid: HeatGrid, cell: number): Promise<CellDetail> {
    const { rows } = await sql<{ fish_id: number; bait_id: number; depth: number }>`
      select fish_id, bait_id, depth from catch
      where ${this.rawWhere(filters, filters.from, filters.to)} and ${cellSql(this.dialect, grid)} = ${cell}
    `.execute(this.db);
    const fishes = new Map<number, number>();
    const baits = new Map<number, number>();
    let min = Infinity;
    let max = -Infinity;
    for (const row of rows) {
      fishes.set(row.fish_id, (fishes.get(row.fish_id) ?? 0) + 1);
      baits.set(row.bait_id, (baits.get(row.bait_id) ?? 0) + 1);
      min = Math.min(min, row.depth);
      max = Math.max(max, row.depth);
    }
    return {
      total: rows.length,
      fishes: top(fishes).map(([fish_id, count]) => ({ fish_id, count })),
      baits: top(baits).map(([bait_id, count]) => ({ bait_id, count })),
      depth: rows.length > 0 ? { min, max } : null,
    };
  }

  /** The map's version, the rollup's whole days (unless `days` is null) and the raw partial days, in one statement. */
  private async allFishParts(
    filters: HeatFilters,
    grid: HeatGrid,
    days: [number, number] | null,
    raw: [number, number][],
  ): Promise<PartRow[]> {
    const parts: RawBuilder<unknown>[] = [
      sql`select 0 as part, 0 as cell, version as count, 0 as last_at from heat_map_version where map_id = ${filters.map_id}`,
    ];
    if (days) {
      const star = filters.star_type === undefined ? sql`` : sql` and star_type = ${filters.star_type}`;
      parts.push(sql`
        select 1 as part, cell, count, last_at from heat_cell_day
        where map_id = ${filters.map_id} and day >= ${days[0]} and day < ${days[1]}${star}`);
    }
    for (const [from, to] of raw) {
      parts.push(sql`
        select 2 as part, ${cellSql(this.dialect, grid)} as cell, 1 as count, caught_at as last_at from catch
        where ${this.rawWhere(filters, from, to)}`);
    }
    const { rows } = await sql<PartRow>`
      select part, cell, sum(count) as count, max(last_at) as last_at
      from (${sql.join(parts, sql` union all `)}) as parts
      group by part, cell`.execute(this.db);
    return rows.map((row) => ({
      part: Number(row.part),
      cell: Number(row.cell),
      count: Number(row.count),
      last_at: Number(row.last_at),
    }));
  }

  /** Whole-day sums (kept or just read) plus the raw partial days. */
  private merge(sums: DaySums | null, rows: readonly PartRow[]): CellCount[] {
    const cells = new Map<number, CellCount>();
    if (sums) for (const [cell, count] of sums.counts) cells.set(cell, { cell, count, last_at: sums.lastAt });
    for (const row of rows) {
      if (row.part !== 2) continue;
      const cell = cells.get(row.cell);
      if (cell) {
        cell.count += row.count;
        cell.last_at = Math.max(cell.last_at, row.last_at);
      } else cells.set(row.cell, { cell: row.cell, count: row.count, last_at: row.last_at });
    }
    return [...cells.values()];
  }

  private oneFishCells(filters: HeatFilters, grid: HeatGrid): RawBuilder<CellCount> {
    // `group by 1`: the expression again would carry new bind parameters, which PostgreSQL does not match up.
    return sql<CellCount>`
      select ${cellSql(this.dialect, grid)} as cell, count(*) as count, max(caught_at) as last_at from catch
      where ${this.rawWhere(filters, filters.from, filters.to)}
      group by 1`;
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
    return sql.join(conditions, sql` and `);
  }
}

function versionOf(rows: readonly PartRow[]): number {
  return rows.find((row) => row.part === 0)?.count ?? 0;
}

function daySumsOf(rows: readonly PartRow[]): DaySums {
  const counts = new Map<number, number>();
  let lastAt = -Infinity;
  for (const row of rows) {
    if (row.part !== 1) continue;
    counts.set(row.cell, row.count);
    if (row.last_at > lastAt) lastAt = row.last_at;
  }
  return { version: versionOf(rows), counts, lastAt };
}

function top(counts: Map<number, number>): [number, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, TOP);
}
