import { Anchor, Button, FileInput, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueDryRun } from '#shared/contracts/catalogue-package';
import { mediaUrl } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useApplyPackage, useDryRun } from '../api/catalogue-admin-queries';
import { failureText, refusedProblems } from '../problem-text';
import { DryRunReport, ProblemList } from './dry-run-report';

/** The toast id this action's failure and its success share, so a success replaces an earlier failure. */
const PACKAGE_TOAST = 'catalogue-package';

const SCHEMA_URL = '/api/system/catalogue-schema.json';

/**
 * Upload a package: choose the archive, check it (the dry run: every problem, or the diff and its impact), then apply
 * it after a confirmation. The same file goes up again for the apply, with the live version the check compared with.
 */
export function PackageImport({ live }: { live: number | null }) {
  const { t } = useTranslation('catalogue-admin');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CatalogueDryRun | null>(null);
  const [checkedAgainst, setCheckedAgainst] = useState<number | null>(null);
  const [confirming, confirm] = useDisclosure(false);
  const dryRun = useDryRun();
  const apply = useApplyPackage();
  const refused = refusedProblems(apply.error);

  const choose = (next: File | null) => {
    setFile(next);
    setReport(null);
    dryRun.reset();
    apply.reset();
  };

  const check = () => {
    if (!file) return;
    apply.reset();
    setCheckedAgainst(live);
    dryRun.mutate(file, {
      onSuccess: setReport,
      onError: (error) => toast.error(t('upload.checkFailed'), failureText(t, error), { id: PACKAGE_TOAST }),
    });
  };

  const doApply = () => {
    if (!file) return;
    apply.mutate(
      { file, live: checkedAgainst },
      {
        onSuccess: (result) => {
          confirm.close();
          if (result.version)
            toast.success(t('upload.applied', { version: result.version.id }), undefined, { id: PACKAGE_TOAST });
          else toast.info(t('upload.unchanged'));
          choose(null);
        },
        onError: (error) => {
          confirm.close();
          if (!refusedProblems(error)) toast.error(t('upload.failed'), failureText(t, error), { id: PACKAGE_TOAST });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="package-import">
      <Title order={2} fz="lg" id="package-import">
        {t('upload.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t('upload.intro')}{' '}
        <Anchor href={mediaUrl(SCHEMA_URL)} target="_blank" rel="noopener" size="sm">
          {t('upload.schema')}
        </Anchor>
      </Text>
      <Stack gap="md" mt="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('upload.file')}
            placeholder={t('upload.placeholder')}
            accept=".zip,.tar.gz,.tgz,application/zip,application/gzip"
            leftSection={<IconFileZip size={18} aria-hidden />}
            value={file}
            onChange={choose}
            clearable
            style={{ flex: '1 1 240px' }}
            data-testid="package-file"
          />
          <Button
            onClick={check}
            disabled={!file || dryRun.isPending}
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {dryRun.isPending ? t('upload.checking') : t('upload.check')}
          </Button>
        </Group>
        {report ? <DryRunReport report={report} /> : null}
        {refused ? <ProblemList problems={refused} /> : null}
        {report?.ok && !report.unchanged ? (
          <Group justify="flex-end">
            <Button color="teal" onClick={confirm.open} disabled={apply.isPending}>
              {t('upload.apply')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <Modal opened={confirming} onClose={confirm.close} title={t('upload.confirmTitle')} centered>
        <Text size="sm">{t('upload.confirmText', { patch: report?.manifest?.patch ?? '' })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={confirm.close}>
            {t('upload.cancel')}
          </Button>
          <Button color="teal" onClick={doApply} disabled={apply.isPending}>
            {apply.isPending ? t('upload.applying') : t('upload.apply')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
