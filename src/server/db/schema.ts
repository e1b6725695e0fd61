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
  /** Gone from the game: kept so history shows it, hidden from pickers (migration 0014). */
  deprecated: Generated<Bool>;
  /** The patch of the version that first added the item; null for the first import into an empty catalogue. */
  introduced_in: string | null;
}

/** Every catalogue version applied (migration 0014): 1, 2, 3 … assigned under the importer's lock. */
export interface CatalogueVersionTable {
  id: number;
  game: string;
  patch: string;
  /** SHA-256 of the package's content (not its `created_at`). */
  package_sha256: string;
  /** `import` | `rollback`. */
  kind: string;
  /** A rollback: the version whose content it restored. */
  restored_from: number | null;
  /** E-mail of the superuser, or the command (`cli`, `demo`, `migration`). */
  applied_by: string;
  /** Epoch ms. */
  applied_at: number;
  /** The whole catalogue this version made live, as JSON (features/catalogue/catalogue-content.ts). */
  content: string;
}

/** Append-only: who applied which version, when, and the diff's counts (JSON). */
export interface CatalogueAuditTable {
  id: Generated<number>;
  version_id: number;
  actor: string;
  /** Epoch ms. */
  at: number;
  /** `import` | `rollback`. */
  action: string;
  summary: string;
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
  /** As submitted (domain lowercased, docs/account-api.md §1.5). */
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
  /**
   * Epoch ms (server time) when the logger's first catch was stored: its probation runs from there (decision 0039);
   * null before its first catch, 0 for loggers established from the start (the demo world's, those of migration 0024).
   */
  active_since: number | null;
  /** Epoch ms since the logger is under review (its catches are stored flagged); null when it is not. */
  flagged_at: number | null;
  /** Why: `rate` (it reported more than game reality allows) or `operator`. */
  flag_reason: string | null;
  /** Epoch ms since an operator blocked the logger (its uploads answer 403); null when it is not (migration 0026). */
  blocked_at: number | null;
}

/**
 * Catches refused at ingestion per UTC hour, logger and reason (migration 0026, decision 0041): `rate` or the field
 * the item's first error names (`item` for the item as a whole). Upserted once per group (catch-store/refusal-log.ts).
 */
export interface CatchRefusalTable {
  /** Epoch ms of the hour's start. */
  hour: number;
  client_id: string;
  reason: string;
  count: number;
}

/**
 * A logger's stored catches per UTC hour (`span` 60) of `caught_at` (migration 0024): the plausibility limit per
 * logger, kept in each batch's transaction (catch-store/catch-trust.ts). Its minutes are counted from its catches
 * (migration 0029 deleted their rows, `span` 1).
 */
export interface LoggerCatchRateTable {
  client_id: string;
  span: number;
  /** floor(caught_at / (span × 60,000)). */
  bucket: number;
  count: number;
}

/** A logger's pending binding code (decision 0017): at most one per logger, deleted when used. */
export interface LoggerBindingCodeTable {
  client_id: string;
  /** SHA-256 (hex) of the code in its canonical form (`normalizeBindingCode`). */
  code_hash: string;
  /** Epoch ms; the code is refused from then on. */
  expires_at: number;
  /** Epoch ms. */
  created_at: number;
}

export interface RevokedTokenTable {
  /** `jti` of a logged-out access token. */
  jti: string;
  /** Unix seconds when the token expires anyway. */
  expires_at: number;
}

/**
 * Hot tables (decision 0009): times are epoch milliseconds (integers on both dialects), and `night` reads back as a
 * boolean on both (SqliteBooleansPlugin converts SQLite's 0/1), so features never convert.
 */
interface CaughtColumns {
  /** Epoch ms, UTC. */
  caught_at: number;
  map_id: number;
  fish_id: number;
  bait_id: number;
  /** The second bait of a sandwich rig. */
  bait2_id: number | null;
  /** `standard` | `telescopic` | `ultralight` (official records: the category). */
  rod_type: string;
  /** 0 or 446–452. */
  star_type: number;
  /** Grams. */
  weight: number;
}

interface MeasuredColumns {
  /** Metres. */
  depth: number;
  /** `front` | `back` of the boat. */
  direction: string;
  /** Degrees clockwise from north, 0–359. */
  angle: number;
  /** 1–24 (the logger's 0 is stored as 24). */
  game_hour: number;
  /** °C. */
  temperature: number;
  weather: string;
  night: boolean;
  x: number;
  y: number;
  /** Seconds. */
  time_spent: number;
}

export interface CatchTable extends CaughtColumns, MeasuredColumns {
  id: Generated<number>;
  client_id: string;
  report_id: string;
  /** Epoch ms. */
  created_at: number;
  /**
   * How far the catch is trusted, fixed when stored (src/shared/catch-trust.ts, decision 0039): 0 verified,
   * 1 established, 2 probation, 3 flagged, + 4 while hidden by an operator.
   */
  trust: Generated<number>;
}

