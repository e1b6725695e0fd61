import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { Unsubscribe } from '../features/alerts/components/unsubscribe';

/** `/alerts/unsubscribe?token=…`: the unsubscribe link of an alert e-mail (no login needed). */
export function Component() {
  const { t } = useTranslation(['common', 'alerts']);
  return (
    <PageFrame title={t('pages.alertsUnsubscribe.title')} size="xs" meta={{ noindex: true }}>
      <Unsubscribe />
    </PageFrame>
  );
}
