import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { AiChat } from '../features/ai/components/ai-chat';

/** `/query/ai-chat` (docs/product-requirements.md §2): one question, one answer from our own data. */
export function Component() {
  const { t } = useTranslation('ai');
  return (
    <PageFrame
      title={t('title')}
      description={t('description')}
      size="md"
      meta={{ description: t('meta.description'), breadcrumbs: [{ name: t('title'), path: PAGE_PATHS.aiChat }] }}
    >
      <AiChat />
    </PageFrame>
  );
}
