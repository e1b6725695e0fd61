/**
 * The text to show for a failed call. The API client speaks the spec's fixed wording ('request error', '响应错误',
 * '未知错误', docs/product-requirements.md §8); on screen those become the page's language, as does an unreachable server.
 * Server `detail` texts pass through unchanged.
 */
import { i18n } from './i18n';

const FIXED_MESSAGES: Readonly<Record<string, string>> = {
  'request error': 'common:errors.request',
  响应错误: 'common:errors.response',
  未知错误: 'common:errors.unknown',
};

export function errorMessage(error: unknown): string {
  // fetch rejects with a TypeError when the server cannot be reached at all ('Failed to fetch' is no help to a reader).
  if (error instanceof TypeError) return i18n.t('common:errors.network');
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!message) return i18n.t('common:errors.unknown');
  const key = FIXED_MESSAGES[message];
  return key ? i18n.t(key) : message;
}
