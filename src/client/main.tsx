/**
 * Start-up: the page's language from its URL (the server sends a first visit to `/` to the remembered or the browser's
 * language: `src/server/plugins/static-site.ts`), load its texts, fetch the base configuration once, check a stored session,
 * render. A page the server rendered (issue 23: public pages) is hydrated with the answers it was rendered from; any
 * other (account pages) is rendered here.
 * The Mantine stylesheets are imported here once, for the whole app.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './app.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { htmlLang } from '#shared/entry-locale';
import { localeFromPath } from '#shared/locales';
import { AppProviders } from './components/app-providers';
import { loadBaseConfig } from './lib/base-config';
import { checkCurrentUser } from './lib/current-user';
import { i18n, initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { registerNavigate } from './lib/session';
import { createAppRouter, routes } from './router';
import { readSsrData } from './ssr/ssr-data';

const ssrData = readSsrData();

const locale = localeFromPath(window.location.pathname);
document.documentElement.lang = htmlLang(locale);

/** The matched routes' lazy modules, loaded before hydrating: a route still lazy would render its fallback instead. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

if (ssrData?.queries) hydrate(queryClient, ssrData.queries);
const texts = initI18n(locale).then(() => i18n.loadNamespaces(ssrData?.namespaces ?? []));
const config = loadBaseConfig();
// A stored session is checked once: fresh user info, or a stale token forgotten without leaving the page.
void checkCurrentUser();

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  if (ssrData) {
    // What the server rendered from (texts, catalogue, the page's code) must be here before React compares.
    await Promise.allSettled([texts, config, loadMatchedRoutes()]);
    // The root loader only sets the language, done above: the router starts as the server left it.
    const router = createAppRouter({ loaderData: { root: null } });
    registerNavigate((to, options) => router.navigate(to, options));
    hydrateRoot(
      root,
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    return;
  }
  // Creating the router starts downloading the first page's module while the texts load.
  const router = createAppRouter();
  registerNavigate((to, options) => router.navigate(to, options));
  await texts.catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
