import { createHash } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Catalogue versions (docs/catalogue-format.md; features/catalogue/catalogue-importer.ts). Every package applied,
// and every rollback, is a row of `catalogue_version` numbered 1, 2, 3 … holding the whole catalogue it made live as
// JSON text, so a rollback restores it without the package. `catalogue_audit` is the append-only log of who applied
// what. `category` learns which items are `deprecated` (kept for history, hidden from pickers) and the patch that
// first added each one (`introduced_in`: the "new in <patch>" badges).
//
// A database that already has a catalogue (the demo world, or rows an operator wrote) gets it recorded as version 1,
// so there is something to roll back to. Written out here rather than imported from the importer: a migration must do
// the same thing forever.

const DEMO_MARK = 'demo_world';
const GROUPS = ['fish', 'maps', 'baits', 'star_type', 'fish_way'];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('category')
    .addColumn('deprecated', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('category').addColumn('introduced_in', 'varchar(40)').execute();

  await db.schema
    .createTable('catalogue_version')
    // Assigned by the importer (the live one's + 1, under its lock): no gaps, unlike a sequence.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('game', 'varchar(100)', (c) => c.notNull())
    .addColumn('patch', 'varchar(40)', (c) => c.notNull())
    .addColumn('package_sha256', 'varchar(64)', (c) => c.notNull())
    // `import` | `rollback`.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('applied_by', 'varchar(320)', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();

  let audit = db.schema.createTable('catalogue_audit');
  audit = postgres
    ? audit.addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    : audit.addColumn('id', 'integer', (c) => c.primaryKey());
  await audit
    .addColumn('version_id', 'integer', (c) => c.notNull())
    .addColumn('actor', 'varchar(320)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // `import` | `rollback`.
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();

  // The dry run's impact counts catches per removed bait, and a catch names its second bait (a sandwich rig, 8 % of
  // the demo's catches) in `bait2_id`, which no index leads with: without this one that count reads every catch. Partial,
  // so the catches without a second bait (most of them) cost their insert nothing here.
  await db.schema
    .createIndex('catch_bait2')
    .on('catch')
    .column('bait2_id')
    .where(sql.ref('bait2_id'), 'is not', null)
    .execute();

  await recordExistingCatalogue(db);
}

async function recordExistingCatalogue(db: Kysely<any>): Promise<void> {
  const rows: {
    id: number;
    group_type: string;
    name: string;
    name_en: string | null;
    name_ja: string | null;
    sort: number;
    data: string;
  }[] = await db
    .selectFrom('category')
    .select(['id', 'group_type', 'name', 'name_en', 'name_ja', 'sort', 'data'])
    .orderBy('group_type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return;
  const groups: Record<string, unknown[]> = Object.fromEntries(GROUPS.map((group) => [group, []]));
  for (const row of rows) {
    groups[row.group_type]?.push({
      id: row.id,
      name: row.name,
      name_en: row.name_en,
      name_ja: row.name_ja,
      sort: Number(row.sort),
      deprecated: false,
      introduced_in: null,
      data: JSON.parse(row.data),
    });
  }
  const content = JSON.stringify({ groups });
  const demo = await db.selectFrom('meta').select('value').where('key', '=', DEMO_MARK).executeTakeFirst();
  const now = Date.now();
  await db
    .insertInto('catalogue_version')
    .values({
      id: 1,
      game: demo ? 'Anglerdex demo' : 'unknown',
      patch: 'initial',
      package_sha256: createHash('sha256').update(content).digest('hex'),
      kind: 'import',
      restored_from: null,
      applied_by: 'migration',
      applied_at: now,
      content,
    })
    .execute();
  await db
    .insertInto('catalogue_audit')
    .values({
      version_id: 1,
      actor: 'migration',
      at: now,
      action: 'import',
      summary: JSON.stringify({ added: rows.length, changed: 0, removed: 0, deprecated: 0, rebuild_maps: 0 }),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('catch_bait2').execute();
  await db.schema.dropTable('catalogue_audit').execute();
  await db.schema.dropTable('catalogue_version').execute();
  await db.schema.alterTable('category').dropColumn('introduced_in').execute();
  await db.schema.alterTable('category').dropColumn('deprecated').execute();
}
