/**
 * The moderation console's constants (issue 24, decision 0040), without zod so the console's pages can import them
 * (src/shared/contracts/admin.ts holds the schemas).
 */

/**
 * Every action an operator can take, as the audit log names it. `reversible` ones can be reverted from the log (a
 * revert is itself an action, written to the log, and is not reversible).
 */
export const ADMIN_ACTIONS = {
  'user.deactivate': { reversible: true },
  'user.reactivate': { reversible: true },
  'user.verify': { reversible: true },
  'vip.grant': { reversible: true },
  'order.refund': { reversible: false },
  'record.import': { reversible: false },
  'record.correct': { reversible: true },
  'record.delete': { reversible: true },
  'alias.add': { reversible: true },
  'alias.remove': { reversible: true },
  // The Catches screen: hide or show again one or many catches (decision 0039's `trust` + 4).
  'catch.hide': { reversible: true },
  'catch.restore': { reversible: true },
  'audit.revert': { reversible: false },
  // Loggers (decision 0041).
  'logger.flag': { reversible: true },
  'logger.clear': { reversible: true },
  'logger.block': { reversible: true },
  'logger.unblock': { reversible: true },
  'logger.revoke': { reversible: false },
  'logger.hide': { reversible: true },
  'logger.restore': { reversible: true },
} as const;
export type AdminAction = keyof typeof ADMIN_ACTIONS;
export const ADMIN_ACTION_NAMES = Object.keys(ADMIN_ACTIONS) as [AdminAction, ...AdminAction[]];

/** What an action is done to. */
export const ADMIN_TARGET_TYPES = ['user', 'order', 'record', 'records-file', 'alias', 'catch', 'logger'] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];

/** The AI questions the console lists: those that named no known fish, those that got no facts, or both kinds. */
export const AI_QUESTION_KINDS = ['unanswered', 'no_fish', 'no_facts'] as const;
export type AiQuestionKind = (typeof AI_QUESTION_KINDS)[number];

/** The loggers the console lists: every one, those under review, those blocked. */
export const LOGGER_STATES = ['all', 'flagged', 'blocked'] as const;
export type LoggerState = (typeof LOGGER_STATES)[number];
/** The longest time range one hide or restore may name: a year (a longer one is a slip of the date picker). */
export const LOGGER_RANGE_MAX_DAYS = 366;

/** VIP days one grant may add (a grant of more is a typo, not a gift). */
export const VIP_GRANT_MAX_DAYS = 3650;
/** The longest reason an operator may write. */
export const ADMIN_REASON_MAX = 500;
/** An alias's length after trimming. */
export const FISH_ALIAS_MAX = 64;
/** The largest records file the console uploads (larger ones: `npm run records:import` on the server). */
export const RECORDS_FILE_MAX_BYTES = 10 * 1024 * 1024;

// ---- The Catches screen

/** The catches one hide or restore may name (the catch store's MAX_IDS). */
export const ADMIN_CATCH_MAX_IDS = 1000;
/** The time range a catch search shows without `from`: the last 7 days. */
export const ADMIN_CATCH_DEFAULT_DAYS = 7;
/** The longest time range one catch search may span, so it reads at most a month of the catch table (5 M rows). */
export const ADMIN_CATCH_MAX_DAYS = 31;
/** A catch search's trust filter: every catch, the shown ones of one level, or the hidden ones only. */
export const ADMIN_CATCH_TRUST = ['any', 'verified', 'established', 'probation', 'flagged', 'hidden'] as const;
export type AdminCatchTrust = (typeof ADMIN_CATCH_TRUST)[number];

/** The console's `detail` codes, besides the shared ones (401, 403 `Forbidden`, 422 list, 429, 503). */
export const AdminErrorCode = {
  /**
   * A destructive action (deactivate, refund, delete a record, revert) without the operator's right current password:
   * 403. Wrong guesses count like failed logins (AUTH_ACCOUNT_PER_15MIN from one address, then 429).
   */
  BAD_PASSWORD: 'ADMIN_BAD_CURRENT_PASSWORD',
  USER_NOT_FOUND: 'ADMIN_USER_NOT_FOUND',
  ORDER_NOT_FOUND: 'ADMIN_ORDER_NOT_FOUND',
  RECORD_NOT_FOUND: 'ADMIN_RECORD_NOT_FOUND',
  AUDIT_NOT_FOUND: 'ADMIN_AUDIT_NOT_FOUND',
  ALIAS_NOT_FOUND: 'ADMIN_ALIAS_NOT_FOUND',
  LOGGER_NOT_FOUND: 'ADMIN_LOGGER_NOT_FOUND',
  /** An operator may not deactivate their own account (409). */
  SELF: 'ADMIN_SELF',
  /** The change is already the state of the target: nothing to do, nothing logged (409). */
  NO_CHANGE: 'ADMIN_NO_CHANGE',
  /** The order is not paid (pending, failed, refunded…): there is nothing to refund (409). */
  NOT_REFUNDABLE: 'ADMIN_ORDER_NOT_REFUNDABLE',
  /** The audit row's action cannot be reverted (409). */
  NOT_REVERSIBLE: 'ADMIN_NOT_REVERSIBLE',
  /** The audit row was reverted already (409). */
  ALREADY_REVERTED: 'ADMIN_ALREADY_REVERTED',
  /** The target changed since the action (or is gone): the revert would undo someone else's change (409). */
  REVERT_CONFLICT: 'ADMIN_REVERT_CONFLICT',
  /** The alias is already a name or an alias of a fish (409, `{code, reason}` naming it). */
  ALIAS_TAKEN: 'ADMIN_ALIAS_TAKEN',
  /** A record correction breaks the import's rules (422, `{code, errors}`). */
  RECORD_INVALID: 'ADMIN_RECORD_INVALID',
  /** A record correction or a restored record clashes with another record's `source_id` (409). */
  SOURCE_ID_TAKEN: 'ADMIN_SOURCE_ID_TAKEN',
  /** The records file cannot be read (422, `{code, reason}`). */
  RECORDS_FILE_INVALID: 'ADMIN_RECORDS_FILE_INVALID',
  /** The records file is larger than `RECORDS_FILE_MAX_BYTES` (413). */
  RECORDS_FILE_TOO_LARGE: 'ADMIN_RECORDS_FILE_TOO_LARGE',
  /** Catch ids that name no stored catch (404, `{code, reason}` listing them); nothing changed. */
  CATCH_NOT_FOUND: 'ADMIN_CATCH_NOT_FOUND',
} as const;
