import { Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { useCatalogueVersions } from '../api/catalogue-admin-queries';
import { PackageImport } from './package-import';
import { RollbackDialog } from './rollback-dialog';
import { VersionTable } from './version-table';

/** `/admin/catalogue` for a superuser: the versions (roll back to any), and importing a package. */
export function CatalogueAdmin() {
  const { t } = useTranslation('catalogue-admin');
  const versions = useCatalogueVersions();
  const [rollingBackTo, setRollingBackTo] = useState<number | null>(null);
  const live = versions.data?.live ?? null;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="versions-title">
        <Title order={2} fz="lg" id="versions-title" mb="sm">
          {t('versions.title')}
        </Title>
        {versions.data ? <VersionTable versions={versions.data} onRollback={setRollingBackTo} /> : null}
        {versions.isPending ? <LoadingState>{t('versions.loading')}</LoadingState> : null}
        {versions.isError ? (
          <LoadFailedAlert
            title={t('versions.loadFailed')}
            retryLabel={t('versions.retry')}
            onRetry={() => void versions.refetch()}
          />
        ) : null}
      </Paper>
      <PackageImport live={live} />
      <RollbackDialog version={rollingBackTo} live={live} onClose={() => setRollingBackTo(null)} />
    </Stack>
  );
}
