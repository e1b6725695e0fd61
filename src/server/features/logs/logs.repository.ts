/**
 * Reading catches and official records page by page (docs/catch-data-api.md §2), newest first. Every query names its
 * columns (the answers skip re-validation, decision 0009: nothing may leak, least of all which logger sent a catch) and
 * every filter is an equality or a time range that the indexes of migration 0004 serve (decision 0011).
 */
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import {
  type BirdLogItem,
  CATCH_BOUNDS,
  LOG_COUNT_LIMIT,
  type OfficialLogItem,
  wireTime,
} from '#shared/contracts/catches';
import type { RodType, WeatherKind, BoatDirection } from '#shared/game/catch-attributes';
import { trustLevelOf, VISIBLE_MAX } from '#shared/catch-trust';
import type { Dialect } from '../../db/database';
import { KeptAnswers } from '../../catch-store/catch-reads';
import { notFromIndex, TROPHIES_ONLY } from '../../db/planner-hints';
import type { Database } from '../../db/schema';
import { ID_BOUNDS, storedNullable, storedNumber, storedStarType } from '../../db/stored-values';

/** Filters both lists share; times are epoch ms, `from` inclusive and `to` exclusive. */
export interface LogFilters {
  map_id?: number;
  fish_id?: number;
  bait_id?: number;
  star_type?: number;
  rod_type?: RodType;
  from?: number;
  to?: number;
}

export interface CatchFilters extends LogFilters {
  /** Only this logger's catches (`mine=true`). */
  client_id?: string;
  /** A spot (the heat map's cell): `x_min ≤ x < x_max`, `y_min ≤ y < y_max`; checked in the map's index (0006). */
  x_min?: number;
  x_max?: number;
  y_min?: number;
  y_max?: number;
}

export interface RecordFilters extends LogFilters {
  /** Official records call the rod type their category; both filters read the same column. */
  category?: RodType;
  /** Only this player's records (`mine=true`). */
  player_name?: string;
}

export interface Paging {
  page: number;
  page_size: number;
}

export interface LogPage<T> {
  items: T[];
  total: number;
  total_exact: boolean;
}

type LogTable = 'catch' | 'official_record';

/** The columns of an answer, in the contract's order; `report_id`, `client_id` and `source_id` are never read. */
const CAUGHT_COLUMNS = [
  'id',
  'caught_at',
  'map_id',
  'fish_id',
  'bait_id',
  'bait2_id',
  'rod_type',
  'star_type',
  'weight',
  'depth',
  'direction',
  'angle',
  'game_hour',
  'temperature',
  'weather',
  'night',
  'x',
  'y',
  'time_spent',
] as const;

/** A catch's columns: those both logs show, and its trust (decision 0039). */
const CATCH_COLUMNS = [...CAUGHT_COLUMNS, 'trust'] as const;

type CatchRow = Pick<Database['catch'], Exclude<(typeof CAUGHT_COLUMNS)[number], 'id'>> & {
  id: number;
  trust: number;
};
type RecordRow = Pick<Database['official_record'], Exclude<(typeof CAUGHT_COLUMNS)[number], 'id'>> & {
  id: number;
  player_name: string;
};

/** The measured numbers of a stored catch or record as the logs show them (db/stored-values.ts). */
function measuredOf(row: CatchRow | RecordRow) {
  return {
    depth: storedNullable(row.depth, CATCH_BOUNDS.depth),
    angle: storedNullable(row.angle, CATCH_BOUNDS.angle),
    game_hour: storedNullable(row.game_hour, CATCH_BOUNDS.game_hour),
    temperature: storedNullable(row.temperature, CATCH_BOUNDS.temperature),
    x: storedNullable(row.x, CATCH_BOUNDS.coordinate),
    y: storedNullable(row.y, CATCH_BOUNDS.coordinate),
    time_spent: storedNullable(row.time_spent, CATCH_BOUNDS.time_spent),
  };
}

/**
 * The fields both logs show, numbers within their bounds whatever was stored (db/stored-values.ts). The enumerations
 * were checked on the way in, by the writer.
 */
