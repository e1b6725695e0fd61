import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { RequireLogin } from '../features/account/components/require-login';
import { UserHome } from '../features/account/components/user-home';

/** `/user` (spec §2): the user centre home; visitors are sent to the login page and back. */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame title={t('pages.user.title')} size="md">
      <RequireLogin>{(user) => <UserHome user={user} />}</RequireLogin>
    </PageFrame>
  );
}
