import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { RequireLogin } from '../features/account/components/require-login';
import { MyAlerts } from '../features/alerts/components/my-alerts';

/** `/user/alerts` (issue 25): the member's followed fish and alerts; visitors go to the login page and back. */
export function Component() {
  const { t } = useTranslation(['common', 'account', 'alerts']);
  return (
    <PageFrame title={t('pages.alerts.title')} size="md" meta={{ noindex: true }}>
      <RequireLogin>{() => <MyAlerts />}</RequireLogin>
    </PageFrame>
  );
}
