/**
 * The route table (docs/product-requirements.md §2): every page of `#shared/pages` under no prefix (zh), `/zh`, `/en`
 * and `/ja`. Pages are lazy route modules (`routes/<name>-page.tsx` exporting `Component`), so each is downloaded when
 * first visited and the loading bar runs meanwhile.
 */
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { LOCALES, localeFromPath } from '#shared/locales';
import {
  BAIT_PAGE_ROUTE,
  COLLECTION_PAGE_ROUTE,
  FISH_PAGE_ROUTE,
  MAP_PAGE_ROUTE,
  PAGES,
  type PageKey,
} from '#shared/pages';
import { AppLoading } from './components/app-loading';
import { AppLayout } from './components/app-shell';
import { ErrorPage } from './components/error-page';
import { initI18n } from './lib/i18n';

type RouteModule = () => Promise<{ Component: ComponentType }>;

/** One module per screen; the Record type makes a new page in `#shared/pages` fail to compile until it has one. */
const PAGE_MODULES: Record<PageKey, RouteModule> = {
  home: () => import('./routes/home-page'),
  officialLogs: () => import('./routes/official-logs-page'),
  birdLogs: () => import('./routes/bird-logs-page'),
  baitGuide: () => import('./routes/bait-guide-page'),
  baits: () => import('./routes/baits-page'),
  aiChat: () => import('./routes/ai-chat-page'),
  fishes: () => import('./routes/fishes-page'),
  vipBuy: () => import('./routes/vip-buy-page'),
  vipResult: () => import('./routes/vip-result-page'),
  vipCheckout: () => import('./routes/vip-checkout-page'),
  user: () => import('./routes/user-page'),
  login: () => import('./routes/login-page'),
  register: () => import('./routes/register-page'),
  forgetPwd: () => import('./routes/forget-pwd-page'),
  resetPwd: () => import('./routes/reset-pwd-page'),
  verify: () => import('./routes/verify-page'),
  profile: () => import('./routes/profile-page'),
  orders: () => import('./routes/orders-page'),
  myData: () => import('./routes/my-data-page'),
  adminCatalogue: () => import('./routes/admin-catalogue-page'),
  adminOverview: () => import('./routes/admin-overview-page'),
  adminUsers: () => import('./routes/admin-users-page'),
  adminRecords: () => import('./routes/admin-records-page'),
  adminAiQuestions: () => import('./routes/admin-ai-questions-page'),
  adminAudit: () => import('./routes/admin-audit-page'),
  adminCatches: () => import('./routes/admin-catches-page'),
  adminLoggers: () => import('./routes/admin-loggers-page'),
  collection: () => import('./routes/collection-page'),
  alerts: () => import('./routes/alerts-page'),
  alertsUnsubscribe: () => import('./routes/alerts-unsubscribe-page'),
};

function pageRoutes(): RouteObject[] {
  return [
    ...PAGES.map((page) =>
      page.path === '/'
        ? { index: true, lazy: PAGE_MODULES[page.key] }
        : { path: page.path.slice(1), lazy: PAGE_MODULES[page.key] },
    ),
    // A bait's own page (issue 26): one route for every bait, `:ref` being its id with an optional `-slug`.
    { path: BAIT_PAGE_ROUTE.slice(1), lazy: () => import('./routes/bait-page') },
    // A fish's and a map's own pages (issue 23), by id with an optional `-slug`, as the bait's.
    { path: FISH_PAGE_ROUTE.slice(1), lazy: () => import('./routes/fish-page') },
    { path: MAP_PAGE_ROUTE.slice(1), lazy: () => import('./routes/map-page') },
    // A player's shared collection (issue 25), by its share id.
    { path: COLLECTION_PAGE_ROUTE.slice(1), lazy: () => import('./routes/shared-collection-page') },
  ];
}

/**
 * The page's language comes from its route; its translations load before the page renders (no mixed languages).
 * `initI18n` also covers the very first load, which the router starts before start-up code has initialised i18n.
 */
async function localeLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await initI18n(localeFromPath(new URL(request.url).pathname));
  return null;
}

/** Only a change of language needs the loader again, not every navigation. */
function localeChanged({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: localeLoader,
    shouldRevalidate: localeChanged,
    Component: AppLayout,
    HydrateFallback: AppLoading,
    // Reached only when the shell itself fails; page errors are caught below and render inside the shell.
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          ...pageRoutes(),
          ...LOCALES.map((locale) => ({ path: locale, children: pageRoutes() })),
          { path: '*', lazy: () => import('./routes/not-found-page') },
        ],
      },
    ],
  },
];

/** The browser's router; `hydrationData` when it takes over a server-rendered page (main.tsx). */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
