/**
 * The moderation console's API (`/api/admin/*` but the catalogue's, issue 24, decision 0040): the overview, users,
 * official records, unanswered AI questions with fish aliases, and the audit log. Times on the wire are ISO 8601 UTC
 * strings. Every change answers the audit row it wrote (`audit_id`).
 */
import { z } from 'zod';
import { TRUST_LEVELS } from '../catch-trust';
import {
  ADMIN_ACTION_NAMES,
  ADMIN_CATCH_DEFAULT_DAYS,
  ADMIN_CATCH_MAX_DAYS,
  ADMIN_CATCH_MAX_IDS,
  ADMIN_CATCH_TRUST,
  ADMIN_REASON_MAX,
  ADMIN_TARGET_TYPES,
  AdminErrorCode,
  AI_QUESTION_KINDS,
  FISH_ALIAS_MAX,
  LOGGER_RANGE_MAX_DAYS,
  LOGGER_STATES,
  VIP_GRANT_MAX_DAYS,
} from '../admin-rules';
import { LoggerId, UserRead } from './auth';
import { ItemError, LOG_COUNT_LIMIT, OfficialLogItem, OfficialRecordItem, WireTime } from './catches';
import { codeWithReason, PageQuery, pageOf, safeLine } from './common';
import { Order, OrderStatus } from './vip';

export * from '../admin-rules';

/** Why the operator did it: optional on most actions, shown in the audit log. */
const Reason = z.string().trim().max(ADMIN_REASON_MAX).describe(`Why, for the audit log (at most ${ADMIN_REASON_MAX})`);

/** The operator's own password, asked again before a destructive action. */
const CurrentPassword = z
  .string()
  .max(1024)
  .describe("The operator's current password; wrong → 403 `ADMIN_BAD_CURRENT_PASSWORD`, counted like a failed login");

/** `{reason?}`: a change that needs no password (no body at all is `{}`). */
export const ReasonBody = z.strictObject({ reason: Reason.optional() }).default({});
export type ReasonBody = z.input<typeof ReasonBody>;

/** `{current_password, reason?}`: a destructive change (deactivate, refund, delete a record, revert). */
export const ConfirmedBody = z.strictObject({ current_password: CurrentPassword, reason: Reason.optional() });
export type ConfirmedBody = z.input<typeof ConfirmedBody>;

// ---- Overview

export const HourCount = z.object({ hour: z.string().describe('The UTC hour the count starts at'), count: z.number() });

