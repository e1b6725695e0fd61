import type { Generated } from 'kysely';

/**
 * The one typed description of the database, shared by both dialects. JSON columns are stored as text on both
 * (SQLite has no JSON type; using text on PostgreSQL too keeps one code path) and parsed in the repositories.
 */
export interface CategoryTable {
  /** Stable ids: star types use the game's ids 446–452 (0 = unknown). Assigned by the catalogue, not generated. */
  id: number;
  group_type: string;
  name: string;
  name_en: string | null;
  name_ja: string | null;
  /** Toneless pinyin of `name`: the zh sort key. */
  name_pinyin: string;
  /** Pinyin initial of `name` (zh lists). */
  letter: string;
  /** First letter of `name_en` (en and ja lists). */
  letter_en: string;
  sort: number;
  /** JSON text, per group: see src/shared/contracts/catalogue.ts. */
  data: string;
}

export interface MetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface Database {
  category: CategoryTable;
  meta: MetaTable;
}
