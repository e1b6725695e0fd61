import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { loginPathFor, type UserInfo } from '../../../lib/session';
import { useCurrentUser } from '../hooks/use-current-user';

/**
 * The user-centre pages need a logged-in user: a visitor goes to the login page, which brings them back here
 * (`?redirect=`). Children get the user, so they never deal with a missing one.
 */
export function RequireLogin({ children }: { children: (user: UserInfo) => ReactNode }) {
  const { t } = useTranslation('account');
  const location = useLocation();
  const { loggedIn, user, query } = useCurrentUser();

  if (!loggedIn) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (user) return children(user);
  if (query.isError) {
    return (
      <LoadFailedAlert title={t('user.loadFailed')} retryLabel={t('user.retry')} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status">
        <Loader size="md" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('user.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
