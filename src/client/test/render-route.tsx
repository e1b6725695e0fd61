/**
 * Renders one screen inside the app's providers on a memory router, for component tests. Every other path renders a
 * marker, so a test can see where the screen sent the user: `router.state.location`.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { theme } from '../components/theme';
import { i18n } from '../lib/i18n';

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

export function renderRoute(element: ReactNode, { path, url = path }: { path: string; url?: string }) {
  const router = createMemoryRouter(
    [
      { path, element: <Suspense fallback={null}>{element}</Suspense> },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          {/* As main.tsx's `react-router/dom` provider: `navigate(to, { flushSync: true })` renders at once. */}
          <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { router, queryClient, ...view };
}
