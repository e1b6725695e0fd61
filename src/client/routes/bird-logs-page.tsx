import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { LogBrowser } from '../features/logs/components/log-browser';

/**
 * `/query/bird-logs` (docs/product-requirements.md §2 AI records): the catches the bird loggers report, with filters
 * and a detail view.
 */
export function Component() {
  const { t } = useTranslation('logs');
  return (
    <PageFrame title={t('bird.title')} description={t('bird.description')} size="xl">
      <LogBrowser kind="bird" />
    </PageFrame>
  );
}
