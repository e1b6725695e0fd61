/** Catalogue reads. Portable Kysely only: the same SQL shape runs on SQLite and PostgreSQL. */
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { CategoryGroup, CategoryItem } from '#shared/contracts/catalogue';
import type { CategoryTable, Database } from '../../db/schema';

type Row = Selectable<CategoryTable> & { new_in: string | null };

function toItem({ introduced_in: _introduced, deprecated, ...row }: Row): CategoryItem {
  // SQLite answers the boolean column as 0/1.
  return { ...row, deprecated: Boolean(deprecated), data: JSON.parse(row.data) } as CategoryItem;
}

/**
 * Every column, and `new_in`: the item's `introduced_in` when that is the live version's patch (the newest version;
 * migration 0014), so the badge follows a new import or a rollback with the rows, in the same statement.
 */
function withNewIn<O>(query: SelectQueryBuilder<Database, 'category', O>) {
  return query
    .selectAll('category')
    .select(
      sql<
        string | null
      >`case when category.introduced_in = (select v.patch from catalogue_version v order by v.id desc limit 1) then category.introduced_in end`.as(
        'new_in',
      ),
    );
}

export class CatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listGroups(groups: CategoryGroup[]): Promise<CategoryItem[]> {
    const rows = await withNewIn(this.db.selectFrom('category'))
      .where('group_type', 'in', groups)
      .orderBy('group_type')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(toItem);
  }
}
