import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { LoggerIdBinding } from '../features/account/components/logger-id-binding';
import { OwnDataDownloads } from '../features/account/components/own-data-downloads';
import { RequireLogin } from '../features/account/components/require-login';
import { StatsPanel } from '../features/logs/components/stats-panel';

/**
 * `/user/my-data` (docs/product-requirements.md §2 personal data): the logger binding, the personal stats, and the
 * player's catches and sales to download (issue 25).
 */
export function Component() {
  const { t } = useTranslation(['common', 'account']);
  return (
    <PageFrame title={t('pages.myData.title')} size="md" meta={{ noindex: true }}>
      <RequireLogin>
        {(user) => (
          <Stack gap="lg">
            <LoggerIdBinding user={user} />
            <StatsPanel user={user} />
            <OwnDataDownloads />
          </Stack>
        )}
      </RequireLogin>
    </PageFrame>
  );
}
