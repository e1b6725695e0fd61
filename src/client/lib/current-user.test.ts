import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRead } from '#shared/contracts/auth';
import { fakeApi, json } from '../test/fake-api';
import { shownToasts } from '../test/toasts';
import { checkCurrentUser } from './current-user';
import { initI18n } from './i18n';
import { clearSession, getSession, registerNavigate, setSession } from './session';

const stored: UserRead = {
  id: '7f1c2a9e-0000-4000-8000-000000000001',
  email: 'angler@example.com',
  is_active: true,
  is_superuser: false,
  is_verified: false,
  nickname: 'Old name',
  avatar: null,
  bio: '',
  client_id: null,
  vip_expire_at: null,
  is_vip: false,
};

beforeEach(async () => {
  await initI18n('en');
});

afterEach(() => {
  clearSession();
  registerNavigate(null);
  window.history.replaceState(null, '', '/');
});

describe('start-up current-user check', () => {
  it('clears a stale session on 401 without leaving the (public) page', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.replaceState(null, '', '/en/query/baits');
    setSession({ token: 'expired', userInfo: stored });
    const api = fakeApi({ 'GET /api/users/me': () => json({ detail: 'Unauthorized' }, 401) });

    await checkCurrentUser();

    expect(api.to('GET', '/api/users/me')).toHaveLength(1);
    expect(getSession()).toEqual({ token: '', userInfo: null });
    expect(localStorage.getItem('session')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(shownToasts()).toEqual([]);
  });

  it('refreshes the stored user info', async () => {
    setSession({ token: 'tok', userInfo: stored });
    const api = fakeApi({ 'GET /api/users/me': () => json({ ...stored, nickname: 'New name', is_vip: true }) });
    await checkCurrentUser();
    expect(getSession()).toEqual({ token: 'tok', userInfo: { ...stored, nickname: 'New name', is_vip: true } });
    expect(api.to('GET', '/api/users/me')[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('keeps the session and says the account could not be loaded when the server fails otherwise', async () => {
    setSession({ token: 'tok', userInfo: stored });
    fakeApi({ 'GET /api/users/me': () => json({ detail: 'database unavailable' }, 503) });
    await checkCurrentUser();
    expect(getSession().token).toBe('tok');
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({
        title: 'Your account could not be loaded, please log in again',
        message: 'database unavailable',
      }),
    );
  });

  it('calls nothing without a stored token', async () => {
    const api = fakeApi();
    await checkCurrentUser();
    expect(api.requests).toHaveLength(0);
  });

  it('does not let a late answer overwrite a newer login', async () => {
    setSession({ token: 'old', userInfo: stored });
    let answer: () => void = () => {};
    const api = fakeApi({
      'GET /api/users/me': () =>
        new Promise((resolve) => {
          // A success for the old token's user: only the guard in checkCurrentUser keeps it from overwriting.
          answer = () => resolve(json({ ...stored, nickname: 'Stale' }));
        }),
    });
    const check = checkCurrentUser();
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    setSession({ token: 'fresh', userInfo: { ...stored, nickname: 'Fresh' } });
    answer();
    await check;
    expect(getSession()).toEqual({ token: 'fresh', userInfo: { ...stored, nickname: 'Fresh' } });
  });
});
