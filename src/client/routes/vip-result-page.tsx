import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame';
import { RequireLogin } from '../features/account/components/require-login';
import { PaymentResult } from '../features/vip/components/payment-result';
import { orderNoParam } from '../features/vip/vip-format';

/**
 * `/vip/result?order_no=…` (docs/product-requirements.md §2): follows the order after its checkout and shows the
 * outcome.
 */
export function Component() {
  const { t } = useTranslation(['common', 'account', 'vip']);
  const [searchParams] = useSearchParams();
  const orderNo = orderNoParam(searchParams.get('order_no'));
  return (
    <PageFrame title={t('pages.vipResult.title')} size="sm" meta={{ noindex: true }}>
      {/* Keyed by the order: another order starts its own follow (and its own two minutes). */}
      <RequireLogin>{() => <PaymentResult key={orderNo} orderNo={orderNo} />}</RequireLogin>
    </PageFrame>
  );
}
