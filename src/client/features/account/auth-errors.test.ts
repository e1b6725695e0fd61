import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthErrorCode, NICKNAME_TOO_SHORT, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '#shared/account-rules';
import { ApiError, detailMessage } from '../../lib/api-client';
import { i18n, initI18n } from '../../lib/i18n';
import en from '../../locales/en/account.json';
import enCommon from '../../locales/en/common.json';
import ja from '../../locales/ja/account.json';
import zh from '../../locales/zh/account.json';
import { authErrorText, fieldErrors } from './auth-errors';

/** A failed call as the API client throws it. */
const failure = (status: number, detail: unknown) =>
  new ApiError(detailMessage({ detail }) ?? 'request error', status, { detail });

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('account');
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('account texts', () => {
  it("are the contract's reasons exactly, and say the spec's messages in natural English (decision 0031)", () => {
    expect(en.validation.nicknameTooShort).toBe(NICKNAME_TOO_SHORT);
    expect(en.validation.passwordTooShort).toBe(PASSWORD_TOO_SHORT);
    expect(en.validation.passwordTooLong).toBe(PASSWORD_TOO_LONG);
    expect(en.validation.passwordMismatch).toBe('Passwords do not match');
    expect(en.profile.avatarTooBig).toBe('The picture must be 5 MB or smaller');
    expect(en.linkError.title).toBe('Invalid link');
    expect(en.myData.bindSuccess).toBe('Logger bound');
    expect(en.forgot.sent).toBe('Reset e-mail sent');
    expect(en.profile.avatarSuccess).toBe('Avatar uploaded');
    expect(en.profile.saved).toBe('Profile updated');
  });

  it('translate every error code of the contract in every language', () => {
    for (const code of Object.values(AuthErrorCode)) {
      for (const texts of [en, zh, ja]) expect(texts.errors[code], code).toBeTruthy();
    }
  });
});

describe('authErrorText', () => {
  it('translates known codes and rule reasons, and passes unknown texts through', () => {
    expect(authErrorText(failure(400, 'LOGIN_BAD_CREDENTIALS'))).toBe(en.errors.LOGIN_BAD_CREDENTIALS);
    expect(authErrorText(failure(429, 'RATE_LIMITED'))).toBe(en.errors.RATE_LIMITED);
    expect(authErrorText(failure(400, { code: 'REGISTER_INVALID_PASSWORD', reason: PASSWORD_TOO_SHORT }))).toBe(
      en.validation.passwordTooShort,
    );
    expect(authErrorText(failure(500, 'database unavailable'))).toBe('database unavailable');
    expect(authErrorText(new TypeError('Failed to fetch'))).toBe(enCommon.errors.network);
  });

  it('speaks the page language', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces('account');
    expect(authErrorText(failure(409, 'CLIENT_ALREADY_BOUND'))).toBe(zh.errors.CLIENT_ALREADY_BOUND);
    expect(authErrorText(failure(422, [{ loc: ['body', 'nickname'], msg: NICKNAME_TOO_SHORT }]))).toBe(
      zh.validation.nicknameTooShort,
    );
  });
});

describe('fieldErrors', () => {
  it('puts 422 messages and password reasons under the form inputs', () => {
    const list = failure(422, [
      { loc: ['body', 'email'], msg: 'value is not a valid email address: An email address must have an @-sign.' },
      { loc: ['body', 'nickname'], msg: NICKNAME_TOO_SHORT },
      { loc: ['body', 'unknown'], msg: 'ignored' },
    ]);
    expect(fieldErrors(list, { email: 'email', nickname: 'name' })).toEqual({
      email: en.validation.emailInvalid,
      name: en.validation.nicknameTooShort,
    });
    const password = failure(400, { code: 'UPDATE_USER_INVALID_PASSWORD', reason: PASSWORD_TOO_LONG });
    expect(fieldErrors(password, { password: 'newPassword' })).toEqual({ newPassword: en.validation.passwordTooLong });
    expect(fieldErrors(failure(400, 'LOGIN_BAD_CREDENTIALS'), { password: 'password' })).toEqual({});
  });
});
