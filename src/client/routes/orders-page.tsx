import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { RequireLogin } from '../features/account/components/require-login';
import { OrderList } from '../features/vip/components/order-list';

/** `/user/orders` (docs/product-requirements.md §2): the user's orders with their activation keys. */
export function Component() {
  const { t } = useTranslation(['common', 'account', 'vip']);
  return (
    <PageFrame
      title={t('pages.orders.title')}
      description={t('vip:orders.description')}
      size="xl"
      meta={{ noindex: true }}
    >
      <RequireLogin>{() => <OrderList />}</RequireLogin>
    </PageFrame>
  );
}
