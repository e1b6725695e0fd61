/**
 * A player's own data to take away (`GET /api/users/me/catches.csv` and `/sales.csv`): every catch and sale their
 * bound logger reported, as CSV, read in pages of EXPORT_PAGE_ROWS along the (logger, time) index and written as
 * the response is read, so 100,000 rows never sit in memory. Names are given in the page's language beside the ids;
 * times are ISO 8601 UTC. Without a bound logger: the header line alone.
 */
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Locale } from '#shared/locales';
import { displayName, type Named } from '#shared/game/names';
import type { Database } from '../../db/schema';
import { csvLine, UTF8_BOM } from './csv';

/** What the export needs of the catalogue in memory (the catalogue feature's snapshot satisfies it: services.ts). */
export interface NamesCatalogue {
  view(): Promise<{
    maps: ReadonlyMap<number, Named>;
    fish: ReadonlyMap<number, Named>;
    baits: ReadonlyMap<number, Named>;
  }>;
}

/** Rows per read: one index range scan each, small enough that a slow reader holds little. */
const EXPORT_PAGE_ROWS = 1_000;

const CATCH_HEADER = [
  'caught_at',
  'map_id',
  'map',
  'fish_id',
  'fish',
  'weight_g',
  'star_type',
  'bait_id',
  'bait',
  'bait2_id',
  'bait2',
  'rod_type',
  'depth_m',
  'game_hour',
  'night',
  'weather',
  'temperature_c',
  'x',
  'y',
  'direction',
  'angle',
  'time_spent_s',
  'report_id',
];

const SALE_HEADER = ['sold_at', 'income', 'fish_count', 'star_count', 'report_id'];

const iso = (ms: number) => new Date(ms).toISOString();

/** Where the last page ended: its last row's time and id (ids break ties between rows of the same millisecond). */
interface Cursor {
  at: number;
  id: number;
}

/** Pages of `read` until a short one, each starting after the last row of the one before. */
async function* keysetPages<R extends { id: number }>(
  read: (after: Cursor | null) => Promise<R[]>,
  timeOf: (row: R) => number,
): AsyncGenerator<R[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows.at(-1)!;
    after = { at: timeOf(last), id: Number(last.id) };
  }
}

export class OwnDataExport {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: NamesCatalogue,
  ) {}

  /** The logger's catches, oldest first, as a CSV stream. */
  catches(clientId: string | null, locale: Locale): Readable {
    return Readable.from(this.catchLines(clientId, locale));
  }

  /** The logger's sales, oldest first, as a CSV stream. */
  sales(clientId: string | null): Readable {
    return Readable.from(this.saleLines(clientId));
  }

  private async *catchLines(clientId: string | null, locale: Locale): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(CATCH_HEADER);
    if (clientId === null) return;
    const view = await this.catalogue.view();
    const name = (items: ReadonlyMap<number, Named>, id: number | null) => {
      const item = id === null ? undefined : items.get(id);
      return item ? displayName(item, locale) : null;
    };
    const read = (after: Cursor | null) => {
      let query = this.db
        .selectFrom('catch')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('caught_at')
        .orderBy('id')
        .limit(EXPORT_PAGE_ROWS);
      if (after) query = query.where(sql<boolean>`(caught_at, id) > (${after.at}, ${after.id})`);
      return query.execute();
    };
    for await (const rows of keysetPages(read, (row) => Number(row.caught_at)))
      yield rows
        .map((row) =>
          csvLine([
            iso(Number(row.caught_at)),
            row.map_id,
            name(view.maps, row.map_id),
            row.fish_id,
            name(view.fish, row.fish_id),
            row.weight,
            row.star_type,
            row.bait_id,
            name(view.baits, row.bait_id),
            row.bait2_id,
            name(view.baits, row.bait2_id),
            row.rod_type,
            row.depth,
            row.game_hour,
            Boolean(row.night),
            row.weather,
            row.temperature,
            row.x,
            row.y,
            row.direction,
            row.angle,
            row.time_spent,
            row.report_id,
          ]),
        )
        .join('');
  }

  private async *saleLines(clientId: string | null): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(SALE_HEADER);
    if (clientId === null) return;
    const read = (after: Cursor | null) => {
      let query = this.db
        .selectFrom('sale')
        .select(['id', 'sold_at', 'income', 'fish_count', 'star_count', 'report_id'])
        .where('client_id', '=', clientId)
        .orderBy('sold_at')
        .orderBy('id')
        .limit(EXPORT_PAGE_ROWS);
      if (after) query = query.where(sql<boolean>`(sold_at, id) > (${after.at}, ${after.id})`);
      return query.execute();
    };
    for await (const rows of keysetPages(read, (row) => Number(row.sold_at)))
      yield rows
        .map((row) => csvLine([iso(Number(row.sold_at)), row.income, row.fish_count, row.star_count, row.report_id]))
        .join('');
  }
}
