/**
 * A bulk load of catches (decision 0022): millions of rows for a demo world or a benchmark, where inserting into the
 * catch table's nine indexes row by row costs ten times the rows themselves. The load
 *
 * 1. `begin`: saves the definitions of the catch table's secondary indexes (on PostgreSQL its foreign key too,
 *    checked by a trigger per row: about 11 µs each) in the meta key `catch_bulk_load` and drops them, in one
 *    transaction (both dialects' DDL is transactional: either they are there, or they are gone and the mark lists
 *    them);
 * 2. `insert`: plain multi-row inserts, one transaction per call, with the sales that go with the catches (into the
 *    sale table as it is, indexes and all) and whatever the caller adds to that transaction (its progress mark: so a
 *    resumed load knows exactly which rows are stored, as the unique (logger, report_id) index that would refuse a
 *    second copy is among the dropped ones);
 * 3. `finish`: creates them again (an index `if not exists`, a constraint if missing: a finish cut short creates the
 *    rest), rebuilds the tables derived from the catches (the heat map's rollups) from the stored catches, then
 *    removes the mark. Creating the unique index fails loudly if a row was stored twice, adding the foreign key if a
 *    row names an unknown logger.
 *
 * PostgreSQL (migration 0017, decision 0029): the catch table is partitioned by month; its indexes are partitioned
 * indexes (dropped and created with every partition's), the unique (logger, report_id) index is on `catch_key`, which
 * each `insert` fills alongside, and `finish` first moves rows the default partition caught into months of their own.
 *
 * Until `finish` the catch table has no read indexes and no unique key: the server finishes an interrupted load at
 * start-up, before it serves (server.ts). Nothing here judges: the caller stores only rows the writer's rules
 * accepted (`judgeCatches`).
 */
import { type Kysely, sql } from 'kysely';
import { insertIgnoringConflicts, insertValues } from '../db/bulk-insert';
import { ensureCatchPartitionsAhead } from './catch-partitions';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';
import type { Transaction } from 'kysely';
import type { NewSaleRow } from './rows';

/** Meta key of a load begun and not finished: what was dropped, with the statements that create it (JSON). */
export const BULK_LOAD_MARK = 'catch_bulk_load';

/** SQLite: rows per insert statement (21 columns × 500 stays under its 32,766 bind parameters; a sale has 7). */
const ROWS_PER_STATEMENT = 500;

interface Dropped {
  kind: 'index' | 'constraint';
  name: string;
  /** The statement that creates it again. */
  sql: string;
}

export class CatchBulkLoad {
  constructor(
    private readonly db: Kysely<Database>,
    /** Rebuilds every table derived from the catches (catch-store.ts `rebuildDerived`). */
    private readonly rebuildDerived: () => Promise<void>,
  ) {}

  /** Whether a load was begun and not finished: the catch table lacks its secondary indexes. */
  async inProgress(): Promise<boolean> {
    return (await droppedOf(this.db)) !== undefined;
  }