function caughtOf(row: CatchRow | RecordRow) {
  return {
    id: storedNumber(row.id, ID_BOUNDS),
    caught_at: wireTime(row.caught_at),
    map_id: storedNumber(row.map_id, ID_BOUNDS),
    fish_id: storedNumber(row.fish_id, ID_BOUNDS),
    bait_id: storedNumber(row.bait_id, ID_BOUNDS),
    bait2_id: storedNullable(row.bait2_id, ID_BOUNDS),
    rod_type: row.rod_type as RodType,
    star_type: storedStarType(row.star_type),
    weight: storedNumber(row.weight, CATCH_BOUNDS.weight),
  };
}

/** A stored catch as the logs show it. */
export function toBirdLogItem(row: CatchRow): BirdLogItem {
  const measured = measuredOf(row) as { [K in keyof ReturnType<typeof measuredOf>]: number };
  return {
    ...caughtOf(row),
    depth: measured.depth,
    direction: row.direction as BoatDirection,
    angle: measured.angle,
    game_hour: measured.game_hour,
    temperature: measured.temperature,
    weather: row.weather as WeatherKind,
    night: row.night,
    x: measured.x,
    y: measured.y,
    time_spent: measured.time_spent,
    // A value another tool stored out of range reads as flagged.
    trust: trustLevelOf(Number(row.trust)),
  };
}

function toOfficialLogItem(row: RecordRow): OfficialLogItem {
  const measured = measuredOf(row);
  return {
    ...caughtOf(row),
    depth: measured.depth,
    direction: row.direction as BoatDirection | null,
    angle: measured.angle,
    game_hour: measured.game_hour,
    temperature: measured.temperature,
    weather: row.weather as WeatherKind | null,
    night: row.night,
    x: measured.x,
    y: measured.y,
    time_spent: measured.time_spent,
    player_name: row.player_name,
  };
}

/**
 * The shared filters as one AND; an absent filter adds nothing. `hint`: with `mine`, the logger's own index holds
 * every filter column, so the others are kept from leading (on SQLite, which would otherwise start from a bait's or a
 * fish's index and read each row to check the logger: 20× slower at 5 M catches; decision 0011).
 */
function logWhere<T extends LogTable>(filters: LogFilters, dialect: Dialect, hint = false) {
  return (eb: ExpressionBuilder<Database, T>) => {
    // Typed against the columns both tables share; Kysely cannot see that through the table union.
    const e = eb as unknown as ExpressionBuilder<Database, 'catch'>;
    const number = (column: 'map_id' | 'fish_id' | 'bait_id' | 'star_type') =>
      hint ? notFromIndex<number>(dialect, column, 'number') : sql.ref<number>(column);
    const rod = hint ? notFromIndex<string>(dialect, 'rod_type', 'text') : sql.ref<string>('rod_type');
    const conditions = [];
    if (filters.map_id !== undefined) conditions.push(e(number('map_id'), '=', filters.map_id));
    if (filters.fish_id !== undefined) conditions.push(e(number('fish_id'), '=', filters.fish_id));
    if (filters.bait_id !== undefined) conditions.push(e(number('bait_id'), '=', filters.bait_id));
    if (filters.star_type !== undefined) conditions.push(e(number('star_type'), '=', filters.star_type));
    // A trophy's list may start from the star-type index, which holds trophies only (migration 0028).
    if (!hint && filters.star_type !== undefined && filters.star_type !== 0) conditions.push(TROPHIES_ONLY);
    if (filters.rod_type !== undefined) conditions.push(e(rod, '=', filters.rod_type));
    if (filters.from !== undefined) conditions.push(e('caught_at', '>=', filters.from));
    if (filters.to !== undefined) conditions.push(e('caught_at', '<', filters.to));
    return e.and(conditions);
  };
}

