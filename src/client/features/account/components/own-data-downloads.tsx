import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { showFailure } from '../auth-errors';

const FILES = {
  catches: { path: '/api/users/me/catches.csv', name: 'anglerdex-catches.csv' },
  sales: { path: '/api/users/me/sales.csv', name: 'anglerdex-sales.csv' },
} as const;

type Kind = keyof typeof FILES;

/**
 * "Take your data with you" (issue 25): the bound logger's catches and sales as CSV files a spreadsheet opens, names in
 * the page's language. Without a bound logger the files hold their header line alone, which the text says.
 */
export function OwnDataDownloads() {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState<Kind | null>(null);
  const download = async (kind: Kind) => {
    setBusy(kind);
    try {
      saveFile(await api.download(FILES[kind].path), FILES[kind].name);
    } catch (error) {
      showFailure(t('ownData.failed'), error, undefined, `own-data-${kind}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="own-data-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="own-data-title">
          {t('ownData.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('ownData.intro')}
        </Text>
        <Group gap="sm">
          {(Object.keys(FILES) as Kind[]).map((kind) => (
            <Button
              key={kind}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={busy === kind}
              onClick={() => void download(kind)}
            >
              {t(`ownData.${kind}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
