import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame';
import { RequireLogin } from '../features/account/components/require-login';
import { LocalCheckout } from '../features/vip/components/local-checkout';
import { orderNoParam } from '../features/vip/vip-format';

/** `/vip/checkout?order_no=…` (issue 12): the local payment provider's test checkout; needs the order's owner. */
export function Component() {
  const { t } = useTranslation(['common', 'account', 'vip']);
  const [searchParams] = useSearchParams();
  const orderNo = orderNoParam(searchParams.get('order_no'));
  return (
    <PageFrame title={t('pages.vipCheckout.title')} size="sm" meta={{ noindex: true }}>
      <RequireLogin>{() => <LocalCheckout orderNo={orderNo} />}</RequireLogin>
    </PageFrame>
  );
}
