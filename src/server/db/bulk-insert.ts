/**
 * The batch insert of the hot tables: `insert into t (…) values (…), (…) on conflict (…) do nothing returning …`.
 *
 * Kysely builds an operation tree for every query, runs the plugins over it and compiles it to SQL: for a batch of
 * 500 catches (10,500 values) that is milliseconds of work and garbage per batch, spent producing the same SQL
 * text again (it depends on the shape, never on the values). Here the text is compiled by Kysely once per shape
 * (table, columns, row count) and reused with the values bound directly; booleans become 1/0 on SQLite, as
 * SqliteBooleansPlugin does for built queries. Portable: Kysely writes the SQL of the dialect in use.
 */
import { CompiledQuery, type Insertable, type Kysely, type Selectable, SqliteAdapter } from 'kysely';
import type { Database } from './schema';

type HotTable = 'catch' | 'catch_key' | 'sale' | 'official_record';

const MAX_TEMPLATES = 100;
const templates = new Map<string, { sql: string; columns: string[] }>();

function templateFor(
  db: Kysely<Database>,
  table: HotTable,
  rows: readonly object[],
  conflict: readonly string[],
  returning: readonly string[],
): { sql: string; columns: string[] } {
  const columns = Object.keys(rows[0]!);
  // The dialect is part of the key: one process may hold a SQLite and a PostgreSQL database (the ingestion bench).
  const dialect = db.getExecutor().adapter.constructor.name;
  const key = `${dialect}|${table}|${columns.join(',')}|${rows.length}|${conflict.join(',')}|${returning.join(',')}`;
  const cached = templates.get(key);
  if (cached) return cached;
  // Compiled from the real rows, so what is cached is exactly what Kysely would have run for them.
  const compiled = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto(table)
    .values(rows as Record<string, unknown>[])
    .onConflict((oc) => oc.columns(conflict as string[]).doNothing())
    .returning(returning as string[])
    .compile();
  if (compiled.parameters.length !== rows.length * columns.length)
    throw new Error(`bulk insert into ${table}: every value must be a bound parameter`);
  const template = { sql: compiled.sql, columns };
  if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value!);
  templates.set(key, template);
  return template;
}

/**
 * Inserts `rows` in one statement, skipping those that conflict on the unique `conflict` columns, and answers the
 * `returning` columns of the rows actually inserted. Every row must have the same keys in the same order, none
 * undefined (write null). Mind the bind-parameter limits (SQLite 32,766, PostgreSQL 65,535): the caller chunks.
 */
export async function insertIgnoringConflicts<T extends HotTable, R extends keyof Selectable<Database[T]> & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  conflict: readonly (keyof Database[T] & string)[],
  returning: readonly R[],
): Promise<Pick<Selectable<Database[T]>, R>[]> {
  if (rows.length === 0) return [];
  const { sql, columns } = templateFor(db, table, rows, conflict, returning);
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const parameters: unknown[] = new Array(rows.length * columns.length);
  let at = 0;
  for (const row of rows as readonly Record<string, unknown>[]) {
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) throw new Error(`bulk insert into ${table}: ${column} is undefined`);
      parameters[at++] = sqlite && typeof value === 'boolean' ? Number(value) : value;
    }
  }
  const result = await db.executeQuery<Pick<Selectable<Database[T]>, R>>(CompiledQuery.raw(sql, parameters));
  return result.rows;
}

const valueTemplates = new Map<string, string>();
/** PostgreSQL: each hot table's column types, as `format_type` prints them (the same in every schema: migrations). */
const columnTypes = new Map<HotTable, Map<string, string>>();

/**
 * Inserts rows given as one flat list of values (`columns.length` per row, in the columns' order) in one plain
 * statement: no conflict handling, nothing returned. For a bulk load into a table whose unique indexes are dropped
 * (catch-store/catch-bulk-load.ts), where the caller guarantees each row is new.
 *
 * SQLite: a multi-row `values` statement, prepared once per shape (mind its 32,766 bind parameters: the caller
 * chunks). PostgreSQL: one array per column, `insert … select * from unnest($1::type[], …)`, any number of rows:
 * a statement of thousands of bound values is parsed and planned again on every call (about 100 µs per row measured
 * at 500 rows per statement), where the arrays make a plan of one function call.
 */
export async function insertValues(
  db: Kysely<Database>,
  table: HotTable,
  columns: readonly string[],
  values: readonly unknown[],
): Promise<void> {
  const count = values.length / columns.length;
  if (!Number.isInteger(count) || count === 0) throw new Error(`bulk insert into ${table}: values do not fill rows`);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return insertArrays(db, table, columns, values, count);
  const key = `${table}|${columns.join(',')}|${count}`;
  let text = valueTemplates.get(key);
  if (!text) {
    const row = Object.fromEntries(columns.map((column) => [column, 0]));
    const compiled = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(Array.from({ length: count }, () => row))
      .compile();
    if (compiled.parameters.length !== values.length)
      throw new Error(`bulk insert into ${table}: every value must be a bound parameter`);
    text = compiled.sql;
    if (valueTemplates.size >= MAX_TEMPLATES) valueTemplates.delete(valueTemplates.keys().next().value!);
    valueTemplates.set(key, text);
  }
  const parameters = values.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}

async function insertArrays(
  db: Kysely<Database>,
  table: HotTable,
  columns: readonly string[],
  values: readonly unknown[],
  count: number,
): Promise<void> {
  let types = columnTypes.get(table);
  if (!types) {
    const found = await db.executeQuery<{ name: string; type: string }>(
      CompiledQuery.raw(
        'select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped',
        [table],
      ),
    );
    types = new Map(found.rows.map((row) => [row.name, row.type]));
    columnTypes.set(table, types);
  }
  const arrays = columns.map(() => new Array<unknown>(count));
  for (let row = 0, at = 0; row < count; row++)
    for (let column = 0; column < columns.length; column++) arrays[column]![row] = values[at++];
  const casts = columns.map((column, i) => {
    const type = types.get(column);
    if (!type) throw new Error(`bulk insert into ${table}: no column ${column}`);
    return `$${i + 1}::${type}[]`;
  });
  const quoted = columns.map((column) => `"${column}"`).join(', ');
  await db.executeQuery(
    CompiledQuery.raw(`insert into "${table}" (${quoted}) select * from unnest(${casts.join(', ')})`, arrays),
  );
}
