import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { VerifyEmail } from '../features/account/components/verify-email';

/** `/user/verify?token=…`: the link of the verification e-mail. */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame title={t('pages.verify.title')} size="xs" meta={{ noindex: true }}>
      <VerifyEmail />
    </PageFrame>
  );
}
