import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER } from '../test/fixtures/users';
import { initI18n } from '../lib/i18n';
import { clearSession, getSession, setSession } from '../lib/session';
import en from '../locales/en/account.json';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { Component as VerifyPage } from './verify-page';

const PATH = '/en/user/verify';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  clearSession();
});

afterEach(() => {
  clearSession();
});

describe('verify page', () => {
  it("verifies once (even under StrictMode) and refreshes the logged-in user's info", async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi({ 'POST /api/auth/verify': () => json({ ...USER, is_verified: true }) });
    renderRoute(
      <StrictMode>
        <VerifyPage />
      </StrictMode>,
      { path: PATH, url: `${PATH}?token=abc` },
    );
    expect(await screen.findByRole('heading', { name: en.verify.success })).toBeTruthy();
    expect(api.to('POST', '/api/auth/verify')).toHaveLength(1);
    expect(api.to('POST', '/api/auth/verify')[0]!.json).toEqual({ token: 'abc' });
    expect(getSession().userInfo?.is_verified).toBe(true);
    expect(screen.getByRole('link', { name: en.verify.toUser }).getAttribute('href')).toBe('/en/user');
  });

  it("shows 'Invalid link' for a bad token", async () => {
    fakeApi({ 'POST /api/auth/verify': () => json({ detail: 'VERIFY_USER_BAD_TOKEN' }, 400) });
    renderRoute(<VerifyPage />, { path: PATH, url: `${PATH}?token=bad` });
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    expect(screen.getByText(en.linkError.verify)).toBeTruthy();
  });

  it('says when the address was already verified', async () => {
    fakeApi({ 'POST /api/auth/verify': () => json({ detail: 'VERIFY_USER_ALREADY_VERIFIED' }, 400) });
    renderRoute(<VerifyPage />, { path: PATH, url: `${PATH}?token=used` });
    expect(await screen.findByRole('heading', { name: en.verify.already })).toBeTruthy();
  });

  it("shows 'Invalid link' without calling the server when the token is missing", async () => {
    const api = fakeApi();
    renderRoute(<VerifyPage />, { path: PATH });
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    await waitFor(() => expect(api.requests).toHaveLength(0));
  });
});
