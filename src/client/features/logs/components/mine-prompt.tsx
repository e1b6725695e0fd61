import { Button, EmptyState } from '@mantine/core';
import { IconLogin, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { loginPathFor } from '../../../lib/session';
import { useLocalePath } from '../../../lib/use-locale';

/**
 * What "only mine" shows when there is nothing to ask for: a visitor is asked to log in (and comes back here); a
 * user without a bound logger is sent to bind one in the user centre, since their records are that logger's.
 */
export function MinePrompt({ reason }: { reason: 'login' | 'bind' }) {
  const { t } = useTranslation('logs');
  const location = useLocation();
  const localePath = useLocalePath();
  const login = reason === 'login';
  return (
    <EmptyState
      py="xl"
      icon={login ? <IconLogin size={32} aria-hidden /> : <IconUserCheck size={32} aria-hidden />}
      withIndicatorBackground
      title={login ? t('mine.loginTitle') : t('mine.bindTitle')}
      description={login ? t('mine.loginText') : t('mine.bindText')}
      data-testid={`mine-${reason}`}
    >
      <EmptyState.Actions>
        <Button
          component={Link}
          to={login ? loginPathFor(`${location.pathname}${location.search}`) : localePath(PAGE_PATHS.myData)}
        >
          {login ? t('mine.login') : t('mine.bind')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
