import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { ResetPasswordForm } from '../features/account/components/reset-password-form';

/** `/user/reset-pwd?token=…` (docs/product-requirements.md §2): the e-mailed link, where the new password is set. */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame
      title={t('pages.resetPwd.title')}
      description={t('account:reset.description')}
      size="xs"
      meta={{ noindex: true }}
    >
      <ResetPasswordForm />
    </PageFrame>
  );
}
