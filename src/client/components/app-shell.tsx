import { AppShell, Box, Container, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { createLazyWidget } from '../lib/lazy-widget';
import { PageMetaContext } from '../lib/page-meta';
import { AppLoading } from './app-loading';
import { NavigationProgressBar } from './navigation-progress';
import { TopBar } from './top-bar';

const MAIN_ID = 'main-content';

// The drawer (with its overlay and scroll lock) is only for phones: it loads after the first paint.
const mobileNavWidget = createLazyWidget(() => import('./mobile-nav').then((module) => module.MobileNav));
// The hourly build check (docs/product-requirements.md §9) has nothing to do for an hour, and its query code would cost
// the first download.
const buildUpdateWidget = createLazyWidget(() =>
  import('./build-update-notice').then((module) => module.BuildUpdateNotice),
);

/**
 * The frame of every page: loading bar, top bar, mobile menu and the page outlet (docs/product-requirements.md §2 app
 * shell), and the hourly check for a newer build (docs/product-requirements.md §9).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const discovering = useContext(PageMetaContext)?.discovering === true;
  // The drawer's links close it on click, so a page change never leaves it open over the new page.
  const [menuOpened, menu] = useDisclosure(false);
  const mobileNavReady = mobileNavWidget.useReady();
  const buildUpdateReady = buildUpdateWidget.useReady();

  // Marks the document once the app runs it: a server-rendered page has been hydrated (the journeys wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  if (discovering) return <Outlet />;

  const toggleMenu = () => {
    void mobileNavWidget.preload();
    menu.toggle();
  };

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <NavigationProgressBar />
      <a href={`#${MAIN_ID}`} className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={toggleMenu} />
      </AppShell.Header>
      {mobileNavReady ? (
        <Suspense fallback={null}>
          <mobileNavWidget.Lazy opened={menuOpened} onClose={menu.close} />
        </Suspense>
      ) : null}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ display: 'flex', flexDirection: 'column', outline: 'none' }}>
        <Box style={{ flex: 1 }}>
          <Suspense fallback={<AppLoading />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
          <Container size="xl">
            <Text fz="xs" c="dimmed" ta="center">
              {t('footer.note')}
            </Text>
          </Container>
        </Box>
      </AppShell.Main>
      <ScrollRestoration />
      {buildUpdateReady ? (
        <Suspense fallback={null}>
          <buildUpdateWidget.Lazy />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
