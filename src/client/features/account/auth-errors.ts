/**
 * Readable texts for failed account calls. The server answers FastAPI Users' codes (`LOGIN_BAD_CREDENTIALS`), rule
 * reasons in English (`Password must be at least 6 characters long`) and 422 lists; the user reads them in the page's
 * language. Anything unknown passes through as the server wrote it.
 */
import { AuthErrorCode, NICKNAME_TOO_SHORT, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '#shared/account-rules';
import { ApiError, SessionExpiredError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(AuthErrorCode));

/** The contract's rule reasons, and the translation of each. */
const REASONS: Readonly<Record<string, string>> = {
  [PASSWORD_TOO_SHORT]: 'account:validation.passwordTooShort',
  [PASSWORD_TOO_LONG]: 'account:validation.passwordTooLong',
  [NICKNAME_TOO_SHORT]: 'account:validation.nicknameTooShort',
};

interface ValidationIssue {
  loc?: unknown;
  msg?: unknown;
}

function detailOf(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return undefined;
  return (error.data as { detail?: unknown }).detail;
}

/** The `detail` code of a failed call: the string itself or `detail.code`; null for anything else. */
export function errorCode(error: unknown): string | null {
  const detail = detailOf(error);
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object' && !Array.isArray(detail)) {
    const code = (detail as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** A server rule text in the page's language (pydantic's e-mail message included); unknown texts unchanged. */
export function translateReason(text: string): string {
  const key = REASONS[text];
  if (key) return i18n.t(key);
  if (/valid email address/i.test(text)) return i18n.t('account:validation.emailInvalid');
  return text;
}

/** The readable reason for a failed account call, in the page's language. */
export function authErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    // `{code, reason}`: the reason says what is wrong (e.g. which password rule), the code only that something is.
    const detail = detailOf(error);
    const reason = detail && typeof detail === 'object' ? (detail as { reason?: unknown }).reason : undefined;
    if (typeof reason === 'string' && reason) return translateReason(reason);
    const code = errorCode(error);
    if (code && KNOWN_CODES.has(code)) return i18n.t(`account:errors.${code}`);
    if (error.status === 413) return i18n.t('account:errors.tooLarge');
    return translateReason(errorMessage(error));
  }
  return errorMessage(error);
}

/**
 * The failure toast of an account action: `title` and the readable reason (or `reason` when the caller worked it
 * out). Nothing for an expired session: the API client has already said so and moved the user to the login page.
 * `action` is the toast id the action's success toast uses too, so a later success replaces the failure.
 */
export function showFailure(title: string, error: unknown, reason?: string, action?: string): void {
  if (error instanceof SessionExpiredError) return;
  toast.error(title, reason ?? authErrorText(error), { id: action });
}

/**
 * Errors that belong to one input: a 422 list (`loc: ['body', <field>]`) and the `{code: *_INVALID_PASSWORD, reason}`
 * of the password rule. `fields` maps the server's field names to the form's; fields not listed are left out (their
 * text still reaches the user through the toast).
 */
export function fieldErrors(error: unknown, fields: Readonly<Record<string, string>>): Record<string, string> {
  const detail = detailOf(error);
  const errors: Record<string, string> = {};
  if (Array.isArray(detail)) {
    for (const issue of detail as ValidationIssue[]) {
      const loc = Array.isArray(issue.loc) ? issue.loc : [];
      const field = fields[String(loc[loc.length - 1])];
      if (field && typeof issue.msg === 'string' && !errors[field]) errors[field] = translateReason(issue.msg);
    }
  } else if (detail && typeof detail === 'object') {
    const { code, reason } = detail as { code?: unknown; reason?: unknown };
    const field = fields.password;
    if (field && typeof code === 'string' && code.endsWith('_INVALID_PASSWORD') && typeof reason === 'string') {
      errors[field] = translateReason(reason);
    }
  }
  return errors;
}
