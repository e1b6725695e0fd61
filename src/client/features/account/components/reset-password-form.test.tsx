import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_SHORT } from '#shared/account-rules';
import { initI18n } from '../../../lib/i18n';
import { clearSession, getSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/account.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { USER } from '../../../test/fixtures/users';
import { ResetPasswordForm } from './reset-password-form';

const PATH = '/en/user/reset-pwd';

async function submitNewPassword(password: string, confirm = password) {
  fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: en.submit.resetPassword }));
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  clearSession();
});

describe('ResetPasswordForm', () => {
  it("shows 'Invalid link' without a token, with the way to a new e-mail, and calls nothing", async () => {
    const api = fakeApi();
    renderRoute(<ResetPasswordForm />, { path: PATH });
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(en.linkError.missing);
    expect(screen.getByRole('link', { name: en.linkError.requestNew }).getAttribute('href')).toBe(
      '/en/user/forget-pwd',
    );
    expect(screen.queryByLabelText(/^New password/, { selector: 'input' })).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it("shows 'Invalid link' when the server refuses the token", async () => {
    const api = fakeApi({
      'POST /api/auth/reset-password': () => json({ detail: 'RESET_PASSWORD_BAD_TOKEN' }, 400),
    });
    renderRoute(<ResetPasswordForm />, { path: PATH, url: `${PATH}?token=used-token` });
    await submitNewPassword('new-secret');
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    expect(screen.getByText(en.linkError.reset)).toBeTruthy();
    expect(api.to('POST', '/api/auth/reset-password')[0]!.json).toEqual({
      token: 'used-token',
      password: 'new-secret',
    });
  });

  it('shows a refused password under the input and keeps the form', async () => {
    fakeApi({
      'POST /api/auth/reset-password': () =>
        json(
          { detail: { code: 'RESET_PASSWORD_INVALID_PASSWORD', reason: 'Password must be at most 256 bytes long' } },
          400,
        ),
    });
    renderRoute(<ResetPasswordForm />, { path: PATH, url: `${PATH}?token=good` });
    await submitNewPassword('new-secret');
    const input = await screen.findByLabelText(/^New password/, { selector: 'input' });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(en.validation.passwordTooLong).length).toBeGreaterThan(0);
    expect(shownToasts()).toContainEqual(expect.objectContaining({ title: en.reset.failed }));
    expect(screen.queryByRole('heading', { name: 'Invalid link' })).toBeNull();
  });

  it('checks the new password before sending it', async () => {
    const api = fakeApi();
    renderRoute(<ResetPasswordForm />, { path: PATH, url: `${PATH}?token=good` });
    await submitNewPassword('12345', '12344');
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("says 'Your password has been reset' and leads to the login page", async () => {
    fakeApi({ 'POST /api/auth/reset-password': () => json(null) });
    renderRoute(<ResetPasswordForm />, { path: PATH, url: `${PATH}?token=good` });
    await submitNewPassword('new-secret');
    expect(await screen.findByRole('heading', { name: 'Your password has been reset' })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.reset.toLogin }).getAttribute('href')).toBe('/en/user/login');
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'Your password has been reset' }));
  });

  it("forgets this browser's session when the reset revoked it, so 'Go to login' leads to the login form", async () => {
    setSession({ token: 'tok-of-this-account', userInfo: USER });
    fakeApi({
      'POST /api/auth/reset-password': () => json(null),
      // The contract: the new password revoked every token of the account.
      'GET /api/users/me': () => json({ detail: 'Unauthorized' }, 401),
    });
    renderRoute(<ResetPasswordForm />, { path: PATH, url: `${PATH}?token=good` });
    await submitNewPassword('new-secret');
    await waitFor(() => expect(getSession()).toEqual({ token: '', userInfo: null }));
  });

  it("keeps another account's session, which the reset did not touch", async () => {
    setSession({ token: 'tok-of-another-account', userInfo: USER });
    fakeApi({ 'POST /api/auth/reset-password': () => json(null), 'GET /api/users/me': () => json(USER) });
    renderRoute(<ResetPasswordForm />, { path: PATH, url: `${PATH}?token=good` });
    await submitNewPassword('new-secret');
    expect(await screen.findByRole('heading', { name: 'Your password has been reset' })).toBeTruthy();
    expect(getSession().token).toBe('tok-of-another-account');
  });
});
