import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { RequireLogin } from '../features/account/components/require-login';
import { UserHome } from '../features/account/components/user-home';
import { VipMembership } from '../features/vip/components/vip-membership';

/**
 * `/user` (docs/product-requirements.md §2): the user centre home with its VIP section; visitors are sent to the login
 * page and back.
 */
export function Component() {
  const { t } = useTranslation(['common', 'account', 'vip']);
  return (
    <PageFrame title={t('pages.user.title')} size="md" meta={{ noindex: true }}>
      <RequireLogin>{(user) => <UserHome user={user} vip={<VipMembership user={user} />} />}</RequireLogin>
    </PageFrame>
  );
}