  /** Drops the catch table's secondary indexes (and foreign keys), remembering them; nothing when already begun. */
  async begin(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if ((await droppedOf(trx)) !== undefined) return;
      const dropped = await droppable(trx);
      await trx
        .insertInto('meta')
        .values({ key: BULK_LOAD_MARK, value: JSON.stringify(dropped) })
        .execute();
      for (const { kind, name } of dropped) {
        if (kind === 'index') await sql`drop index ${sql.id(name)}`.execute(trx);
        else await sql`alter table catch drop constraint ${sql.id(name)}`.execute(trx);
      }
    });
  }

  /**
   * Stores catches given as one flat list of values (`columns.length` per row), and `also.sales`, in one transaction
   * with `also.inTransaction`; answers how many of the sales were new. Every catch must be new: nothing refuses a
   * second copy until `finish`. The sale table keeps its indexes: a sale stored before is skipped, as the writer
   * skips it.
   */
  async insert(
    columns: readonly string[],
    values: readonly unknown[],
    also: { sales?: readonly NewSaleRow[]; inTransaction?: (trx: Transaction<Database>) => Promise<void> } = {},
  ): Promise<number> {
    const sqlite = dialectOf(this.db) === 'sqlite';
    const step = sqlite ? ROWS_PER_STATEMENT * columns.length : values.length;
    const sales = also.sales ?? [];
    return this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < values.length; i += step)
        await insertValues(trx, 'catch', columns, values.slice(i, i + step));
      // PostgreSQL: the duplicate rule's keys live beside the partitioned table (migration 0017), loaded alongside.
      if (!sqlite && values.length > 0) await insertValues(trx, 'catch_key', KEY_COLUMNS, keysOf(columns, values));
      let created = 0;
      for (let i = 0; i < sales.length; i += ROWS_PER_STATEMENT) {
        const chunk = sales.slice(i, i + ROWS_PER_STATEMENT);
        created += (await insertIgnoringConflicts(trx, 'sale', chunk, KEY_COLUMNS, KEY_COLUMNS)).length;
      }
      await also.inTransaction?.(trx);
      return created;
    });
  }

  /** Creates what was dropped again and rebuilds the derived tables; nothing when no load is in progress. */
  async finish(): Promise<void> {
    const dropped = await droppedOf(this.db);
    if (dropped === undefined) return;
    const sqlite = dialectOf(this.db) === 'sqlite';
    // Rows of a month that had no partition landed in the default one: moved to months of their own before indexing.
    await ensureCatchPartitionsAhead(this.db);
    await this.db.connection().execute(async (connection) => {
      // SQLite sorts an index's keys on helper threads; PostgreSQL builds one with parallel workers and sorts in
      // memory up to maintenance_work_mem (64 MB by default: a 5 M-row index spills to disk).
      if (sqlite) await sql`pragma threads = 2`.execute(connection);
      else await sql`set maintenance_work_mem = '512MB'`.execute(connection);
      try {
        for (const item of dropped) {
          if (item.kind === 'index') await sql.raw(ifNotExists(item.sql)).execute(connection);
          else if (!(await constraintExists(connection, item.name))) await sql.raw(item.sql).execute(connection);
        }
      } finally {
        if (sqlite) await sql`pragma threads = 0`.execute(connection);
        else await sql`reset maintenance_work_mem`.execute(connection);
      }
      // PostgreSQL: a table just loaded has no statistics and no visibility map, so the rebuild's and the readers'
      // index-only scans would visit every row (autovacuum would get there, later and maybe not before the rebuild).
      if (!sqlite) await sql`vacuum (analyze) catch, catch_key`.execute(connection);
    });
    await this.rebuildDerived();
    await this.db.deleteFrom('meta').where('key', '=', BULK_LOAD_MARK).execute();
  }
}

async function droppedOf(db: Kysely<Database>): Promise<Dropped[] | undefined> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', BULK_LOAD_MARK).executeTakeFirst();
  return row ? (JSON.parse(row.value) as Dropped[]) : undefined;
}

/** The catch table's indexes but its primary key, and on PostgreSQL its foreign keys, with their statements. */
async function droppable(db: Kysely<Database>): Promise<Dropped[]> {
  if (dialectOf(db) === 'sqlite') {
    // SQLite checks a foreign key with a lookup in the same process (and cannot drop one): it stays.
    const rows = await sql<Dropped>`
      select 'index' as kind, name, sql from sqlite_master
      where type = 'index' and tbl_name = 'catch' and sql is not null
      order by name`.execute(db);
    return rows.rows;
  }
  // Indexes behind a constraint (the primary key) cannot be dropped on their own, and are not ours to drop. The catch
  // table is partitioned (migration 0017): its indexes are partitioned indexes, dropped and created again with every
  // partition's (`pg_get_indexdef` prints them `on only catch`, which would create the parent's alone: the `only`
  // goes). The duplicate rule's unique index is on `catch_key`.
  const rows = await sql<Dropped>`
    select 'index' as kind, i.relname as name, replace(pg_get_indexdef(i.oid), ' ON ONLY ', ' ON ') as sql
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid in ('catch'::regclass, 'catch_key'::regclass)
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    union all
    select 'constraint', conname, 'alter table catch add constraint "' || conname || '" ' || pg_get_constraintdef(oid)
    from pg_constraint where conrelid = 'catch'::regclass and contype = 'f'
    order by 1 desc, 2`.execute(db);
  return rows.rows;
}

const KEY_COLUMNS = ['client_id', 'report_id'] as const;

/** The (client_id, report_id) of each row of a flat list of values, as a flat list again. */
function keysOf(columns: readonly string[], values: readonly unknown[]): unknown[] {
  const at = KEY_COLUMNS.map((column) => columns.indexOf(column));
  if (at.some((i) => i < 0)) throw new Error('catch bulk load: rows without client_id and report_id');
  const keys: unknown[] = [];
  for (let row = 0; row < values.length; row += columns.length) for (const i of at) keys.push(values[row + i]);
  return keys;
}

async function constraintExists(db: Kysely<Database>, name: string): Promise<boolean> {
  const found = await sql`
    select 1 from pg_constraint where conrelid = 'catch'::regclass and conname = ${name}`.execute(db);
  return found.rows.length > 0;
}

/** `create [unique] index name …` → `create [unique] index if not exists name …`, as both dialects print it. */
function ifNotExists(statement: string): string {
  const written = statement.replace(/^\s*create\s+(unique\s+)?index\s+/i, (head) => `${head}if not exists `);
  if (written === statement) throw new Error(`catch bulk load: not an index definition: ${statement}`);
  return written;
}
