import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER } from '../test/fixtures/users';
import { SessionExpiredError, api } from '../lib/api-client';
import { formatDateTime } from '../lib/format-date';
import { initI18n } from '../lib/i18n';
import { clearSession, getSession, setSession } from '../lib/session';
import en from '../locales/en/account.json';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as UserPage } from './user-page';

const PATH = '/en/user';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  clearSession();
});

describe('user centre home', () => {
  it('shows the user, an unverified e-mail with its button, no VIP yet, and the sections', async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi({ 'POST /api/auth/request-verify-token': () => json(null, 202) });
    renderRoute(<UserPage />, { path: PATH });

    expect(await screen.findByRole('heading', { level: 2, name: USER.nickname })).toBeTruthy();
    expect(screen.getByText(USER.email)).toBeTruthy();
    expect(screen.getByText(en.user.unverified)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.user.getVip }).getAttribute('href')).toBe('/en/vip/buy');
    for (const path of ['/en/user/profile', '/en/user/my-data', '/en/user/orders']) {
      expect(document.querySelector(`a[href="${path}"]`)).not.toBeNull();
    }

    fireEvent.click(screen.getByRole('button', { name: en.user.sendVerify }));
    await waitFor(() => expect(shownToasts()).toContainEqual(expect.objectContaining({ title: en.user.verifySent })));
    expect(api.to('POST', '/api/auth/request-verify-token')[0]!.json).toEqual({ email: USER.email });
  });

  it('shows the VIP badge and the expiry as YYYY-MM-DD HH:mm:ss in local time', async () => {
    const expiry = '2031-02-03T04:05:06Z';
    setSession({ token: 'tok', userInfo: { ...USER, is_verified: true, is_vip: true, vip_expire_at: expiry } });
    fakeApi();
    renderRoute(<UserPage />, { path: PATH });
    expect(await screen.findByText(en.user.vipBadge)).toBeTruthy();
    expect(formatDateTime(expiry)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(screen.getByText(`Valid until ${formatDateTime(expiry)}`)).toBeTruthy();
    expect(screen.getByText(en.user.verified)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.user.sendVerify })).toBeNull();
    expect(screen.queryByRole('link', { name: en.user.getVip })).toBeNull();
  });

  it('logs out even when the server call fails, and goes home (not to the login page)', async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi({ 'POST /api/auth/jwt/logout': () => json({ detail: 'Unauthorized' }, 401) });
    const { router } = renderRoute(<UserPage />, { path: PATH });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    fireEvent.click(await screen.findByRole('button', { name: en.user.logout }));

    await waitFor(() => expect(getSession()).toEqual({ token: '', userInfo: null }));
    expect(router.state.location.pathname).toBe('/en');
    expect(visited).not.toContain('/en/user/login');
    expect(api.to('POST', '/api/auth/jwt/logout')[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('ends the session at the click, so a reload straight after it finds nobody logged in', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({ 'POST /api/auth/jwt/logout': () => new Response(null, { status: 204 }) });
    renderRoute(<UserPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: en.user.logout }));
    expect(getSession()).toEqual({ token: '', userInfo: null });
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('leaves for home when its session ends by logout before any navigation, for login when it ends otherwise', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi();
    const byLogout = renderRoute(<UserPage />, { path: PATH });
    await screen.findByRole('heading', { level: 2, name: USER.nickname });
    act(() => clearSession({ byLogout: true }));
    await waitFor(() => expect(byLogout.router.state.location.pathname).toBe('/en'));
    byLogout.unmount();

    // A visitor arriving after that logout still goes to the login page.
    const visitor = renderRoute(<UserPage />, { path: PATH });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/en/user/login'));
    visitor.unmount();

    // Ended elsewhere (another tab, a 401): the login page, with the way back.
    setSession({ token: 'tok', userInfo: USER });
    const elsewhere = renderRoute(<UserPage />, { path: PATH });
    await screen.findByRole('heading', { level: 2, name: USER.nickname });
    act(() => clearSession());
    await waitFor(() => expect(elsewhere.router.state.location.pathname).toBe('/en/user/login'));
  });

  it('goes home, not to the login page, when a call under way meets the token the logout just revoked', async () => {
    setSession({ token: 'tok', userInfo: USER });
    let revoke!: () => void;
    const revoked = new Promise<void>((resolve) => (revoke = resolve));
    fakeApi({
      // Answers only once the server has revoked the token, as a slow request would.
      'GET /api/slow': async () => {
        await revoked;
        return json({ detail: 'Unauthorized' }, 401);
      },
      'POST /api/auth/jwt/logout': () => {
        revoke();
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderRoute(<UserPage />, { path: PATH });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const slow = api.get('/api/slow').catch((error: unknown) => error);
    fireEvent.click(await screen.findByRole('button', { name: en.user.logout }));

    expect(await slow).not.toBeInstanceOf(SessionExpiredError);
    await waitFor(() => expect(getSession()).toEqual({ token: '', userInfo: null }));
    expect(router.state.location.pathname).toBe('/en');
    expect(visited).not.toContain('/en/user/login');
  });

  it('loads the user when the stored session has a token but no user info', async () => {
    setSession({ token: 'tok', userInfo: null });
    fakeApi({ 'GET /api/users/me': () => json({ ...USER, nickname: 'Fresh' }) });
    renderRoute(<UserPage />, { path: PATH });
    expect(await screen.findByRole('heading', { level: 2, name: 'Fresh' })).toBeTruthy();
    expect(getSession().userInfo?.nickname).toBe('Fresh');
  });

  it('sends a visitor to the login page with the way back', async () => {
    fakeApi();
    const { router } = renderRoute(<UserPage />, { path: PATH });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fuser');
  });
});
