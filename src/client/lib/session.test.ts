import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_KEY,
  clearSession,
  getSession,
  getSessionToken,
  loginPathFor,
  onUnauthorized,
  registerNavigate,
  setSession,
  useSession,
  type UserInfo,
} from './session';
import enCommon from '../locales/en/common.json';
import { shownToasts } from '../test/toasts';
import { initI18n } from './i18n';

const user = { id: 'u1', email: 'a@example.com', nickname: 'Angler' } as UserInfo;

afterEach(() => {
  clearSession();
  registerNavigate(null);
  window.history.replaceState(null, '', '/');
});

describe('session store', () => {
  it('starts logged out', () => {
    expect(getSession()).toEqual({ token: '', userInfo: null });
    expect(getSessionToken()).toBe('');
  });

  it('keeps {token, userInfo} in localStorage under one key', () => {
    setSession({ token: 'abc', userInfo: user });
    expect(getSessionToken()).toBe('abc');
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({ token: 'abc', userInfo: user });
  });

  it('updates part of the session', () => {
    setSession({ token: 'abc', userInfo: user });
    setSession({ userInfo: { ...user, nickname: 'Pike' } });
    expect(getSession()).toEqual({ token: 'abc', userInfo: { ...user, nickname: 'Pike' } });
  });

  it('clears both token and user info on logout', () => {
    setSession({ token: 'abc', userInfo: user });
    clearSession();
    expect(getSession()).toEqual({ token: '', userInfo: null });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('re-renders useSession on login and logout', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.loggedIn).toBe(false);
    act(() => setSession({ token: 'abc', userInfo: user }));
    expect(result.current).toMatchObject({ loggedIn: true, token: 'abc', userInfo: user });
    act(() => clearSession());
    expect(result.current.loggedIn).toBe(false);
  });

  it('follows logins and logouts made in another tab', () => {
    const { result } = renderHook(() => useSession());
    act(() => {
      localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'other-tab', userInfo: user }));
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    });
    expect(result.current.token).toBe('other-tab');
  });

  it('treats corrupt stored data as logged out', () => {
    act(() => {
      localStorage.setItem(SESSION_KEY, '{not json');
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    });
    expect(getSession()).toEqual({ token: '', userInfo: null });
  });
});

describe('onUnauthorized', () => {
  it('builds the login path in the language of the current page', () => {
    expect(loginPathFor('/query/baits?q=worm')).toBe('/user/login?redirect=%2Fquery%2Fbaits%3Fq%3Dworm');
    expect(loginPathFor('/ja/user/profile')).toBe('/ja/user/login?redirect=%2Fja%2Fuser%2Fprofile');
    expect(loginPathFor('/zh/user')).toBe('/user/login?redirect=%2Fzh%2Fuser');
  });

  it('clears the session and navigates through the registered router (no reload)', () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    setSession({ token: 'abc', userInfo: user });
    window.history.replaceState(null, '', '/en/user/orders');
    onUnauthorized();
    expect(getSession().token).toBe('');
    // Replacing, so Back from the login page does not return to the page that sent the user there.
    expect(navigate).toHaveBeenCalledWith('/en/user/login?redirect=%2Fen%2Fuser%2Forders', { replace: true });
  });

  it('says once why the page changed, however many calls fail at once', async () => {
    await initI18n('en');
    registerNavigate(vi.fn());
    setSession({ token: 'abc', userInfo: user });
    window.history.replaceState(null, '', '/en/user/orders');
    onUnauthorized();
    onUnauthorized();
    expect(shownToasts()).toEqual([expect.objectContaining({ message: enCommon.errors.sessionExpired })]);
  });

  it('only forgets the session when asked not to redirect (a stale token found at start-up)', () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    setSession({ token: 'abc', userInfo: user });
    window.history.replaceState(null, '', '/en/query/baits');
    onUnauthorized({ redirect: false });
    expect(getSession()).toEqual({ token: '', userInfo: null });
    expect(navigate).not.toHaveBeenCalled();
    expect(shownToasts()).toEqual([]);
  });
});
