/**
 * The stored rows a catalogue change touches: catches and official records naming a removed item, on a map whose
 * bounds change, or of a fish whose weights change. One statement per table (a `union all` of one grouped count per
 * column, never a query per item), each count read from an index that leads with its column (migrations 0004 and
 * 0014): at 5 M catches the dry run stays within its budget. Sales name no catalogue item (db/schema.ts): their count
 * is always 0.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { CategoryGroup } from '#shared/contracts/catalogue';
import type { Database } from '../../db/schema';

export interface ItemImpact {
  catches: number;
  sales: number;
  records: number;
}

/** The ids to count references to, per group. */
export type ImpactRequest = Partial<Record<CategoryGroup, readonly number[]>>;

/** The columns of the catch and official record tables that name an item of each group. */
const COLUMNS: Partial<
  Record<CategoryGroup, readonly ('fish_id' | 'map_id' | 'bait_id' | 'bait2_id' | 'star_type')[]>
> = {
  fish: ['fish_id'],
  maps: ['map_id'],
  baits: ['bait_id', 'bait2_id'],
  star_type: ['star_type'],
};

/** Ids bound per statement: far below SQLite's 32,766 and PostgreSQL's 65,535 bind parameters. */
const IDS_PER_STATEMENT = 10_000;

interface Part {
  group: CategoryGroup;
  column: 'fish_id' | 'map_id' | 'bait_id' | 'bait2_id' | 'star_type';
  ids: number[];
}

function partsOf(request: ImpactRequest): Part[][] {
  const parts: Part[] = [];
  for (const [group, ids] of Object.entries(request) as [CategoryGroup, readonly number[]][]) {
    for (const column of COLUMNS[group] ?? []) {
      for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT)
        parts.push({ group, column, ids: ids.slice(i, i + IDS_PER_STATEMENT) });
    }
  }
  // Parts packed into statements of at most IDS_PER_STATEMENT ids: nearly always one statement per table.
  const statements: Part[][] = [];
  let size = Infinity;
  for (const part of parts) {
    if (size + part.ids.length > IDS_PER_STATEMENT) {
      statements.push([]);
      size = 0;
    }
    statements.at(-1)!.push(part);
    size += part.ids.length;
  }
  return statements;
}

type CountRow = { g: string; id: number; n: number };

function countQuery(db: Kysely<Database>, table: 'catch' | 'official_record', part: Part) {
  let query = db
    .selectFrom(table)
    .select([
      sql.lit(part.group).as('g'),
      sql.ref<number>(part.column).as('id'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where(part.column, 'in', part.ids);
  // The partial index on bait2_id (migration 0014) holds only rows that have one; say so for SQLite's planner.
  if (part.column === 'bait2_id') query = query.where('bait2_id', 'is not', null);
  return query.groupBy(part.column) as unknown as SelectQueryBuilder<Database, typeof table, CountRow>;
}

/** How many catches, sales and records reference each requested item; answers zeros for the others. */
export async function countReferences(
  db: Kysely<Database>,
  request: ImpactRequest,
): Promise<(group: CategoryGroup, id: number) => ItemImpact> {
  const counts = new Map<string, ItemImpact>();
  const add = (row: CountRow, field: 'catches' | 'records') => {
    const key = `${row.g}:${Number(row.id)}`;
    const impact = counts.get(key) ?? { catches: 0, sales: 0, records: 0 };
    impact[field] += Number(row.n);
    counts.set(key, impact);
  };
  for (const statement of partsOf(request)) {
    for (const [table, field] of [
      ['catch', 'catches'],
      ['official_record', 'records'],
    ] as const) {
      const [first, ...rest] = statement.map((part) => countQuery(db, table, part));
      const query = rest.reduce((union, next) => union.unionAll(next), first!);
      for (const row of await query.execute()) add(row, field);
    }
  }
  return (group, id) => counts.get(`${group}:${id}`) ?? { catches: 0, sales: 0, records: 0 };
}
