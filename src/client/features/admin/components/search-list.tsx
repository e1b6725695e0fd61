import { Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { Pager } from './pager';

/**
 * A console list that a search narrows (users, loggers): its title, its search box and filters, the results — loading,
 * failed with a retry, none, or one row each — and the pager. The chosen item opens in a `DetailPanel` beside it.
 */
export function SearchList<T>({
  titleId,
  title,
  controls,
  query,
  texts,
  emptyIcon,
  testId,
  page,
  onPage,
  row,
}: {
  titleId: string;
  title: string;
  /** The search box and any filters above the results. */
  controls: ReactNode;
  query: UseQueryResult<{ items: T[]; total: number }>;
  texts: { loading: string; loadFailed: string; none: string };
  emptyIcon: Icon;
  testId: string;
  page: number;
  onPage: (page: number) => void;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="sm">
        {title}
      </Title>
      {controls}
      <Stack gap="xs" mt="md" data-testid={testId}>
        {query.isPending ? <LoadingState>{texts.loading}</LoadingState> : null}
        {query.isError ? (
          <LoadFailedAlert title={texts.loadFailed} retryLabel={t('list.retry')} onRetry={() => void query.refetch()} />
        ) : null}
        {query.data?.items.length === 0 ? <ListEmptyState icon={emptyIcon} title={texts.none} /> : null}
        {query.data?.items.map(row)}
      </Stack>
      {query.data ? <Pager total={query.data.total} page={page} onPage={onPage} /> : null}
    </Paper>
  );
}

/** One result: a button that opens the item, with its name over a line of detail, and its badges at the end. */
export function ResultRow({
  name,
  detail,
  badges,
  active,
  onOpen,
  testId,
}: {
  name: ReactNode;
  detail: ReactNode;
  badges: ReactNode;
  active: boolean;
  onOpen: () => void;
  testId: string;
}) {
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={active ? 'true' : undefined}
      data-testid={testId}
      style={{
        display: 'block',
        padding: '10px 12px',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={0} miw={0}>
          {/* Spans: a bold paragraph over another reads to assistive technology as a heading. */}
          <Text component="span" display="block" fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text
            component="span"
            display="block"
            size="xs"
            c={active ? undefined : 'dimmed'}
            style={{ overflowWrap: 'anywhere' }}
          >
            {detail}
          </Text>
        </Stack>
        {badges}
      </Group>
    </UnstyledButton>
  );
}