/**
 * PostgreSQL only (migration 0017): the (logger, report_id) of every stored catch, unique — the duplicate rule the
 * month-partitioned catch table cannot hold itself (decision 0029). Absent on SQLite, where `catch` keeps the index.
 */
export interface CatchKeyTable {
  client_id: string;
  report_id: string;
}

export interface SaleTable {
  id: Generated<number>;
  client_id: string;
  report_id: string;
  /** Epoch ms, UTC. */
  sold_at: number;
  income: number;
  fish_count: number;
  star_count: number;
  /** Epoch ms. */
  created_at: number;
}

export interface OfficialRecordTable extends CaughtColumns, Nullable<MeasuredColumns> {
  id: Generated<number>;
  /** The record's id at its source: the idempotency key of imports. */
  source_id: string;
  player_name: string;
  /** Epoch ms. */
  created_at: number;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Per map: `version` is raised when catches are counted into a day that has ended (migration 0007), `changes` by
 * every batch that counts catches on the map (migration 0010). */
export interface HeatMapVersionTable {
  map_id: number;
  version: number;
  changes: Generated<number>;
  /** The bounds the map's rollup and window sums were counted with (migration 0015); null until first counted. */
  x_min: number | null;
  y_min: number | null;
  x_max: number | null;
  y_max: number | null;
}

/** The heat map's rollup (migration 0006): catches per map, UTC day, star type and grid cell. */
export interface HeatCellDayTable {
  map_id: number;
  /** 0: trusted catches; 1: probation and flagged (migration 0024). Hidden catches are not counted. */
  trust_class: number;
  /** Days since 1970-01-01 UTC. */
  day: number;
  star_type: number;
  /** row × cols + col. */
  cell: number;
  count: number;
  /** Epoch ms of the newest catch counted. */
  last_at: number;
}

/** The heat map's window sums (migration 0013): catches of the whole days [end_day − days + 1, end_day). */
export interface HeatCellWindowTable {
  map_id: number;
  /** 0: all fish. */
  fish_id: number;
  days: number;
  end_day: number;
  /** As in `heat_cell_day`. */
  trust_class: number;
  star_type: number;
  cell: number;
  count: number;
  last_at: number;
}

/**
 * The all-fish window sums of one (map, days, end day, star type) as built, packed into one `cell,count,…` string
 * (migration 0016); late catches add `heat_cell_window` rows (fish 0) beside it.
 */
export interface HeatWindowPackedTable {
  map_id: number;
  days: number;
  end_day: number;
  /** As in `heat_cell_day`. */
  trust_class: number;
  star_type: number;
  cells: string;
  count: number;
  last_at: number;
}

/** The (map, end day) whose windows are complete (migration 0013). */
export interface HeatWindowBuiltTable {
  map_id: number;
  end_day: number;
  built_at: number;
}

/** VIP orders (migration 0008). Times are epoch ms; amounts are cents. */
export interface VipOrderTable {
  order_no: string;
  user_id: string;
  /** `once` | `subscription`. */
  mode: string;
  /** `pending` | `paid` | `failed` | `canceled` | `refunded` (an `expired` order is a pending one past `expires_at`). */
  status: string;
  amount: number;
  currency: string;
  /** `local` | `stripe`. */
  provider: string;
  /** The provider's checkout id (Stripe: the Checkout Session). */
  provider_ref: string | null;
  /** The provider's payment id (Stripe: the PaymentIntent). */
  payment_ref: string | null;
  subscription_id: string | null;
  /** A renewal: the subscription's first order. */
  renews_order_no: string | null;
  created_at: number;
  paid_at: number | null;
  /** The end of the 30 days this order paid for; null unless paid. */
  period_end: number | null;
  /** The partner site's key: paid orders only. */
  activation_key: string | null;
  updated_at: number;
  /**
   * Epoch ms: when the unpaid checkout stops accepting payment (decision 0032; migration 0018). Null for orders no
   * checkout started (renewals).
   */
  expires_at: number | null;
  /** Where the browser pays this order (the provider's checkout, or ours): "Resume payment" goes back there. */
  checkout_url: string | null;
}

/** Auto-renewing subscriptions (migration 0008), one per (provider, subscription id). */
export interface VipSubscriptionTable {
  provider: string;
  subscription_id: string;
  user_id: string;
  first_order_no: string;
  /** `active` | `canceled`. */
  status: string;
  /** Epoch ms: when the next renewal falls due. */
  current_period_end: number;
  created_at: number;
  canceled_at: number | null;
}

/** Every payment provider event, stored once per (provider, event id) with its raw body (migration 0008). */
export interface PaymentEventTable {
  provider: string;
  event_id: string;
  type: string;
  order_no: string | null;
  payment_ref: string | null;
  subscription_id: string | null;
  /** Epoch ms. */
  received_at: number;
  raw: string;
}

/** The AI chat's questions and answers (migration 0009): for review and a user's own history. */
export interface AiQuestionTable {
  id: Generated<number>;
  /** The asking user; null for a visitor. */
  user_id: string | null;
  /** A visitor's address as a keyed hash (HMAC-SHA-256, hex); null for a user. */
  ip_hash: string | null;
  question: string;
  answer: string;
  engine: string;
  fallback: string | null;
  language: string;
  fish_id: number | null;
  latency_ms: number;
  /** Epoch ms. */
  created_at: number;
  /** How many facts the answer carried (migration 0025); null for questions answered before it was recorded. */
  fact_count: number | null;
}

/**
 * Every moderation console action (migration 0025, decision 0040): append-only (triggers refuse UPDATE and DELETE).
 * `before` / `after` are JSON text; `reverts_id` names the row a revert undid (unique: one revert per row).
 */
export interface AdminAuditTable {
  id: Generated<number>;
  /** Epoch ms. */
  at: number;
  operator_id: string;
  operator_email: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  reversible: Bool;
  reverts_id: number | null;
}

/** Other names of a fish the AI chat matches (migration 0025); `alias_key` is the folded name, unique. */
export interface FishAliasTable {
  id: Generated<number>;
  fish_id: number;
  alias: string;
  alias_key: string;
  /** Epoch ms. */
  created_at: number;
  /** The operator's e-mail. */
  created_by: string;
}

/** A player's collection shared on a public page (migration 0020): a row only while sharing is on. */
export interface CollectionShareTable {
  user_id: string;
  /** The public link's random part: 22 base64url characters (128 bits). */
  share_id: string;
  /** Epoch ms: when sharing was turned on. */
  created_at: number;
}

/** A member's followed fish (migration 0023, decision 0036); `map_key` 0: all maps. */
export interface AlertFollowTable {
  id: Generated<number>;
  user_id: string;
  fish_id: number;
  map_key: number;
  /** Epoch ms. */
  created_at: number;
}

/** A member's alert settings (migration 0023): a row only once something was changed. */
export interface AlertMemberTable {
  user_id: string;
  /** Epoch ms when alert e-mails were turned off; null: on. */
  emails_off_at: number | null;
}

/** What a member was told (migration 0023): at most one per (member, fish, UTC day). */
export interface AlertTable {
  id: Generated<number>;
  user_id: string;
  fish_id: number;
  /** UTC day number (epoch ms / 86,400,000). */
  day: number;
  /** `top_bait` | `trophy`. */
  kind: string;
  /** The followed map; 0: all maps. */
  map_key: number;
  /** JSON text: `{entered, top}` or `{trophy}` (features/alerts/alert-rows.ts). */
  detail: string;
  created_at: number;
  read_at: number | null;
  /** `pending` | `sending` | `sent` | `skipped` | `failed`. */
  mail_state: string;
  mail_attempts: Generated<number>;
  mail_at: number | null;
}

/** The alert job's last top three of a followed (fish, map) (migration 0023). */
export interface AlertScopeTable {
  fish_id: number;
  map_key: number;
  /** Bait ids, comma-separated, first first; '' when none. */
  top_bait_ids: string;
  checked_at: number;
}

/** The alert job's trophy catches per (fish, map, UTC day of the catch), as last counted (migration 0023). */
export interface AlertTrophyCountTable {
  fish_id: number;
  map_id: number;
  day: number;
  count: number;
}

/** Each map's `heat_map_version.changes` as the alert job last read it (migration 0023). */
export interface AlertSeenChangesTable {
  map_id: number;
  changes: number;
}

export interface Database {
  category: CategoryTable;
  catalogue_version: CatalogueVersionTable;
  catalogue_audit: CatalogueAuditTable;
  meta: MetaTable;
  users: UserTable;
  logger_client: LoggerClientTable;
  logger_binding_code: LoggerBindingCodeTable;
  logger_catch_rate: LoggerCatchRateTable;
  catch_refusal: CatchRefusalTable;
  revoked_token: RevokedTokenTable;
  catch: CatchTable;
  catch_key: CatchKeyTable;
  sale: SaleTable;
  official_record: OfficialRecordTable;
  heat_cell_day: HeatCellDayTable;
  heat_map_version: HeatMapVersionTable;
  heat_cell_window: HeatCellWindowTable;
  heat_window_built: HeatWindowBuiltTable;
  heat_window_packed: HeatWindowPackedTable;
  vip_order: VipOrderTable;
  vip_subscription: VipSubscriptionTable;
  payment_event: PaymentEventTable;
  ai_question: AiQuestionTable;
  collection_share: CollectionShareTable;
  alert_follow: AlertFollowTable;
  alert_member: AlertMemberTable;
  alert: AlertTable;
  alert_scope: AlertScopeTable;
  alert_trophy_count: AlertTrophyCountTable;
  alert_seen_changes: AlertSeenChangesTable;
  admin_audit: AdminAuditTable;
  fish_alias: FishAliasTable;
}
