/**
 * Failed VIP and order calls as the user reads them: the contract's `detail` codes in the page's language, anything
 * else through the app's one error text. Nothing is shown for an expired session: the API client has already said so
 * and moved the user to the login page.
 */
import { VIP_ERRORS } from '#shared/vip-rules';
import { ApiError, SessionExpiredError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** The codes a page can meet (the webhook's signature codes only ever answer the payment provider). */
const SHOWN_CODES: ReadonlySet<string> = new Set([
  VIP_ERRORS.orderNotFound,
  VIP_ERRORS.orderNotPending,
  VIP_ERRORS.orderExpired,
  VIP_ERRORS.noSubscription,
  VIP_ERRORS.alreadySubscribed,
  VIP_ERRORS.unknownProvider,
  VIP_ERRORS.providerUnavailable,
  // Too many new orders a minute (`GET /vip/subscribe`); the server's shared code, said in the VIP pages' words.
  'RATE_LIMITED',
]);

/** The `detail` string of a failed call, or null. */
export function vipErrorCode(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return null;
  const detail = (error.data as { detail?: unknown }).detail;
  return typeof detail === 'string' ? detail : null;
}

function vipErrorText(error: unknown): string {
  const code = vipErrorCode(error);
  if (code && SHOWN_CODES.has(code)) return i18n.t(`vip:errors.${code}`);
  return errorMessage(error);
}

/** The failure toast of a VIP action: `title` and the readable reason. */
export function showVipFailure(title: string, error: unknown): void {
  if (error instanceof SessionExpiredError) return;
  toast.error(title, vipErrorText(error));
}
