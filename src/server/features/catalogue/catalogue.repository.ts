/** Catalogue reads. Portable Kysely only: the same SQL shape runs on SQLite and PostgreSQL. */
import { type Expression, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { CategoriesQuery, CategoryGroup, CategoryItem } from '#shared/contracts/catalogue';
import type { CategoryTable, Database } from '../../db/schema';

type Row = Selectable<CategoryTable> & { new_in: string | null };

function toItem({ name_pinyin: _sortKey, introduced_in: _introduced, deprecated, ...row }: Row): CategoryItem {
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

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
function likePattern(text: string, prefixOnly: boolean): string {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefixOnly ? `${escaped}%` : `%${escaped}%`;
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

  /**
   * `ids`: only these items (the baits of the bait type asked, which the caller reads from the catalogue in memory:
   * the type is inside each bait's JSON `data`, which no portable SQL reads). Never empty: no ids, no page to read.
   */
  async search(query: CategoriesQuery, ids?: readonly number[]): Promise<{ items: CategoryItem[]; total: number }> {
    const letterColumn = query.lang === 'zh' ? 'letter' : 'letter_en';
    let base = this.db.selectFrom('category');
    if (query.group_type) base = base.where('group_type', '=', query.group_type);
    if (ids) base = base.where('id', 'in', ids);
    if (query.letter) base = base.where(letterColumn, '=', query.letter);
    const text = query.like_str?.trim();
    if (text) {
      const pattern = likePattern(text, query.like_start);
      base = base.where((eb) => {
        const like = (column: 'name' | 'name_en' | 'name_ja') =>
          sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        const alternatives: Expression<SqlBool>[] = [like('name'), like('name_en'), like('name_ja')];
        if (text.length === 1) alternatives.push(eb(letterColumn, '=', text.toUpperCase()));
        return eb.or(alternatives);
      });
    }

    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    // Order the way a reader of that language scans an index: by index letter, then the shown name.
    const nameColumn = query.lang === 'zh' ? 'name_pinyin' : query.lang === 'en' ? 'name_en' : 'name_ja';
    const rows = await withNewIn(base)
      .orderBy(letterColumn)
      .orderBy(nameColumn)
      .orderBy('id')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { items: rows.map(toItem), total: Number(total) };
  }
}
