import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';

/** An order page before its order has arrived: loading (with `loadingText`), or the failure with a retry. */
export function OrderLoading({
  failed,
  onRetry,
  loadingText,
}: {
  failed: boolean;
  onRetry: () => void;
  loadingText: string;
}) {
  const { t } = useTranslation('vip');
  if (failed)
    return <LoadFailedAlert title={t('result.loadFailed')} retryLabel={t('result.retry')} onRetry={onRetry} />;
  return <LoadingState>{loadingText}</LoadingState>;
}
