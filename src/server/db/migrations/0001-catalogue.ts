import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was at that time, not today's types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('category')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('group_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)')
    .addColumn('name_ja', 'varchar(200)')
    .addColumn('name_pinyin', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('letter', 'varchar(1)', (c) => c.notNull())
    .addColumn('letter_en', 'varchar(1)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('category_group_sort').on('category').columns(['group_type', 'sort', 'id']).execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meta').execute();
  await db.schema.dropTable('category').execute();
}
