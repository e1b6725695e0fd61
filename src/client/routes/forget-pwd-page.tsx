import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { ForgotPasswordForm } from '../features/account/components/forgot-password-form';

/** `/user/forget-pwd` (docs/product-requirements.md §2): ask for the password-reset e-mail. */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame
      title={t('pages.forgetPwd.title')}
      description={t('account:forgot.description')}
      size="xs"
      meta={{ noindex: true }}
    >
      <ForgotPasswordForm />
    </PageFrame>
  );
}
