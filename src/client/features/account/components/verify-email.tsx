import { Button } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthErrorCode } from '#shared/account-rules';
import { PAGE_PATHS } from '#shared/pages';
import { LoadingState } from '../../../components/loading-state';
import { ResultState } from '../../../components/result-state';
import { useSession } from '../../../lib/session';
import { useLocalePath } from '../../../lib/use-locale';
import { useVerifyEmail } from '../api/use-verify-email';
import { authErrorText, errorCode } from '../auth-errors';
import { LinkError } from './link-error';

/**
 * `/user/verify?token=…`: the link of the verification e-mail. Verifies once on arrival and says how it went: done,
 * already done, or 'Invalid link' for a token the server refuses.
 */
export function VerifyEmail() {
  const { t } = useTranslation('account');
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { loggedIn } = useSession();
  const verify = useVerifyEmail(token);

  const next = loggedIn ? (
    <Button component={Link} to={localePath(PAGE_PATHS.user)}>
      {t('verify.toUser')}
    </Button>
  ) : (
    <Button component={Link} to={localePath(PAGE_PATHS.login)}>
      {t('verify.toLogin')}
    </Button>
  );

  if (!token) return <LinkError description={t('linkError.missing')}>{next}</LinkError>;

  if (verify.isSuccess) {
    return (
      <ResultState
        icon={IconCircleCheck}
        color="teal"
        title={t('verify.success')}
        description={t('verify.successText')}
        role="status"
      >
        {next}
      </ResultState>
    );
  }

  if (verify.isError) {
    const code = errorCode(verify.error);
    if (code === AuthErrorCode.VERIFY_USER_ALREADY_VERIFIED) {
      return (
        <ResultState
          icon={IconRosetteDiscountCheck}
          color="blue"
          title={t('verify.already')}
          description={t('verify.alreadyText')}
          role="status"
        >
          {next}
        </ResultState>
      );
    }
    if (code === AuthErrorCode.VERIFY_USER_BAD_TOKEN) {
      return <LinkError description={t('linkError.verify')}>{next}</LinkError>;
    }
    return (
      <ResultState
        icon={IconAlertTriangle}
        color="red"
        title={t('verify.failed')}
        description={authErrorText(verify.error)}
        role="alert"
      >
        <Button onClick={() => void verify.refetch()}>{t('verify.retry')}</Button>
      </ResultState>
    );
  }

  return <LoadingState>{t('verify.checking')}</LoadingState>;
}
