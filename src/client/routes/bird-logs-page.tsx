import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { LogBrowser } from '../features/logs/components/log-browser';

/**
 * `/query/bird-logs` (docs/product-requirements.md §2 AI records): the catches the bird loggers report, with filters
 * and a detail view.
 */
export function Component() {
  const { t } = useTranslation('logs');
  return (
    <PageFrame
      title={t('bird.title')}
      description={t('bird.description')}
      size="xl"
      meta={{
        description: t('meta.birdDescription'),
        breadcrumbs: [{ name: t('bird.title'), path: PAGE_PATHS.birdLogs }],
      }}
    >
      <LogBrowser kind="bird" />
    </PageFrame>
  );
}
