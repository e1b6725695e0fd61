/**
 * A failed console call in the reader's language: the console's and the VIP routes' `detail` codes each have their
 * words (`admin:errors.<code>`), with the server's `reason` beside them when it gave one; a 422 list says its first
 * problem; anything else is the app's usual failure text.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

export function adminFailure(t: TFunction<'admin'>, error: unknown): string {
  if (error instanceof ApiError && error.data && typeof error.data === 'object' && 'detail' in error.data) {
    const detail = (error.data as { detail: unknown }).detail;
    const code = typeof detail === 'string' ? detail : (detail as { code?: unknown } | null)?.code;
    const reason = (detail as { reason?: unknown } | null)?.reason;
    if (typeof code === 'string' && t(`errors.${code}`, { defaultValue: '' })) {
      const words = t(`errors.${code}`);
      return typeof reason === 'string' ? `${words} (${reason})` : words;
    }
    if (Array.isArray(detail) && typeof detail[0]?.msg === 'string') {
      const field = Array.isArray(detail[0].loc) ? detail[0].loc.slice(1).join('.') : '';
      return field ? `${field}: ${detail[0].msg}` : detail[0].msg;
    }
  }
  return errorMessage(error);
}
