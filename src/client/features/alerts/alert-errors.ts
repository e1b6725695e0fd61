/**
 * Failed alert calls as the user reads them: the contract's `detail` codes in the page's language, anything else
 * through the app's one error text; nothing for an expired session (the API client has already said so).
 */
import { ALERT_ERRORS } from '#shared/alert-rules';
import { ApiError, SessionExpiredError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';

const SHOWN_CODES: ReadonlySet<string> = new Set([...Object.values(ALERT_ERRORS), 'RATE_LIMITED']);

/** The `detail` code of a failed call, or null. */
export function alertErrorCode(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return null;
  const detail = (error.data as { detail?: unknown }).detail;
  return typeof detail === 'string' ? detail : null;
}

export function alertErrorText(error: unknown): string {
  const code = alertErrorCode(error);
  if (code && SHOWN_CODES.has(code)) return i18n.t(`alerts:errors.${code}`);
  return errorMessage(error);
}

/** The failure toast of an alert action. */
export function showAlertFailure(title: string, error: unknown): void {
  if (error instanceof SessionExpiredError) return;
  toast.error(title, alertErrorText(error));
}
