import { Anchor, EmptyState, Paper } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../components/page-frame';
import { useLocalePath } from '../lib/use-locale';

/**
 * Any path that is not a page (docs/product-requirements.md §2): a message and a 'click to return to the homepage'
 * link.
 */
export function Component() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <PageFrame title={t('notFound.title')} meta={{ status: 404, noindex: true }}>
      <Paper withBorder radius="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 40, sm: 56 }}>
        <EmptyState
          variant="light"
          color="gray"
          size="lg"
          icon={<IconMapSearch size={32} stroke={1.5} aria-hidden />}
          description={t('notFound.message')}
          maw={520}
          mx="auto"
        >
          <EmptyState.Actions>
            <Anchor component={Link} to={localePath(PAGE_PATHS.home)} fw={600}>
              {t('notFound.home')}
            </Anchor>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </PageFrame>
  );
}
