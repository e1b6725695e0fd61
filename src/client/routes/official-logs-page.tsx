import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { LogBrowser } from '../features/logs/components/log-browser';

/**
 * `/query/official-logs` (docs/product-requirements.md §2): the official records, the AI records' columns plus player
 * and weight, and 'mine'.
 */
export function Component() {
  const { t } = useTranslation('logs');
  return (
    <PageFrame
      title={t('official.title')}
      description={t('official.description')}
      size="xl"
      meta={{
        description: t('meta.officialDescription'),
        breadcrumbs: [{ name: t('official.title'), path: PAGE_PATHS.officialLogs }],
      }}
    >
      <LogBrowser kind="official" />
    </PageFrame>
  );
}
