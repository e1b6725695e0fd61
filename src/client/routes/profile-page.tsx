import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { Stack } from '@mantine/core';
import { DeleteAccount } from '../features/account/components/delete-account';
import { ProfileForm } from '../features/account/components/profile-form';
import { RequireLogin } from '../features/account/components/require-login';

/**
 * `/user/profile` (docs/product-requirements.md §2): nickname, avatar, bio and password; also the e-mail address (issue
 * 13); and deleting the account (issue 25).
 */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame title={t('pages.profile.title')} size="sm" meta={{ noindex: true }}>
      <RequireLogin>
        {(user) => (
          <Stack gap="lg">
            <ProfileForm key={user.id} user={user} />
            <DeleteAccount />
          </Stack>
        )}
      </RequireLogin>
    </PageFrame>
  );
}
