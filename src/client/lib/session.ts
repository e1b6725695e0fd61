/**
 * The browser session (docs/product-requirements.md §3, docs/design.md §5): `{token, userInfo}` under one localStorage
 * key. Logged out = empty token and no user info. The store is a tiny external store so React reads it with
 * useSyncExternalStore and the API client reads it without React. Other tabs' logins and logouts arrive through the
 * `storage` event.
 */
import { useSyncExternalStore } from 'react';
import type { UserRead } from '#shared/contracts/auth';
import { localeFromPath, localePath, stripLocale } from '#shared/locales';
import { PAGE_PATHS } from '#shared/pages';
import { i18n } from './i18n';
import { toast } from './toast';

export const SESSION_KEY = 'session';

/** The current user as GET /api/users/me answers it (docs/account-api.md: UserRead plus our fields). */
export type UserInfo = UserRead;

interface Session {
  token: string;
  userInfo: UserInfo | null;
}

const LOGGED_OUT: Session = Object.freeze({ token: '', userInfo: null });

function read(): Session {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return LOGGED_OUT;
    const parsed = JSON.parse(raw) as Partial<Session> | null;
    if (!parsed || typeof parsed.token !== 'string') return LOGGED_OUT;
    const userInfo = parsed.userInfo && typeof parsed.userInfo === 'object' ? parsed.userInfo : null;
    return { token: parsed.token, userInfo };
  } catch {
    // Corrupt JSON or storage blocked (private mode): behave as logged out rather than crash the app.
    return LOGGED_OUT;
  }
}

let current: Session = read();
/** True from this tab's own logout until the next login: a protected page then leaves for home, not for login. */
let endedByLogout = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function write(next: Session): void {
  current = next;
  try {
    if (next.token || next.userInfo) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage may be full or blocked; the in-memory session still works for this tab.
  }
  emit();
}

export function getSession(): Session {
  return current;
}

export function getSessionToken(): string {
  return current.token;
}

/** Stores a new session, or updates part of it (e.g. fresh user info after a profile edit). */
export function setSession(next: Partial<Session>): void {
  if (next.token) endedByLogout = false;
  write({ ...current, ...next });
}

/**
 * Forgets the session. `byLogout` marks the user's own logout in this tab, so a protected page still on screen while
 * the app moves home does not mistake it for an expired session and send the user to the login page.
 */
export function clearSession({ byLogout = false }: { byLogout?: boolean } = {}): void {
  endedByLogout = byLogout;
  write(LOGGED_OUT);
}

/** Whether the session was last ended by the user's own logout in this tab (see clearSession). */
export function sessionEndedByLogout(): boolean {
  return endedByLogout;
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering on login, logout and changes made in other tabs. */
export function useSession(): Session & { loggedIn: boolean } {
  // A server render knows no session: the page hydrates logged out, then shows the stored session.
  const session = useSyncExternalStore(subscribeSession, getSession, () => LOGGED_OUT);
  return { ...session, loggedIn: session.token !== '' };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    endedByLogout = false;
    current = read();
    emit();
  });
}

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;
let navigate: Navigate | null = null;

/** The router registers its navigate function at start-up, so a 401 can move to the login page without a reload. */
export function registerNavigate(fn: Navigate | null): void {
  navigate = fn;
}

/** The login page in the current language, with `?redirect=` back to where the user was. */
export function loginPathFor(currentPath: string): string {
  const pathname = currentPath.split(/[?#]/)[0] ?? '/';
  const login = localePath(localeFromPath(pathname), PAGE_PATHS.login);
  return `${login}?redirect=${encodeURIComponent(currentPath)}`;
}

/**
 * A 401 from any call (docs/product-requirements.md §8: redirect to login, nothing thrown at the user): forget the
 * session and go to the login page. Already on the login page → stay there, so a failing call on it cannot loop.
 * `redirect: false` only forgets the session: a stale token found at start-up must not pull a visitor off a public
 * page.
 */
export function onUnauthorized({ redirect = true }: { redirect?: boolean } = {}): void {
  clearSession();
  if (!redirect || !navigate || typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  if (stripLocale(pathname) === PAGE_PATHS.login) return;
  // One toast however many calls fail at once, saying why the page changed; the failing call says nothing more.
  toast.info(i18n.t('common:errors.sessionExpired'), undefined, { id: 'session-expired' });
  // Replacing the page: Back from the login page must not return to the page that just sent the user there.
  void navigate(loginPathFor(`${pathname}${search}${hash}`), { replace: true });
}