export class LogsRepository {
  /**
   * The public lists' capped counts by statement, served again within `freshMs` (catch-store/catch-changes.ts):
   * under uploads the first page of a list is read by every visitor, and its count walks up to LOG_COUNT_LIMIT index
   * entries. A player's own list (`client_id`) is always counted.
   */
  private readonly counts: KeptAnswers<number>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    freshMs = 0,
  ) {
    this.counts = new KeptAnswers(freshMs);
  }

  async listCatches(filters: CatchFilters, paging: Paging): Promise<LogPage<BirdLogItem>> {
    const mine = filters.client_id !== undefined;
    // Hidden catches are never listed (decision 0039); `trust` is the last column of every catch index.
    let query = this.db
      .selectFrom('catch')
      .where(logWhere<'catch'>(filters, this.dialect, mine))
      .where('trust', '<=', VISIBLE_MAX);
    if (mine) query = query.where('client_id', '=', filters.client_id!);
    if (filters.x_min !== undefined) query = query.where('x', '>=', filters.x_min);
    if (filters.x_max !== undefined) query = query.where('x', '<', filters.x_max);
    if (filters.y_min !== undefined) query = query.where('y', '>=', filters.y_min);
    if (filters.y_max !== undefined) query = query.where('y', '<', filters.y_max);
    const rows = await this.newestFirst(query.select(CATCH_COLUMNS), paging).execute();
    return this.page(rows.map(toBirdLogItem), query, paging, !mine);
  }

  async findCatch(id: number): Promise<BirdLogItem | null> {
    const row = await this.db
      .selectFrom('catch')
      .select(CATCH_COLUMNS)
      .where('id', '=', id)
      .where('trust', '<=', VISIBLE_MAX)
      .executeTakeFirst();
    return row ? toBirdLogItem(row) : null;
  }

  async listRecords(filters: RecordFilters, paging: Paging): Promise<LogPage<OfficialLogItem>> {
    let query = this.db.selectFrom('official_record').where(logWhere<'official_record'>(filters, this.dialect));
    if (filters.category !== undefined) query = query.where('rod_type', '=', filters.category);
    if (filters.player_name !== undefined) query = query.where('player_name', '=', filters.player_name);
    const rows = await this.newestFirst(query.select([...CAUGHT_COLUMNS, 'player_name']), paging).execute();
    return this.page(rows.map(toOfficialLogItem), query, paging, true);
  }

  async findRecord(id: number): Promise<OfficialLogItem | null> {
    const row = await this.db
      .selectFrom('official_record')
      .select([...CAUGHT_COLUMNS, 'player_name'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toOfficialLogItem(row) : null;
  }

  /**
   * The player name a logger reported when it registered (`mine=true` of the official records), null when it gave
   * none. A read of the loggers' table, which the logger routes own: one column, by primary key.
   */
  async playerNameOf(loggerId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('logger_client')
      .select('player_name')
      .where('client_id', '=', loggerId)
      .executeTakeFirst();
    const name = row?.player_name?.trim();
    return name ? name : null;
  }

  /** Newest first; the id breaks ties between catches of the same millisecond, so pages never overlap. */
  private newestFirst<T extends LogTable, O>(query: SelectQueryBuilder<Database, T, O>, { page, page_size }: Paging) {
    const q = query as unknown as SelectQueryBuilder<Database, 'catch', O>;
    return q
      .orderBy('caught_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page_size)
      .offset((page - 1) * page_size);
  }

  /**
   * `total`: a short last page (or an empty first one) already tells it; otherwise the matches are counted, but at
   * most LOG_COUNT_LIMIT + 1 of them (decision 0011), so a count never walks millions of index entries. `keep`: the
   * count may be one kept for the same statement (see `counts`).
   */
  private async page<T, Q extends LogTable>(
    items: T[],
    query: SelectQueryBuilder<Database, Q, object>,
    { page, page_size }: Paging,
    keep: boolean,
  ): Promise<LogPage<T>> {
    const skipped = (page - 1) * page_size;
    if (items.length < page_size && (items.length > 0 || page === 1)) {
      return { items, total: skipped + items.length, total_exact: true };
    }
    const capped = query
      .select(sql<number>`1`.as('one'))
      .limit(LOG_COUNT_LIMIT + 1)
      .as('capped');
    const count = this.db.selectFrom(capped).select((eb) => eb.fn.countAll<number>().as('n'));
    const compiled = count.compile();
    const key = `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
    const countedAt = performance.now();
    let counted = keep ? await this.counts.holding(key, async () => false) : undefined;
    if (counted === undefined) {
      counted = Number((await count.executeTakeFirstOrThrow()).n);
      if (keep) this.counts.set(key, counted, countedAt);
    }
    return counted > LOG_COUNT_LIMIT
      ? { items, total: LOG_COUNT_LIMIT, total_exact: false }
      : { items, total: counted, total_exact: true };
  }
}
