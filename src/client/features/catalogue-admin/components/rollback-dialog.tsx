import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { toast } from '../../../lib/toast';
import { useRollback, useRollbackPreview } from '../api/catalogue-admin-queries';
import { failureText, refusedProblems } from '../problem-text';
import { DryRunReport, ProblemList } from './dry-run-report';

/** The toast id this action's failure and its success share, so a success replaces an earlier failure. */
const ROLLBACK_TOAST = 'catalogue-rollback';

/**
 * Rolling back to `version` (null: closed): what it would change, asked when the dialog opens, then a confirmation.
 * The rollback carries the live version the preview compared with, so it is refused if another one went live since.
 */
export function RollbackDialog({
  version,
  live,
  onClose,
}: {
  version: number | null;
  live: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue-admin');
  const preview = useRollbackPreview(version);
  const rollback = useRollback();
  const refused = refusedProblems(rollback.error);
  const close = () => {
    rollback.reset();
    onClose();
  };

  const doRollback = () => {
    if (version === null) return;
    rollback.mutate(
      { version, live },
      {
        onSuccess: (result) => {
          if (result.version)
            toast.success(t('rollback.done', { version: result.version.id, from: version }), undefined, {
              id: ROLLBACK_TOAST,
            });
          else toast.info(t('upload.unchanged'));
          close();
        },
        onError: (error) => {
          if (!refusedProblems(error)) toast.error(t('rollback.failed'), failureText(t, error), { id: ROLLBACK_TOAST });
        },
      },
    );
  };

  return (
    <Modal
      opened={version !== null}
      onClose={close}
      title={t('rollback.title', { version: version ?? '' })}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('rollback.intro', { version: version ?? '' })}</Text>
        {preview.data ? <DryRunReport report={preview.data} /> : null}
        {preview.isPending ? <LoadingState>{t('rollback.loading')}</LoadingState> : null}
        {preview.isError ? (
          <LoadFailedAlert
            title={`${t('rollback.loadFailed')}: ${failureText(t, preview.error)}`}
            retryLabel={t('versions.retry')}
            onRetry={() => void preview.refetch()}
          />
        ) : null}
        {refused ? <ProblemList problems={refused} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('upload.cancel')}
          </Button>
          <Button
            color="orange"
            onClick={doRollback}
            disabled={!preview.data?.ok || preview.data.unchanged || rollback.isPending}
          >
            {rollback.isPending ? t('rollback.rolling') : t('rollback.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
