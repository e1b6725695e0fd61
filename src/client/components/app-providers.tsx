import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { createLazyWidget } from '../lib/lazy-widget';
import { queryClient as appQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/** The user's light/dark choice survives reloads (Mantine's own localStorage key). */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

// The toast container and its transitions load after the first paint; toasts raised before that wait in the store.
const toastViewportWidget = createLazyWidget(() => import('./toast-viewport').then((module) => module.ToastViewport));

function Toasts() {
  const ready = toastViewportWidget.useReady();
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length > 0;
  useEffect(() => {
    if (waiting) void toastViewportWidget.preload();
  }, [waiting]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <toastViewportWidget.Lazy />
    </Suspense>
  );
}

/** Everything the app needs around the router: i18n, the UI theme and colour scheme, toasts and server state. */
export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  /** A server render gives each request its own. */
  queryClient?: QueryClient;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
