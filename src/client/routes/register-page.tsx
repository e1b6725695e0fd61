import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { RegisterForm } from '../features/account/components/register-form';

/** `/user/register` (docs/product-requirements.md §2): create an account, logged in at once. */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame
      title={t('pages.register.title')}
      description={t('account:register.description')}
      size="xs"
      meta={{ noindex: true }}
    >
      <RegisterForm />
    </PageFrame>
  );
}
