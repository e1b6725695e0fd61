import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { VipBuy } from '../features/vip/components/vip-buy';

/**
 * `/vip/buy` (docs/product-requirements.md §2): the benefits, the price and the way to pay; visitors are asked to log
 * in first.
 */
export function Component() {
  const { t } = useTranslation(['common', 'vip']);
  return (
    <PageFrame
      title={t('pages.vipBuy.title')}
      description={t('vip:buy.description')}
      size="lg"
      meta={{
        description: t('vip:meta.buyDescription'),
        breadcrumbs: [{ name: t('pages.vipBuy.title'), path: PAGE_PATHS.vipBuy }],
      }}
    >
      <VipBuy />
    </PageFrame>
  );
}
