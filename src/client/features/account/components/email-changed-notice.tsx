import { Alert, Button, Text } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useRequestVerifyEmail } from '../api/use-verify-email';
import { showFailure } from '../auth-errors';

interface EmailChangedNoticeProps {
  /** The address before the change: the server has mailed it a notice. */
  oldEmail: string;
  /** The user as the server answered the change (`is_verified` is false again for a new address). */
  user: UserInfo;
  onClose: () => void;
}

/**
 * Shown under the e-mail field after a change, until closed: where the account's mail goes now, that the old address
 * was told (so a hijacked account is noticed there), and, while the new address is unverified, a way to verify it.
 */
export function EmailChangedNotice({ oldEmail, user, onClose }: EmailChangedNoticeProps) {
  const { t } = useTranslation('account');
  const requestVerify = useRequestVerifyEmail();

  const sendVerification = async () => {
    try {
      await requestVerify.mutateAsync(user.email);
      toast.success(t('user.verifySent'), t('user.verifySentText', { email: user.email }));
    } catch (error) {
      showFailure(t('user.verifyFailed'), error);
    }
  };

  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconMailCheck aria-hidden />}
      title={t('profile.emailChanged')}
      withCloseButton
      closeButtonLabel={t('profile.closeNotice')}
      onClose={onClose}
      role="status"
      styles={{ message: { overflowWrap: 'anywhere' } }}
    >
      <Text size="sm">{t('profile.emailChangedText', { email: user.email, old: oldEmail })}</Text>
      {user.is_verified ? null : (
        <>
          <Text size="sm" mt={6}>
            {t('profile.emailUnverified')}
          </Text>
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
        </>
      )}
    </Alert>
  );
}
