import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { ensureCatchPartitions, MONTHS_AHEAD, monthStart, oldestAccepted } from '../../catch-store/catch-store';

// PostgreSQL: the catch table partitioned by month of `caught_at` (decision 0029), so a retention command drops whole
// months and every read with a time range visits only its months. SQLite: nothing (no partitions; retention deletes).
//
// A partitioned table's unique indexes must hold the partition key, so (client_id, report_id), the duplicate rule,
// moves to a small unpartitioned table of its own, `catch_key`, under the same index name `catch_client_report`; the
// writer inserts the keys there first and stores the catches whose key was new (catch-inserts.ts). The primary key
// becomes (id, caught_at); nothing references catch.id by foreign key.
//
// The existing rows move: the table is renamed, a partitioned table of the same columns takes its name, with a
// partition for every month the rows span, every month a catch is still accepted for, MONTHS_AHEAD after today and
// the default partition, the rows are copied
// (ids kept, the identity continued after them), the secondary indexes are created again as partitioned indexes from
// their own definitions (whatever later migrations added stays), and the old table is dropped. All in the migration's
// transaction, holding the table exclusively: it takes about as long as copying the table.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The catch table's secondary index definitions (not the primary key), `on only` made `on` for a plain table. */
async function indexDefinitions(db: Kysely<any>, table: string): Promise<{ name: string; sql: string }[]> {
  const { rows } = await sql<{ name: string; sql: string }>`
    select i.relname as name, pg_get_indexdef(i.oid) as sql
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by 1`.execute(db);
  return rows.map((row) => ({ name: row.name, sql: row.sql.replace(/ ON ONLY /i, ' ON ') }));
}

/** Renames `catch` to `old`, freeing its index and constraint names; answers its secondary index definitions. */
async function setAside(db: Kysely<any>, old: string): Promise<{ name: string; sql: string }[]> {
  await sql`lock table catch in access exclusive mode`.execute(db);
  const indexes = await indexDefinitions(db, 'catch');
  await sql`alter table catch rename to ${sql.id(old)}`.execute(db);
  for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(db);
  await sql`alter table ${sql.id(old)} drop constraint catch_pkey`.execute(db);
  await sql`alter table ${sql.id(old)} drop constraint if exists catch_client_id_fkey`.execute(db);
  return indexes;
}

/** Copies the rows of `old` into the new `catch`, continues its identity after them, drops `old`. */
async function moveRows(db: Kysely<any>, old: string): Promise<void> {
  await sql`insert into catch overriding system value select * from ${sql.id(old)}`.execute(db);
  // After the copy: checked in one pass over the rows rather than by a trigger per row (decision 0022).
  await sql`alter table catch add constraint catch_client_id_fkey foreign key (client_id) references logger_client (client_id)`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('catch', 'id'), coalesce((select max(id) from catch), 0) + 1, false)`.execute(
    db,
  );
  await sql`drop table ${sql.id(old)} cascade`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const indexes = await setAside(db, 'catch_unpartitioned');
  await sql`
    create table catch (like catch_unpartitioned including defaults including identity)
    partition by range (caught_at)`.execute(db);
  await sql`alter table catch add constraint catch_pkey primary key (id, caught_at)`.execute(db);
  const span = await sql<{ low: string | null; high: string | null }>`
    select min(caught_at) as low, max(caught_at) as high from catch_unpartitioned`.execute(db);
  const now = Date.now();
  const low = Math.min(Number(span.rows[0]!.low ?? now), oldestAccepted(now));
  const high = Math.max(Number(span.rows[0]!.high ?? now), monthStart(now, MONTHS_AHEAD));
  await ensureCatchPartitions(db, low, high, db);

  await sql`
    create table catch_key (client_id varchar(32) not null, report_id varchar(64) not null)`.execute(db);
  await sql`insert into catch_key (client_id, report_id) select client_id, report_id from catch_unpartitioned`.execute(
    db,
  );
  await moveRows(db, 'catch_unpartitioned');
  for (const index of indexes) {
    if (index.name === 'catch_client_report') continue;
    await sql.raw(index.sql).execute(db);
  }
  // The duplicate rule, on the key table under its old name (catch-inserts.ts inserts there on conflict do nothing).
  await sql`create unique index catch_client_report on catch_key (client_id, report_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const indexes = await setAside(db, 'catch_partitioned');
  await sql`drop table catch_key`.execute(db);
  await sql`create table catch (like catch_partitioned including defaults including identity)`.execute(db);
  await sql`alter table catch add constraint catch_pkey primary key (id)`.execute(db);
  await moveRows(db, 'catch_partitioned');
  for (const index of indexes) await sql.raw(index.sql).execute(db);
  await sql`create unique index catch_client_report on catch (client_id, report_id)`.execute(db);
}
