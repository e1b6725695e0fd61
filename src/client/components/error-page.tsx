import { Button, Code, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { isBotUserAgent } from '#shared/entry-locale';
import { loadingBar } from '../lib/loading-bar';
import { isStaleChunkError, reloadOntoNewBuild } from '../lib/stale-build';
import { documentTitle, usePageMeta } from '../lib/page-meta';
import { useLocalePath } from '../lib/use-locale';

interface Described {
  status: number | null;
  message: string;
  stack: string | null;
}

function describe(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : '';
    return { status: error.status, message: error.statusText || data, stack: null };
  }
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return { status: typeof status === 'number' ? status : null, message: error.message, stack: error.stack ?? null };
  }
  return { status: null, message: error == null ? '' : String(error), stack: null };
}

/**
 * The router's error element (docs/product-requirements.md §2): 'Not Found' for 404, else 'some error occurred' with
 * the code, the message and the stack when there is one. Crawlers get a bare line instead
 * (docs/product-requirements.md §8: no error page for bots). A page whose code is gone after a deploy reloads once
 * onto the new build; when that did not help, it says a new version is ready instead of the browser's message.
 */
export function ErrorPage() {
  const error = useRouteError();
  return isStaleChunkError(error) ? <NewVersionPage failure={error} /> : <FailurePage error={error} />;
}

function NewVersionPage({ failure }: { failure: Error }) {
  const { t } = useTranslation();
  const reloading = reloadOntoNewBuild(failure);
  useDocumentTitle(documentTitle(t('errorPage.newVersion')));
  if (reloading) return null;
  return (
    <Container size="md" px={{ base: 'md', sm: 'lg' }} py={{ base: 'xl', sm: 56 }}>
      <Stack gap="lg" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="center">
          <IconRefresh size={32} color="var(--mantine-primary-color-filled)" aria-hidden style={{ flex: 'none' }} />
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('errorPage.newVersion')}
          </Title>
        </Group>
        <Text>{t('errorPage.newVersionText')}</Text>
        <Button onClick={() => window.location.reload()} leftSection={<IconRefresh size={16} aria-hidden />}>
          {t('errorPage.reload')}
        </Button>
      </Stack>
    </Container>
  );
}

function FailurePage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { status, message, stack } = describe(error);
  const notFound = status === 404;
  const title = notFound ? t('errorPage.notFound') : t('errorPage.generic');
  // The server answers a failed page with its status and keeps it out of search results (issue 23).
  usePageMeta({ title, status: notFound ? 404 : 500, noindex: true });

  // A failed navigation turns the loading bar red before it hides.
  useEffect(() => loadingBar.fail(), [error]);

  // A server render has no navigator: it renders the page, and the server decides what a crawler gets.
  if (typeof navigator !== 'undefined' && isBotUserAgent(navigator.userAgent)) return <p>{status ?? 'Error'}</p>;

  return (
    <Container size="md" px={{ base: 'md', sm: 'lg' }} py={{ base: 'xl', sm: 56 }}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="center">
          <IconAlertTriangle size={32} color="var(--mantine-color-red-filled)" aria-hidden style={{ flex: 'none' }} />
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
        </Group>
        {!notFound ? (
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              {status != null ? (
                <Text>
                  <Text span fw={600}>
                    {t('errorPage.code')}:
                  </Text>{' '}
                  {status}
                </Text>
              ) : null}
              {message ? (
                <Text style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {t('errorPage.message')}:
                  </Text>{' '}
                  {message}
                </Text>
              ) : null}
              {stack ? (
                <details>
                  <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{t('errorPage.stack')}</summary>
                  <Code block mt="xs" fz="xs" style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre' }}>
                    {stack}
                  </Code>
                </details>
              ) : null}
            </Stack>
          </Paper>
        ) : (
          <Text c="dimmed">{t('notFound.message')}</Text>
        )}
        <Group gap="sm">
          <Button component={Link} to={localePath(PAGE_PATHS.home)} leftSection={<IconHome size={16} aria-hidden />}>
            {t('notFound.home')}
          </Button>
          {!notFound ? (
            <Button
              variant="default"
              onClick={() => window.location.reload()}
              leftSection={<IconRefresh size={16} aria-hidden />}
            >
              {t('errorPage.reload')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Container>
  );
}