export const AdminOverview = z.object({
  /** When the counts were made. */
  at: z.string(),
  /** Catches caught in each of the last 24 UTC hours (oldest first; the current hour last, so far). */
  catches_per_hour: z.array(HourCount),
  catches_24h: z.number().int(),
  /** Loggers that uploaded in the last 24 hours. */
  active_loggers_24h: z.number().int(),
  ai_questions_24h: z.number().int(),
  /** AI questions of the last 24 hours that named no known fish or got no facts. */
  ai_unanswered_24h: z.number().int(),
  /** Every order ever made, by status. */
  orders_by_status: z.record(OrderStatus, z.number().int()),
  users_total: z.number().int(),
  vip_active: z.number().int(),
  /**
   * The catches refused at ingestion over the last 24 hours by reason (`rate`, or the field refused; decision 0041),
   * most first; `share` of the catches uploaded in that time (those caught in it and stored, plus every refused one),
   * 0–1. Null only from a server that does not store refusals.
   */
  refused_by_reason: z.array(z.object({ reason: z.string(), count: z.number().int(), share: z.number() })).nullable(),
  /** Loggers under review (`flagged_at` set: by their rate or an operator). */
  flagged_loggers: z.number().int().nullable(),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

// ---- Users

export const AdminUserQuery = PageQuery.extend({
  q: z
    .string()
    .trim()
    .max(320)
    .optional()
    .describe('Part of the e-mail or nickname (any case), or a whole user id or logger id; empty: every user'),
});
export type AdminUserQuery = z.input<typeof AdminUserQuery>;

export const AdminUser = UserRead.extend({
  created_at: z.string(),
  /** The language the user registered in (their e-mails'). */
  locale: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserPage = pageOf(AdminUser);
export type AdminUserPage = z.infer<typeof AdminUserPage>;

export const AdminUserParams = z.object({ id: z.string().max(64) });

/** One user with their orders (newest first, at most 100) and whether a subscription renews. */
export const AdminUserDetail = z.object({
  user: AdminUser,
  orders: z.array(Order),
  auto_renew: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** A change to a user: the user after it and the audit row written. */
export const AdminUserChange = z.object({ user: AdminUser, audit_id: z.number().int() });
export type AdminUserChange = z.infer<typeof AdminUserChange>;

export const VipGrantBody = z.strictObject({
  days: z
    .number()
    .int()
    .min(1)
    .max(VIP_GRANT_MAX_DAYS)
    .describe(`Days to add to the later of now and the current expiry, 1–${VIP_GRANT_MAX_DAYS}`),
  reason: Reason.min(1).describe('Why (required for a grant), shown in the audit log'),
});
export type VipGrantBody = z.input<typeof VipGrantBody>;

export const OrderNoParams = z.object({ order_no: z.string().min(1).max(64) });

export const AdminRefund = z.object({ order: Order, audit_id: z.number().int() });
export type AdminRefund = z.infer<typeof AdminRefund>;

// ---- Official records

export const AdminRecordQuery = PageQuery.extend({
  map_id: z.coerce.number().int().positive().optional(),
  fish_id: z.coerce.number().int().positive().optional(),
  player_name: z.string().trim().min(1).max(64).optional().describe('The player, exactly as the record names them'),
  source_id: z.string().trim().min(1).max(64).optional(),
  /** Inclusive. */
  from: WireTime.optional(),
  /** Exclusive. */
  to: WireTime.optional(),
});
export type AdminRecordQuery = z.input<typeof AdminRecordQuery>;
export type AdminRecordFilters = z.output<typeof AdminRecordQuery>;

export const AdminRecord = OfficialLogItem.extend({ source_id: z.string(), created_at: z.string() });
export type AdminRecord = z.infer<typeof AdminRecord>;
export const AdminRecordPage = pageOf(AdminRecord);
export type AdminRecordPage = z.infer<typeof AdminRecordPage>;

export const RecordParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The fields of an imported record a correction may change (not `source_id`, the record's identity). */
const { source_id: _source, ...recordFields } = OfficialRecordItem.shape;
export const RecordCorrectionBody = z
  .strictObject({ ...recordFields, reason: Reason })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== 'reason'), {
    message: 'Give at least one field to correct',
  });
export type RecordCorrectionBody = z.input<typeof RecordCorrectionBody>;

export const AdminRecordChange = z.object({ record: AdminRecord, audit_id: z.number().int() });
export type AdminRecordChange = z.infer<typeof AdminRecordChange>;

/** A correction the import's rules refuse: every broken rule, as the import words it; nothing changed. */
export const RecordInvalidError = z.object({
  detail: z.object({ code: z.enum([AdminErrorCode.RECORD_INVALID]), errors: z.array(ItemError) }),
});

export const RecordsImportResult = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  /** The refused records: their line (CSV) or position (JSON) in the file, and why. */
  problems: z.array(z.object({ line: z.number().int(), source_id: z.string().nullable(), errors: z.array(ItemError) })),
  audit_id: z.number().int(),
});
export type RecordsImportResult = z.infer<typeof RecordsImportResult>;

export const AdminRecordDeleted = z.object({ audit_id: z.number().int() });

// ---- AI questions and fish aliases

export const AiQuestionQuery = PageQuery.extend({
  kind: z
    .enum(AI_QUESTION_KINDS)
    .default('unanswered')
    .describe('`no_fish`: named no known fish; `no_facts`: got no facts; `unanswered`: either'),
});
export type AiQuestionQuery = z.input<typeof AiQuestionQuery>;

export const AdminAiQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  language: z.string(),
  fish_id: z.number().int().nullable(),
  /** Null for questions answered before the count was kept. */
  fact_count: z.number().int().nullable(),
  asked_by: z.enum(['user', 'visitor']),
  created_at: z.string(),
  /** The fish the question would name if asked now (the aliases added since count), or null. */
  fish_now: z.number().int().nullable(),
});
export type AdminAiQuestion = z.infer<typeof AdminAiQuestion>;
export const AdminAiQuestionPage = pageOf(AdminAiQuestion);
export type AdminAiQuestionPage = z.infer<typeof AdminAiQuestionPage>;

export const FishAlias = z.object({
  id: z.number().int(),
  fish_id: z.number().int(),
  alias: z.string(),
  created_at: z.string(),
  created_by: z.string(),
});
export type FishAlias = z.infer<typeof FishAlias>;
export const FishAliasList = z.object({ items: z.array(FishAlias) });
export type FishAliasList = z.infer<typeof FishAliasList>;

export const FishAliasBody = z.strictObject({
  fish_id: z.number().int().positive(),
  alias: safeLine('Alias', z.string().trim().min(1).max(FISH_ALIAS_MAX)).describe(
    `Another name of the fish, 1–${FISH_ALIAS_MAX} characters on one line; matched as the catalogue's names are`,
  ),
  reason: Reason.optional(),
});
export type FishAliasBody = z.input<typeof FishAliasBody>;

export const AliasParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const FishAliasChange = z.object({ alias: FishAlias, audit_id: z.number().int() });
export type FishAliasChange = z.infer<typeof FishAliasChange>;

// ---- Catches

const QueryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const AdminCatchQuery = PageQuery.extend({
  map_id: QueryId.optional(),
  fish_id: QueryId.optional(),
  bait_id: QueryId.optional().describe('The main bait'),
  logger_id: LoggerId.optional().describe("The logger's id, exactly"),
  from: WireTime.optional().describe(
    `Inclusive; default \`to\` − ${ADMIN_CATCH_DEFAULT_DAYS} days; at most ${ADMIN_CATCH_MAX_DAYS} days before \`to\``,
  ),
  to: WireTime.optional().describe('Exclusive; default now'),
  trust: z
    .enum(ADMIN_CATCH_TRUST)
    .default('any')
    .describe('`any` (default: every catch, hidden ones too), a level (the shown catches of it) or `hidden`'),
}).refine((query) => query.page * query.page_size <= LOG_COUNT_LIMIT, {
  path: ['page'],
  message: `Pages reach the newest ${LOG_COUNT_LIMIT} results (page × page_size ≤ ${LOG_COUNT_LIMIT}): narrow the filters, e.g. \`to\` = the oldest time seen`,
});
export type AdminCatchQuery = z.input<typeof AdminCatchQuery>;
export type AdminCatchFilters = z.output<typeof AdminCatchQuery>;

/** A catch as the console shows it: who sent it (the public logs never say), its level and whether it is hidden. */
export const AdminCatch = z.object({
  id: z.number().int(),
  caught_at: z.string(),
  map_id: z.number().int(),
  fish_id: z.number().int(),
  bait_id: z.number().int(),
  star_type: z.number().int(),
  weight: z.number().int().describe('Grams'),
  logger_id: z.string(),
  /** The player name the logger reported, or null. */
  player_name: z.string().nullable(),
  trust: z.enum(TRUST_LEVELS).describe('The level the catch was stored with (kept while it is hidden)'),
  hidden: z.boolean(),
});
export type AdminCatch = z.infer<typeof AdminCatch>;
export const AdminCatchPage = pageOf(AdminCatch).extend({
  total_exact: z.boolean().describe(`False when more than ${LOG_COUNT_LIMIT} match (\`total\` is then the limit)`),
  from: z.string().describe('The time range searched, `from` inclusive'),
  to: z.string().describe('`to` exclusive'),
});
export type AdminCatchPage = z.infer<typeof AdminCatchPage>;

const CatchIds = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .min(1)
  .max(ADMIN_CATCH_MAX_IDS)
  .describe(`The catches, 1–${ADMIN_CATCH_MAX_IDS} ids`);

/** `{ids, current_password, reason?}`: hide catches (destructive: the password again). */
export const CatchHideBody = ConfirmedBody.extend({ ids: CatchIds });
export type CatchHideBody = z.input<typeof CatchHideBody>;
/** `{ids, reason?}`: show hidden catches again. */
export const CatchRestoreBody = z.strictObject({ ids: CatchIds, reason: Reason.optional() });
export type CatchRestoreBody = z.input<typeof CatchRestoreBody>;

export const AdminCatchChange = z.object({
  /** How many of the ids changed (those hidden already, or shown already, did not). */
  changed: z.number().int(),
  /** The ids that changed. */
  ids: z.array(z.number().int()),
  audit_id: z.number().int(),
});
export type AdminCatchChange = z.infer<typeof AdminCatchChange>;

export const CatchNotFoundError = z.object({ detail: codeWithReason(AdminErrorCode.CATCH_NOT_FOUND) });

// ---- Loggers (decision 0041)

export const AdminLoggerQuery = PageQuery.extend({
  q: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe("A whole logger id, or part of the logger's player name or its bound user's nickname (any case)"),
  state: z.enum(LOGGER_STATES).default('all').describe('`flagged`: under review; `blocked`: uploads refused'),
});
export type AdminLoggerQuery = z.input<typeof AdminLoggerQuery>;

export const AdminLogger = z.object({
  id: z.string(),
  /** The player name the logger registered with. */
  player_name: z.string().nullable(),
  /** The account the logger is bound to, if any. */
  bound_user: z.object({ id: z.string(), nickname: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  /** When its first catch was stored (its probation runs from there); null before any, the epoch if established. */
  active_since: z.string().nullable(),
  /** When its probation ends (or ended); null before its first catch. */
  probation_until: z.string().nullable(),
  /** Whether its catches are stored in probation now. */
  on_probation: z.boolean(),
  /** Its stored catches, hidden ones included. */
  accepted: z.number().int(),
  /** Of those, stored flagged (and not hidden). */
  flagged_catches: z.number().int(),
  /** Of those, hidden by an operator. */
  hidden_catches: z.number().int(),
  /** Its catches refused at ingestion (every reason), as stored since migration 0026. */
  refused: z.number().int(),
  flagged_at: z.string().nullable(),
  /** `rate` (beyond the plausibility limit) or `operator`, or what the operator wrote. */
  flag_reason: z.string().nullable(),
  blocked_at: z.string().nullable(),
});
export type AdminLogger = z.infer<typeof AdminLogger>;
export const AdminLoggerPage = pageOf(AdminLogger);
export type AdminLoggerPage = z.infer<typeof AdminLoggerPage>;
export const AdminLoggerParams = z.object({ id: LoggerId });

/** `{reason}`: flagging says why (shown as the logger's flag reason and in the audit log). */
export const LoggerFlagBody = z.strictObject({ reason: Reason.min(1).describe('Why the logger is put under review') });
export type LoggerFlagBody = z.input<typeof LoggerFlagBody>;

const rangeFields = {
  from: WireTime.describe('The first `caught_at` of the range (inclusive)'),
  to: WireTime.describe(`The end of the range (exclusive); at most ${LOGGER_RANGE_MAX_DAYS} days after \`from\``),
};
/** `to` after `from`, at most LOGGER_RANGE_MAX_DAYS apart. */
const aRange = (body: { from: string; to: string }) => {
  const span = Date.parse(body.to) - Date.parse(body.from);
  return span > 0 && span <= LOGGER_RANGE_MAX_DAYS * 86_400_000;
};
const rangeRule = { message: `\`to\` must be after \`from\`, at most ${LOGGER_RANGE_MAX_DAYS} days`, path: ['to'] };
/** Hiding a logger's catches caught in `[from, to)`: destructive, the password again. */
export const LoggerHideBody = ConfirmedBody.extend(rangeFields).refine(aRange, rangeRule);
export type LoggerHideBody = z.input<typeof LoggerHideBody>;
/** Showing again a logger's hidden catches caught in `[from, to)`. */
export const LoggerRestoreBody = z
  .strictObject({ ...rangeFields, reason: Reason.optional() })
  .refine(aRange, rangeRule);
export type LoggerRestoreBody = z.input<typeof LoggerRestoreBody>;

/** A change to a logger: the logger after it and the audit row written. */
export const AdminLoggerChange = z.object({ logger: AdminLogger, audit_id: z.number().int() });
export type AdminLoggerChange = z.infer<typeof AdminLoggerChange>;
/** A hide or restore: the logger after it, how many catches changed and the audit row written. */
export const AdminLoggerCatchesChange = AdminLoggerChange.extend({ changed: z.number().int() });
export type AdminLoggerCatchesChange = z.infer<typeof AdminLoggerCatchesChange>;

// ---- Audit log

export const AuditQuery = PageQuery.extend({
  operator: z.string().trim().min(1).max(320).optional().describe("The operator's user id or e-mail (any case)"),
  action: z.enum(ADMIN_ACTION_NAMES).optional(),
  target_type: z.enum(ADMIN_TARGET_TYPES).optional(),
  target_id: z.string().trim().min(1).max(128).optional(),
  /** Inclusive. */
  from: WireTime.optional(),
  /** Exclusive. */
  to: WireTime.optional(),
});
export type AuditQuery = z.input<typeof AuditQuery>;

const Snapshot = z.record(z.string(), z.unknown()).nullable();

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator_id: z.string(),
  operator_email: z.string(),
  action: z.enum(ADMIN_ACTION_NAMES),
  target_type: z.enum(ADMIN_TARGET_TYPES),
  target_id: z.string(),
  reason: z.string().nullable(),
  /** The target as it was before the action (null: it did not exist, or the action has no single target state). */
  before: Snapshot,
  /** The target after it (null: it is gone). */
  after: Snapshot,
  reversible: z.boolean(),
  /** The audit row of the revert that undid this action, or null. */
  reverted_by: z.number().int().nullable(),
  /** For a revert: the row it undid. */
  reverts: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const RevertResult = z.object({ revert: AuditEntry, reverted: AuditEntry });
export type RevertResult = z.infer<typeof RevertResult>;
