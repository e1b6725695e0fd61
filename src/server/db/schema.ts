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

/** SQLite stores booleans as 0/1, PostgreSQL as true/false: repositories read them with `Boolean()`. */
type Bool = boolean | number;

export interface UserTable {
  /** UUID string. */
  id: string;
  /** As submitted (domain lowercased, contract §1.5). */
  email: string;
  /** Lower-cased e-mail: case-insensitive lookups and uniqueness. */
  email_lower: string;
  hashed_password: string;
  is_active: Bool;
  is_superuser: Bool;
  is_verified: Bool;
  nickname: string;
  /** URL path of the avatar picture under /media/avatars. */
  avatar: string | null;
  bio: string;
  /** The bound logger (at most one account per logger). */
  client_id: string | null;
  /** ISO-8601 UTC. */
  vip_expire_at: string | null;
  /** Language of the account's e-mails. */
  locale: string;
  /** Bumped by every password change; access tokens issued under an older version are refused. */
  token_version: number;
  created_at: string;
}

export interface LoggerClientTable {
  /** Public id shown in the logger: `bird_` + 22 base62 characters. */
  client_id: string;
  /** SHA-256 (hex) of the logger's secret token. */
  token_hash: string;
  player_name: string | null;
  version: string | null;
  created_at: string;
  last_seen_at: string | null;
}

export interface RevokedTokenTable {
  /** `jti` of a logged-out access token. */
  jti: string;
  /** Unix seconds when the token expires anyway. */
  expires_at: number;
}

export interface Database {
  category: CategoryTable;
  meta: MetaTable;
  users: UserTable;
  logger_client: LoggerClientTable;
  revoked_token: RevokedTokenTable;
}
