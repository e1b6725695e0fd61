/**
 * The form rules of the account pages (docs/product-requirements.md §5), with the contract's limits. Each returns the
 * message to show under the input, in the page's language, or null when the value is fine.
 */
import {
  BINDING_CODE_LENGTH,
  BIO_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  normalizeBindingCode,
  passwordProblem,
} from '#shared/account-rules';
import { i18n } from '../../lib/i18n';
import { translateReason } from './auth-errors';

// Lengths count as the server's rules do: a nickname in characters (code points, so an emoji is one), a bio in
// UTF-16 units; the password rule is the contract's own function.
// Deliberately loose: the server does the real check (and its message is translated); this only catches typos.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`account:validation.${key}`, options);

export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return t('emailRequired');
  return EMAIL.test(email) ? null : t('emailInvalid');
}

export function nicknameProblem(value: string): string | null {
  const nickname = value.trim();
  if (!nickname) return t('nicknameRequired');
  const length = [...nickname].length;
  if (length < NICKNAME_MIN_LENGTH) return t('nicknameTooShort');
  if (length > NICKNAME_MAX_LENGTH) return t('nicknameTooLong', { max: NICKNAME_MAX_LENGTH });
  return null;
}

/** A new password: required, at least 6 characters, at most 256 bytes (the contract's rule and reasons). */
export function newPasswordProblem(value: string): string | null {
  if (!value) return t('passwordRequired');
  const problem = passwordProblem(value);
  return problem ? translateReason(problem) : null;
}

export function confirmPasswordProblem(value: string, password: string): string | null {
  if (!value) return t('confirmRequired');
  return value === password ? null : t('passwordMismatch');
}

export function bioProblem(value: string): string | null {
  return value.length > BIO_MAX_LENGTH ? t('bioTooLong', { max: BIO_MAX_LENGTH }) : null;
}

/** A logger's binding code: required, 8 characters once spaces and hyphens are dropped (the server's reading). */
export function bindingCodeProblem(value: string): string | null {
  const code = normalizeBindingCode(value);
  if (!code) return t('bindingCodeRequired');
  return code.length === BINDING_CODE_LENGTH ? null : t('bindingCodeLength');
}
