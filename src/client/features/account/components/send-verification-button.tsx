import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useRequestVerifyEmail } from '../api/use-verify-email';
import { showFailure } from '../auth-errors';

/** The toast id an action's failure and its success share, so a success replaces an earlier failure. */
const SEND_TOAST = 'verification-send';

/** Sends the verification e-mail to `email` again, and says whether it went (the user centre, a changed address). */
export function SendVerificationButton({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const requestVerify = useRequestVerifyEmail();

  const sendVerification = async () => {
    try {
      await requestVerify.mutateAsync(email);
      toast.success(t('user.verifySent'), t('user.verifySentText', { email }), { id: SEND_TOAST });
    } catch (error) {
      showFailure(t('user.verifyFailed'), error, undefined, SEND_TOAST);
    }
  };

  return (
    <Button
      mt="sm"
      size="xs"
      variant="default"
      leftSection={<IconMailForward size={16} aria-hidden />}
      onClick={() => void sendVerification()}
      disabled={requestVerify.isPending}
    >
      {requestVerify.isPending ? t('user.sendingVerify') : t('user.sendVerify')}
    </Button>
  );
}
