import { Button, Center, CopyButton, Drawer, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ApiError } from '../../../lib/api-client';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { type LogItem, type LogKind, useLogItem } from '../api/log-queries';
import { LogDetail } from './log-detail';
import { useMatchMedia } from '../../../lib/browser-state';

interface LogDetailDrawerProps {
  kind: LogKind;
  /** The open record, null when the drawer is closed. */
  id: number | null;
  /** The row that was clicked, shown at once. */
  placeholder?: LogItem;
  onClose: () => void;
}

/**
 * The detail view of one record, in a drawer with its own URL (`?id=123`): a shared link opens it directly, and
 * "Copy link" copies exactly that. Full width on a phone.
 */
export function LogDetailDrawer({ kind, id, placeholder, onClose }: LogDetailDrawerProps) {
  const { t } = useTranslation('logs');
  const displayName = useDisplayName();
  const { fishById } = useBaseConfig();
  // Read at once, so a deep link opened on a phone starts as a full-width drawer.
  const phone = useMatchMedia('(max-width: 36em)');
  const query = useLogItem(kind, id, placeholder);
  // The drawer keeps showing the last record while it slides out, instead of going blank as the URL is cleared.
  const [last, setLast] = useState<LogItem | undefined>(undefined);
  if (query.data && query.data !== last) setLast(query.data);
  const item = id === null ? last : query.data;
  const fish = item ? fishById(item.fish_id) : undefined;

  let body: React.ReactNode;
  if (item) {
    body = (
      <Stack gap="lg">
        <CopyButton value={typeof window === 'undefined' ? '' : window.location.href}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconLink size={14} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {copied ? t('detail.linkCopied') : t('detail.copyLink')}
            </Button>
          )}
        </CopyButton>
        <LogDetail item={item} />
      </Stack>
    );
  } else if (query.isError) {
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <Text c="dimmed">{t('detail.notFound')}</Text>
      ) : (
        <LoadFailedAlert
          title={t('detail.loadFailed')}
          retryLabel={t('detail.retry')}
          onRetry={() => void query.refetch()}
        />
      );
  } else {
    body = (
      <Center py="xl" role="status">
        <Loader size="md" aria-hidden />
        <Text size="sm" c="dimmed" ml="sm">
          {t('detail.loading')}
        </Text>
      </Center>
    );
  }

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={fish ? displayName(fish) : t('detail.title')}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {body}
    </Drawer>
  );
}
