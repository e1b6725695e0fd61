/**
 * The sums and lists behind one logger's personal stats (docs/catch-data-api.md §5). Each reads a logger's rows in a
 * time range through the `(client_id, sold_at)` and `(client_id, caught_at)` indexes of migration 0003: a day of one
 * logger is a few hundred rows at most, so the sums need no rollup.
 *
 * Income is summed safely whatever is stored: each sale counts within `SALE_BOUNDS` (a row written by another tool
 * may hold up to 2^63, and SQLite's `sum` fails past that), PostgreSQL's sum of bigints arrives as exact text (read as
 * a number by db/database.ts, exact below 2^53), and the total is shown as an exact JavaScript integer (db/stored-values.ts).
 */
import { type Kysely, sql } from 'kysely';
import { SALE_BOUNDS, type SaleLogItem, wireTime } from '#shared/contracts/catches';
import { TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import type { Database } from '../../db/schema';
import { ID_BOUNDS, storedNumber, TOTAL_BOUNDS } from '../../db/stored-values';

/** Two consecutive periods: [from, split) is the first, [split, to) the second. */
export interface TwoPeriods {
  from: number;
  split: number;
  to: number;
}

export interface PeriodTotals {
  first: number;
  second: number;
}

const FIRST_STAR = Math.min(...TROPHY_STAR_TYPES);
const LAST_STAR = Math.max(...TROPHY_STAR_TYPES);

/** A sale's income within its bounds, a whole number (SQLite keeps a fraction in an integer column). */
const MAX_INCOME = sql.lit(SALE_BOUNDS.income.max);
const INCOME = sql`case when income > ${MAX_INCOME} then ${MAX_INCOME} when income > 0 then cast(income as bigint) else 0 end`;
const total = (value: unknown) => storedNumber(value ?? 0, TOTAL_BOUNDS);

export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Income of the logger's sales in each period. */
  async incomeIn(loggerId: string, { from, split, to }: TwoPeriods): Promise<PeriodTotals> {
    const row = await this.db
      .selectFrom('sale')
      .select([
        sql<number | null>`sum(case when sold_at < ${split} then ${INCOME} else 0 end)`.as('first'),
        sql<number | null>`sum(case when sold_at >= ${split} then ${INCOME} else 0 end)`.as('second'),
      ])
      .where('client_id', '=', loggerId)
      .where('sold_at', '>=', from)
      .where('sold_at', '<', to)
      .executeTakeFirst();
    return { first: total(row?.first), second: total(row?.second) };
  }

  /** Trophy catches (star types 446–452) of the logger in each period. */
  async starsIn(loggerId: string, { from, split, to }: TwoPeriods): Promise<PeriodTotals> {
    const row = await this.db
      .selectFrom('catch')
      .select([
        sql<number | null>`sum(case when caught_at < ${split} then 1 else 0 end)`.as('first'),
        sql<number | null>`sum(case when caught_at >= ${split} then 1 else 0 end)`.as('second'),
      ])
      .where('client_id', '=', loggerId)
      .where('caught_at', '>=', from)
      .where('caught_at', '<', to)
      .where('star_type', '>=', FIRST_STAR)
      .where('star_type', '<=', LAST_STAR)
      .executeTakeFirst();
    return { first: total(row?.first), second: total(row?.second) };
  }

  /** The logger's newest sales ("data after selling"). */
  async recentSales(loggerId: string, limit: number): Promise<SaleLogItem[]> {
    const rows = await this.db
      .selectFrom('sale')
      .select(['id', 'sold_at', 'income', 'fish_count', 'star_count'])
      .where('client_id', '=', loggerId)
      .orderBy('sold_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: storedNumber(row.id, ID_BOUNDS),
      sold_at: wireTime(row.sold_at),
      income: storedNumber(row.income, SALE_BOUNDS.income),
      fish_count: storedNumber(row.fish_count, SALE_BOUNDS.fish_count),
      star_count: storedNumber(row.star_count, SALE_BOUNDS.star_count),
    }));
  }
}
