import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Catches, sales and official records (docs/catch-data-api.md §1–§2): the hot tables of decision 0009. Times
// are integer epoch milliseconds (`bigint`: INTEGER affinity on SQLite, int8 on PostgreSQL, read back as a number).
// Catalogue ids (map, fish, bait) carry no foreign key: the writer checks them against the catalogue before the
// insert, and a catalogue re-import must not be blocked by, or cascade into, millions of stored catches.
// `logger_client.last_seen_at` stays ISO text like the rest of that table: it is written at most once a minute per
// logger and never filtered or bucketed, and changing a column's type on SQLite means rebuilding the table.

type Table = CreateTableBuilder<string, never>;

/**
 * The row id. SQLite: `integer primary key` is the rowid itself (no AUTOINCREMENT: that keyword adds a
 * sqlite_sequence update to every insert, and rows are never deleted, so ids are never reused anyway). PostgreSQL:
 * a bigint identity, as a table of catches outgrows 2^31 ids long before it outgrows the disk.
 */
function withId(db: Kysely<any>, table: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey());
}

/** Where and how a catch happened: required for catches, nullable for official records (which may not show them). */
function withMeasured(table: Table, required: boolean): Table {
  const columns: [string, 'double precision' | 'integer' | 'varchar(8)' | 'varchar(16)' | 'boolean'][] = [
    ['depth', 'double precision'],
    ['direction', 'varchar(8)'],
    ['angle', 'integer'],
    // 1–24: the writer stores the logger's 0 as 24.
    ['game_hour', 'integer'],
    ['temperature', 'double precision'],
    ['weather', 'varchar(16)'],
    ['night', 'boolean'],
    ['x', 'double precision'],
    ['y', 'double precision'],
    ['time_spent', 'integer'],
  ];
  return columns.reduce((t, [name, type]) => t.addColumn(name, type, (c) => (required ? c.notNull() : c)), table);
}

/** The catch fields shared by catches and official records. */
function withCaught(table: Table): Table {
  return table
    .addColumn('caught_at', 'bigint', (c) => c.notNull())
    .addColumn('map_id', 'integer', (c) => c.notNull())
    .addColumn('fish_id', 'integer', (c) => c.notNull())
    .addColumn('bait_id', 'integer', (c) => c.notNull())
    .addColumn('bait2_id', 'integer')
    .addColumn('rod_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('star_type', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull());
}

const clientColumn = (table: Table) =>
  table.addColumn('client_id', 'varchar(32)', (c) => c.notNull().references('logger_client.client_id'));

export async function up(db: Kysely<any>): Promise<void> {
  let catchTable = withId(db, db.schema.createTable('catch'));
  catchTable = clientColumn(catchTable).addColumn('report_id', 'varchar(64)', (c) => c.notNull());
  catchTable = withMeasured(withCaught(catchTable), true);
  await catchTable.addColumn('created_at', 'bigint', (c) => c.notNull()).execute();
  // Idempotency: the database, not the application, decides that a (logger, report_id) is stored once.
  await db.schema.createIndex('catch_client_report').on('catch').columns(['client_id', 'report_id']).unique().execute();
  // A logger's catches by time: personal stats ("today", recent catches) and `mine=true`.
  await db.schema.createIndex('catch_client_caught').on('catch').columns(['client_id', 'caught_at']).execute();

  await clientColumn(withId(db, db.schema.createTable('sale')))
    .addColumn('report_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sold_at', 'bigint', (c) => c.notNull())
    // bigint: the contract bounds these counts only by JSON's safe integers, and a PostgreSQL `integer` overflow
    // would turn a valid upload into an error.
    .addColumn('income', 'bigint', (c) => c.notNull())
    .addColumn('fish_count', 'bigint', (c) => c.notNull())
    .addColumn('star_count', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sale_client_report').on('sale').columns(['client_id', 'report_id']).unique().execute();
  // Today's and yesterday's income of one logger (personal stats), and its recent sales.
  await db.schema.createIndex('sale_client_sold').on('sale').columns(['client_id', 'sold_at']).execute();

  let recordTable = withId(db, db.schema.createTable('official_record'));
  recordTable = recordTable.addColumn('source_id', 'varchar(64)', (c) => c.notNull().unique());
  recordTable = withMeasured(withCaught(recordTable), false);
  await recordTable
    .addColumn('player_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('official_record').execute();
  await db.schema.dropTable('sale').execute();
  await db.schema.dropTable('catch').execute();
}
