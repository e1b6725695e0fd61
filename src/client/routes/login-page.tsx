import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { LoginForm } from '../features/account/components/login-form';

/** `/user/login` (docs/product-requirements.md §2): log in, then back to where the user came from. */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame
      title={t('pages.login.title')}
      description={t('account:login.description')}
      size="xs"
      meta={{ noindex: true }}
    >
      <LoginForm />
    </PageFrame>
  );
}
