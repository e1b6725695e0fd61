/**
 * The one way client tests render: inside the app's providers (i18n, Mantine in test mode, a fresh QueryClient per
 * test), on a memory router. Fetch is faked separately, at the HTTP boundary (`fake-api.ts`).
 *
 * - `renderRoute(element, { path, url })`: one screen at `path`; every other path renders a marker, so a test sees
 *   where the screen sent the user in `router.state.location`.
 * - `renderApp(url)`: the real route table (app shell, lazy pages, locale prefixes) at `url`.
 * - `renderUi(ui)`: a component that needs no router; `rerender(ui)` keeps the providers around it.
 *
 * `toasts: true` also renders the toast viewport, for tests that click inside a toast (`shownToasts()` reads the
 * store without it).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { theme } from '../components/theme';
import { ToastViewport } from '../components/toast-viewport';
import { i18n } from '../lib/i18n';
import { routes } from '../router';

interface ProviderOptions {
  /** Render the toast viewport too. */
  toasts?: boolean;
}

function testQueryClient(): QueryClient {
  // No retries: a failure a test sets up shows at once instead of after the app's retry delay.
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function Providers({
  queryClient,
  toasts,
  children,
}: { queryClient: QueryClient; children: ReactNode } & ProviderOptions) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {toasts ? <ToastViewport /> : null}
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

function renderRouter(table: RouteObject[], url: string, options: ProviderOptions) {
  const router = createMemoryRouter(table, { initialEntries: [url] });
  const queryClient = testQueryClient();
  const view = render(
    <Providers queryClient={queryClient} {...options}>
      {/* As main.tsx's `react-router/dom` provider: `navigate(to, { flushSync: true })` renders at once. */}
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

export function renderRoute(
  element: ReactNode,
  { path, url = path, ...options }: { path: string; url?: string } & ProviderOptions,
) {
  const table: RouteObject[] = [
    { path, element: <Suspense fallback={null}>{element}</Suspense> },
    ...(path === '*' ? [] : [{ path: '*', element: <Elsewhere /> }]),
  ];
  return renderRouter(table, url, options);
}

export function renderApp(url: string, options: ProviderOptions = {}) {
  return renderRouter(routes, url, options);
}

export function renderUi(ui: ReactNode, options: ProviderOptions = {}) {
  const queryClient = testQueryClient();
  const wrap = (node: ReactNode) => (
    <Providers queryClient={queryClient} {...options}>
      {node}
    </Providers>
  );
  const view = render(wrap(ui));
  return { ...view, queryClient, rerender: (next: ReactNode) => view.rerender(wrap(next)) };
}
