/**
 * Start-up: pick the entry language, load its texts, fetch the base configuration once, check a stored session,
 * render.
 * The Mantine stylesheets are imported here once, for the whole app.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { localeFromPath } from '#shared/locales';
import { AppProviders } from './components/app-providers';
import { loadBaseConfig } from './lib/base-config';
import { checkCurrentUser } from './lib/current-user';
import { initI18n } from './lib/i18n';
import { entryRedirect, htmlLang } from './lib/locale';
import { registerNavigate } from './lib/session';
import { createAppRouter } from './router';

// A first visit to `/` goes to the remembered (cookie) or the browser's language; done before the router reads the URL.
const target = entryRedirect({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  cookie: document.cookie,
  languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  userAgent: navigator.userAgent,
});
if (target) window.history.replaceState(window.history.state, '', target);

const locale = localeFromPath(window.location.pathname);
document.documentElement.lang = htmlLang(locale);

// Creating the router starts downloading the first page's module while the texts load.
const router = createAppRouter();
registerNavigate((to, options) => router.navigate(to, options));
const texts = initI18n(locale);
void loadBaseConfig();
// A stored session is checked once: fresh user info, or a stale token forgotten without leaving the page.
void checkCurrentUser();

void texts.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
