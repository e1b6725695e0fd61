/** Catalogue reads. Portable Kysely only: the same SQL shape runs on SQLite and PostgreSQL. */
import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { CategoriesQuery, CategoryGroup, CategoryItem } from '#shared/contracts/catalogue';
import type { CategoryTable, Database } from '../../db/schema';

type Row = Selectable<CategoryTable>;

function toItem({ name_pinyin: _sortKey, ...row }: Row): CategoryItem {
  return { ...row, data: JSON.parse(row.data) } as CategoryItem;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
function likePattern(text: string, prefixOnly: boolean): string {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefixOnly ? `${escaped}%` : `%${escaped}%`;
}

export class CatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listGroups(groups: CategoryGroup[]): Promise<CategoryItem[]> {
    const rows = await this.db
      .selectFrom('category')
      .selectAll()
      .where('group_type', 'in', groups)
      .orderBy('group_type')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(toItem);
  }

  async search(query: CategoriesQuery): Promise<{ items: CategoryItem[]; total: number }> {
    const letterColumn = query.lang === 'zh' ? 'letter' : 'letter_en';
    let base = this.db.selectFrom('category');
    if (query.group_type) base = base.where('group_type', '=', query.group_type);
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
    const rows = await base
      .selectAll()
      .orderBy(letterColumn)
      .orderBy(nameColumn)
      .orderBy('id')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { items: rows.map(toItem), total: Number(total) };
  }
}
