import { Alert, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/session';
import { SendVerificationButton } from './send-verification-button';

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
          <SendVerificationButton email={user.email} />
        </>
      )}
    </Alert>
  );
}
