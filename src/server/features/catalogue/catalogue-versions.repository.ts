/**
 * The tables of catalogue versions (migration 0014): the live catalogue's rows as content, the versions and their
 * stored content, the audit log, and the one write that replaces the catalogue. Portable Kysely, but for the lock that
 * makes two applies take turns (`lockForApply`).
 */
import { type Kysely, type Transaction, sql } from 'kysely';
import { CATEGORY_GROUPS, type CategoryGroup } from '#shared/contracts/catalogue';
import type { CatalogueVersion } from '#shared/contracts/catalogue-package';
import { dialectOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { type ContentGroups, emptyGroups, parseContent, serializeContent, sortGroups } from './catalogue-content';
import { enIndexLetter, zhIndexLetter, zhSortKey } from './index-letters';

/** Rows per insert: 500 × 12 columns stays far below both dialects' bind-parameter limits. */
const CHUNK = 500;

export interface NewVersion extends Omit<CatalogueVersion, 'id'> {
  groups: ContentGroups;
}

export interface AuditSummary {
  added: number;
  changed: number;
  removed: number;
  deprecated: number;
  rebuild_maps: number;
}

export class CatalogueVersionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The live version (the newest), or undefined before the first import. */
  async live(db: Kysely<Database> = this.db): Promise<CatalogueVersion | undefined> {
    const row = await db
      .selectFrom('catalogue_version')
      .select(VERSION_COLUMNS)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toVersion(row);
  }

  /** Every version, newest first (without their content). */
  async list(): Promise<CatalogueVersion[]> {
    const rows = await this.db.selectFrom('catalogue_version').select(VERSION_COLUMNS).orderBy('id', 'desc').execute();
    return rows.map(toVersion);
  }

  /** A version and the catalogue it made live; undefined for an unknown id. */
  async withContent(id: number): Promise<{ version: CatalogueVersion; groups: ContentGroups } | undefined> {
    const row = await this.db
      .selectFrom('catalogue_version')
      .select([...VERSION_COLUMNS, 'content'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { version: toVersion(row), groups: parseContent(row.content) };
  }

  /** The live catalogue's rows as content. */
  async liveContent(db: Kysely<Database> = this.db): Promise<ContentGroups> {
    const rows = await db
      .selectFrom('category')
      .select(['id', 'group_type', 'name', 'name_en', 'name_ja', 'sort', 'deprecated', 'introduced_in', 'data'])
      .execute();
    const groups = emptyGroups();
    for (const row of rows) {
      groups[row.group_type as CategoryGroup]?.push({
        id: row.id,
        name: row.name,
        name_en: row.name_en,
        name_ja: row.name_ja,
        sort: Number(row.sort),
        // SQLite answers the boolean column as 0/1.
        deprecated: Boolean(row.deprecated),
        introduced_in: row.introduced_in,
        data: JSON.parse(row.data) as Record<string, unknown>,
      });
    }
    return sortGroups(groups);
  }

  /**
   * Makes `trx` the only apply running, and (SQLite) takes the write lock at its first statement, so what it reads
   * next is the last committed catalogue. PostgreSQL: a lock on the versions table that readers never wait for.
   */
  async lockForApply(trx: Transaction<Database>): Promise<void> {
    if (dialectOf(trx) === 'postgres') await sql`lock table catalogue_version in exclusive mode`.execute(trx);
    else
      await trx
        .updateTable('catalogue_version')
        .set({ id: sql`id` })
        .where(sql<boolean>`1 = 0`)
        .execute();
  }

  /** Replaces every catalogue row, computing the index letters and the pinyin sort key as the demo world does. */
  async replaceCatalogue(trx: Transaction<Database>, groups: ContentGroups): Promise<void> {
    await trx.deleteFrom('category').execute();
    const rows = CATEGORY_GROUPS.flatMap((group) =>
      groups[group].map((item) => ({
        id: item.id,
        group_type: group,
        name: item.name,
        name_en: item.name_en,
        name_ja: item.name_ja,
        name_pinyin: zhSortKey(item.name),
        letter: zhIndexLetter(item.name),
        letter_en: enIndexLetter(item.name_en),
        sort: item.sort,
        data: JSON.stringify(item.data),
        deprecated: item.deprecated,
        introduced_in: item.introduced_in,
      })),
    );
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('category')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** Inserts the version (its id: the live one's + 1) and its audit entry; answers it. */
  async insertVersion(trx: Transaction<Database>, next: NewVersion, summary: AuditSummary): Promise<CatalogueVersion> {
    const live = await this.live(trx);
    const { groups, ...fields } = next;
    const version: CatalogueVersion = { id: (live?.id ?? 0) + 1, ...fields };
    await trx
      .insertInto('catalogue_version')
      .values({ ...version, content: serializeContent(groups) })
      .execute();
    await trx
      .insertInto('catalogue_audit')
      .values({
        version_id: version.id,
        actor: version.applied_by,
        at: version.applied_at,
        action: version.kind,
        summary: JSON.stringify(summary),
      })
      .execute();
    return version;
  }
}

const VERSION_COLUMNS = [
  'id',
  'game',
  'patch',
  'package_sha256',
  'kind',
  'restored_from',
  'applied_by',
  'applied_at',
] as const;

function toVersion(row: {
  id: number;
  game: string;
  patch: string;
  package_sha256: string;
  kind: string;
  restored_from: number | null;
  applied_by: string;
  applied_at: number;
}): CatalogueVersion {
  return {
    ...row,
    id: Number(row.id),
    kind: row.kind === 'rollback' ? 'rollback' : 'import',
    restored_from: row.restored_from === null ? null : Number(row.restored_from),
    applied_at: Number(row.applied_at),
  };
}
