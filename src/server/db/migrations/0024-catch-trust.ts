import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// Trust levels and the defences in the data path (issue 24, decision 0039).
//
// - `catch.trust`: how far a catch is trusted, fixed when it is stored (src/shared/catch-trust.ts: 0 verified,
//   1 established, 2 probation, 3 flagged; + 4 while an operator hides it). Existing catches are established (1),
//   the column's default: adding a column with a constant default rewrites no row on either database (PostgreSQL's
//   partitioned table included).
// - The catch indexes get `trust` as their last column, so every read keeps reading index entries only: the heat
//   map's raw parts and the bait guide filter on it inside the map, fish and bait indexes, the logs (which leave out
//   hidden catches) inside all of them, and their capped counts still read no row. This rebuilds six indexes: the
//   one cost of the migration on a large table (minutes at 5 M catches).
// - `logger_client`: `active_since` (when the logger's first catch was stored, server time: its probation runs from
//   there; existing loggers are established, 0), `flagged_at` / `flag_reason` (under review: its catches are stored
//   flagged).
// - `logger_catch_rate`: each logger's stored catches per UTC minute (`span` 1) and hour (`span` 60) of `caught_at`,
//   kept in the batch's transaction (catch-store/catch-trust.ts), counted here from the catches already stored.
// - `official_record (fish_id, weight)`: each fish's record weight in one index seek per fish, per batch.
// - The heat map's rollups get a trust class (0 trusted, 1 probation and flagged; hidden catches are not counted),
//   right after the key columns a view reads by equality, so a default view reads one range of them and `trust=all`
//   two. SQLite cannot change a primary key: each table is made again and its rows copied as class 0 (every stored
//   catch is established).

const CATCH_INDEXES: [string, string[]][] = [
  ['catch_caught', ['caught_at', 'id', 'rod_type', 'star_type']],
  ['catch_map_caught', ['map_id', 'caught_at', 'id', 'fish_id', 'bait_id', 'star_type', 'rod_type', 'x', 'y']],
  [
    'catch_fish_caught',
    [
      'fish_id',
      'caught_at',
      'id',
      'map_id',
      'bait_id',
      'star_type',
      'rod_type',
      'x',
      'y',
      'game_hour',
      'depth',
      'weather',
    ],
  ],
  ['catch_bait_caught', ['bait_id', 'caught_at', 'id', 'map_id', 'fish_id', 'star_type', 'rod_type']],
  ['catch_star_caught', ['star_type', 'caught_at', 'id', 'map_id', 'fish_id', 'bait_id', 'rod_type']],
  [
    'catch_client_caught',
    ['client_id', 'caught_at', 'id', 'map_id', 'fish_id', 'bait_id', 'star_type', 'rod_type', 'weight'],
  ],
];

async function replaceCatchIndexes(db: Kysely<any>, withTrust: boolean): Promise<void> {
  for (const [name, columns] of CATCH_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('catch')
      .columns(withTrust ? [...columns, 'trust'] : columns)
      .execute();
  }
}

/** A rollup table's columns after its key, the same in both shapes. */
const COUNTS = ['count', 'last_at'];

interface Rollup {
  table: string;
  /** Key columns before the trust class, then after it. */
  before: string[];
  after: string[];
  /** Other columns besides the counts (the packed cells). */
  extra: [string, 'text'][];
}

const ROLLUPS: Rollup[] = [
  { table: 'heat_cell_day', before: ['map_id'], after: ['day', 'star_type', 'cell'], extra: [] },
  {
    table: 'heat_cell_window',
    before: ['map_id', 'fish_id', 'days', 'end_day'],
    after: ['star_type', 'cell'],
    extra: [],
  },
  {
    table: 'heat_window_packed',
    before: ['map_id', 'days', 'end_day'],
    after: ['star_type'],
    extra: [['cells', 'text']],
  },
];

/** Makes a rollup table again with (`withClass`) or without the trust class, its rows copied (as class 0). */
async function remake(db: Kysely<any>, rollup: Rollup, withClass: boolean): Promise<void> {
  const sqlite = db.getExecutor().adapter.constructor.name === 'SqliteAdapter';
  const old = `${rollup.table}_old`;
  await db.schema.alterTable(rollup.table).renameTo(old).execute();
  const keys = withClass ? [...rollup.before, 'trust_class', ...rollup.after] : [...rollup.before, ...rollup.after];
  // Built as untyped: the columns are named at run time.
  let table: CreateTableBuilder<string, string> = db.schema.createTable(rollup.table);
  for (const column of keys) table = table.addColumn(column, 'integer', (c) => c.notNull());
  for (const [column, type] of rollup.extra) table = table.addColumn(column, type, (c) => c.notNull());
  table = table
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    // A name of its own: PostgreSQL's constraint names share the schema with the old table's, dropped only below.
    .addPrimaryKeyConstraint(`${rollup.table}_pk${withClass ? '2' : ''}`, keys as never);
  if (sqlite) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  const columns: string[] = [...keys, ...rollup.extra.map(([name]) => name), ...COUNTS];
  const selected = withClass
    ? columns.map((column) => (column === 'trust_class' ? sql`0` : sql.ref(column)))
    : columns.map((column) => sql.ref(column));
  const where = withClass ? sql`` : sql` where trust_class = 0`;
  await sql`insert into ${sql.table(rollup.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(selected)} from ${sql.table(old)}${where}`.execute(db);
  await db.schema.dropTable(old).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('catch')
    .addColumn('trust', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await replaceCatchIndexes(db, true);

  await db.schema.alterTable('logger_client').addColumn('active_since', 'bigint').execute();
  await db.schema.alterTable('logger_client').addColumn('flagged_at', 'bigint').execute();
  await db.schema.alterTable('logger_client').addColumn('flag_reason', 'varchar(32)').execute();
  await db.updateTable('logger_client').set({ active_since: 0 }).execute();

  const sqlite = db.getExecutor().adapter.constructor.name === 'SqliteAdapter';
  let rates = db.schema
    .createTable('logger_catch_rate')
    .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
    // 1: a UTC minute of `caught_at`; 60: a UTC hour.
    .addColumn('span', 'smallint', (c) => c.notNull())
    // floor(caught_at / (span × 60,000)).
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('logger_catch_rate_pk', ['client_id', 'span', 'bucket']);
  if (sqlite) rates = rates.modifyEnd(sql`without rowid`);
  await rates.execute();
  // Literals, not parameters: PostgreSQL matches the grouped expression with the selected one by its text.
  for (const span of [1, 60])
    await sql`insert into logger_catch_rate (client_id, span, bucket, count)
      select client_id, ${sql.lit(span)}, floor(caught_at / ${sql.lit(span * 60_000)}), count(*) from catch
      group by client_id, floor(caught_at / ${sql.lit(span * 60_000)})`.execute(db);

  await db.schema
    .createIndex('official_record_fish_weight')
    .on('official_record')
    .columns(['fish_id', 'weight'])
    .execute();

  for (const rollup of ROLLUPS) await remake(db, rollup, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const rollup of ROLLUPS) await remake(db, rollup, false);
  await db.schema.dropIndex('official_record_fish_weight').execute();
  await db.schema.dropTable('logger_catch_rate').execute();
  await db.schema.alterTable('logger_client').dropColumn('flag_reason').execute();
  await db.schema.alterTable('logger_client').dropColumn('flagged_at').execute();
  await db.schema.alterTable('logger_client').dropColumn('active_since').execute();
  await replaceCatchIndexes(db, false);
  await db.schema.alterTable('catch').dropColumn('trust').execute();
}
