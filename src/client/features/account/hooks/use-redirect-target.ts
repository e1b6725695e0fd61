import { useSearchParams } from 'react-router';
import { stripLocale } from '#shared/locales';
import { PAGE_PATHS } from '#shared/pages';
import { useLocalePath } from '../../../lib/use-locale';

const ACCOUNT_ENTRY_PAGES = new Set<string>([PAGE_PATHS.login, PAGE_PATHS.register]);

/**
 * The `?redirect=` of the login page when it is safe to follow: a path on this site (one leading `/`, no `//` or `/\`
 * that a browser would read as another host, no control characters) that is not the login or register page itself.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const pathname = value.split(/[?#]/)[0] ?? '/';
  if (ACCOUNT_ENTRY_PAGES.has(stripLocale(pathname).replace(/\/$/, ''))) return null;
  return value;
}

/** Where to go after logging in or registering: the safe `?redirect=`, else the user centre in the current language. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  return safeRedirect(params.get('redirect')) ?? localePath(PAGE_PATHS.user);
}

/**
 * `path` with this page's safe `?redirect=` carried on: going from the login page to register (or back) keeps the
 * way back to the page that asked the user to log in.
 */
export function useCarryRedirect(): (path: string) => string {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  return (path) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path);
}
