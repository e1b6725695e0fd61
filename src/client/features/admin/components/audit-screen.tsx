import {
  Anchor,
  Badge,
  Button,
  Code,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconClipboardOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_ACTION_NAMES, ADMIN_TARGET_TYPES } from '#shared/admin-rules';
import type { AuditEntry } from '#shared/contracts/admin';
import { PAGE_PATHS } from '#shared/pages';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { formatDateTime } from '../../../lib/format-date';
import { parseOneOf, parsePage, parseSearchText, setParam, useSearch } from '../../../lib/search-params';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useAuditLog, useRevert } from '../api/admin-queries';
import { ConfirmAction } from './confirm-action';
import { Pager } from './pager';

/** The audit log: every operator action, newest first, filtered in the URL; a revert for the reversible ones. */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const [params, edit] = useSearch();
  const filters = {
    operator: parseSearchText(params.get('operator')),
    action: parseOneOf(params.get('action'), ADMIN_ACTION_NAMES) ?? '',
    target_type: parseOneOf(params.get('target_type'), ADMIN_TARGET_TYPES) ?? '',
    target_id: parseSearchText(params.get('target_id')),
    page: parsePage(params.get('page')),
  };
  const log = useAuditLog(filters);
  const [reverting, setReverting] = useState<AuditEntry | null>(null);
  const revert = useRevert();
  const set = (key: string, value: string | null) =>
    edit(
      (next) => {
        setParam(next, key, value || null);
        setParam(next, 'page', null);
      },
      { replace: true },
    );
  const filtered = Boolean(filters.operator || filters.action || filters.target_type || filters.target_id);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('audit.filters')}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <TextInput
            label={t('audit.operator')}
            placeholder={t('audit.operatorPlaceholder')}
            defaultValue={filters.operator}
            key={`operator-${filters.operator}`}
            onBlur={(event) => set('operator', event.currentTarget.value.trim())}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set('operator', event.currentTarget.value.trim());
            }}
          />
          <Select
            label={t('audit.action')}
            placeholder={t('audit.any')}
            data={ADMIN_ACTION_NAMES.map((value) => ({ value, label: t(`actions.${value}`) }))}
            value={filters.action || null}
            onChange={(value) => set('action', value)}
            clearable
          />
          <Select
            label={t('audit.targetType')}
            placeholder={t('audit.any')}
            data={ADMIN_TARGET_TYPES.map((value) => ({ value, label: t(`targets.${value}`) }))}
            value={filters.target_type || null}
            onChange={(value) => set('target_type', value)}
            clearable
          />
          <TextInput
            label={t('audit.targetId')}
            defaultValue={filters.target_id}
            key={`target-${filters.target_id}`}
            onBlur={(event) => set('target_id', event.currentTarget.value.trim())}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set('target_id', event.currentTarget.value.trim());
            }}
          />
        </SimpleGrid>
        {filtered ? (
          <Button
            variant="subtle"
            size="compact-sm"
            mt="sm"
            onClick={() =>
              edit((next) => {
                for (const key of ['operator', 'action', 'target_type', 'target_id', 'page']) next.delete(key);
              })
            }
          >
            {t('audit.clear')}
          </Button>
        ) : null}
      </Paper>

      <Stack gap="sm" data-testid="audit-log">
        {log.isPending ? <LoadingState>{t('audit.loading')}</LoadingState> : null}
        {log.isError ? (
          <LoadFailedAlert
            title={t('audit.loadFailed')}
            retryLabel={t('list.retry')}
            onRetry={() => void log.refetch()}
          />
        ) : null}
        {log.data?.items.length === 0 ? <ListEmptyState icon={IconClipboardOff} title={t('audit.none')} /> : null}
        {log.data?.items.map((entry) => (
          <AuditRow key={entry.id} entry={entry} onRevert={() => setReverting(entry)} />
        ))}
      </Stack>
      {log.data ? (
        <Pager
          total={log.data.total}
          page={filters.page}
          onPage={(page) => edit((next) => setParam(next, 'page', page > 1 ? page : null))}
        />
      ) : null}

      <ConfirmAction
        opened={reverting !== null}
        title={t('audit.revertTitle', { id: reverting?.id ?? '' })}
        confirmLabel={t('audit.revert')}
        color="grape"
        withPassword
        onClose={() => setReverting(null)}
        onConfirm={({ reason, password }) =>
          revert
            .mutateAsync({ id: reverting!.id, current_password: password, reason: reason || undefined })
            .then(() => toast.success(t('audit.reverted')))
        }
      >
        <Text size="sm">{reverting ? t('audit.revertText', { action: t(`actions.${reverting.action}`) }) : null}</Text>
      </ConfirmAction>
    </Stack>
  );
}

const ACTION_COLOURS: Record<string, string> = {
  'user.deactivate': 'red',
  'order.refund': 'red',
  'record.delete': 'red',
  'audit.revert': 'grape',
  'vip.grant': 'violet',
};

function AuditRow({ entry, onRevert }: { entry: AuditEntry; onRevert: () => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const localePath = useLocalePath();
  const canRevert = entry.reversible && entry.reverted_by === null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="audit-row" data-action={entry.action} data-id={entry.id}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap={6}>
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              #{entry.id}
            </Text>
            <Badge variant="light" color={ACTION_COLOURS[entry.action] ?? 'blue'}>
              {t(`actions.${entry.action}`)}
            </Badge>
            {entry.reverted_by !== null ? (
              <Badge variant="outline" color="gray" data-testid="reverted-badge">
                {t('audit.revertedBy', { id: entry.reverted_by })}
              </Badge>
            ) : null}
            {entry.reverts !== null ? (
              <Badge variant="outline" color="grape">
                {t('audit.revertOf', { id: entry.reverts })}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t(`targets.${entry.target_type}`)}{' '}
            {entry.target_type === 'user' ? (
              <Anchor component={Link} to={`${localePath(PAGE_PATHS.adminUsers)}?user=${entry.target_id}`}>
                <Code>{entry.target_id}</Code>
              </Anchor>
            ) : (
              <Code>{entry.target_id}</Code>
            )}
          </Text>
          {entry.reason ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              “{entry.reason}”
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(entry.at)} · {entry.operator_email}
          </Text>
        </Stack>
        <Group gap={4} style={{ flexShrink: 0 }}>
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
          >
            {t('audit.details')}
          </Button>
          {canRevert ? (
            <Button
              size="compact-sm"
              variant="light"
              color="grape"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              onClick={onRevert}
              aria-label={t('audit.revertLabel', { id: entry.id })}
            >
              {t('audit.revert')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Changes before={entry.before} after={entry.after} />
      </Collapse>
    </Paper>
  );
}

const shown = (value: unknown) =>
  value === undefined
    ? '—'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** Before and after, field by field: the changed fields only when both sides exist. */
function Changes({ before, after }: { before: AuditEntry['before']; after: AuditEntry['after'] }) {
  const { t } = useTranslation('admin');
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changed = before && after ? keys.filter((key) => shown(before[key]) !== shown(after[key])) : keys;
  if (changed.length === 0)
    return (
      <Text size="sm" c="dimmed" mt="sm">
        {t('audit.noFields')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={360} type="native" mt="sm">
      <Table verticalSpacing={4} fz="sm" withTableBorder aria-label={t('audit.changes')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('audit.field')}</Table.Th>
            <Table.Th scope="col">{t('audit.before')}</Table.Th>
            <Table.Th scope="col">{t('audit.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changed.map((key) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={500}>
                {key}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{before ? shown(before[key]) : '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{after ? shown(after[key]) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
