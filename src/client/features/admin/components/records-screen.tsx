import {
  Alert,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDatabaseOff, IconFileUpload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDS_FILE_MAX_BYTES } from '#shared/admin-rules';
import type { AdminRecord, RecordCorrectionBody, RecordsImportResult } from '#shared/contracts/admin';
import type { ItemError } from '#shared/contracts/catches';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { ApiError } from '../../../lib/api-client';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount, formatWeight } from '../../../lib/format-number';
import { parseId, parsePage, parseSearchText, setParam, useSearch } from '../../../lib/search-params';
import { toast } from '../../../lib/toast';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import { adminFailure } from '../admin-errors';
import { useAdminRecords, useCorrectRecord, useDeleteRecord, useImportRecords } from '../api/admin-queries';
import { CatalogueFilterSelect } from './catalogue-filter-select';
import { ConfirmAction } from './confirm-action';
import { Pager } from './pager';

/** Official records: import a file, find records (filters in the URL), correct or delete one. */
export function RecordsScreen() {
  const { t } = useTranslation('admin');
  const [params, edit] = useSearch();
  const filters = {
    map_id: parseId(params.get('map')),
    fish_id: parseId(params.get('fish')),
    player_name: parseSearchText(params.get('player')),
    source_id: parseSearchText(params.get('source')),
    page: parsePage(params.get('page')),
  };
  const records = useAdminRecords(filters);
  const [editing, setEditing] = useState<AdminRecord | null>(null);
  const [deleting, setDeleting] = useState<AdminRecord | null>(null);
  const remove = useDeleteRecord();
  const set = (key: string, value: string | number | null) =>
    edit(
      (next) => {
        setParam(next, key, value || null);
        setParam(next, 'page', null);
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <ImportPanel />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="records-title">
        <Title order={2} fz="lg" id="records-title" mb="sm">
          {t('records.listTitle')}
        </Title>
        <RecordFilters filters={filters} onChange={set} />
        <Stack mt="md" gap="sm">
          {records.isPending ? <LoadingState>{t('records.loading')}</LoadingState> : null}
          {records.isError ? (
            <LoadFailedAlert
              title={t('records.loadFailed')}
              retryLabel={t('list.retry')}
              onRetry={() => void records.refetch()}
            />
          ) : null}
          {records.data?.items.length === 0 ? (
            <ListEmptyState icon={IconDatabaseOff} title={t('records.none')} />
          ) : null}
          {records.data && records.data.items.length > 0 ? (
            <RecordTable records={records.data.items} onEdit={setEditing} onDelete={setDeleting} />
          ) : null}
        </Stack>
        {records.data ? (
          <Pager
            total={records.data.total}
            page={filters.page}
            onPage={(page) => edit((next) => setParam(next, 'page', page > 1 ? page : null))}
          />
        ) : null}
      </Paper>
      {editing ? <RecordEditor record={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmAction
        opened={deleting !== null}
        title={t('records.deleteTitle', { source: deleting?.source_id ?? '' })}
        confirmLabel={t('records.delete')}
        color="red"
        withPassword
        onClose={() => setDeleting(null)}
        onConfirm={({ reason, password }) =>
          remove
            .mutateAsync({ id: deleting!.id, current_password: password, reason: reason || undefined })
            .then(() => toast.success(t('records.deleted')))
        }
      >
        <Text size="sm">{t('records.deleteText')}</Text>
      </ConfirmAction>
    </Stack>
  );
}

function RecordFilters({
  filters,
  onChange,
}: {
  filters: { map_id: number | null; fish_id: number | null; player_name: string; source_id: string };
  onChange: (key: string, value: string | number | null) => void;
}) {
  const { t } = useTranslation('admin');
  const { maps, fish } = useBaseConfig();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <CatalogueFilterSelect
        label={t('records.map')}
        placeholder={t('records.any')}
        items={maps}
        value={filters.map_id}
        onChange={(value) => onChange('map', value)}
      />
      <CatalogueFilterSelect
        label={t('records.fish')}
        placeholder={t('records.any')}
        items={fish}
        value={filters.fish_id}
        onChange={(value) => onChange('fish', value)}
      />
      <TextInput
        label={t('records.player')}
        defaultValue={filters.player_name}
        onBlur={(event) => onChange('player', event.currentTarget.value.trim())}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange('player', event.currentTarget.value.trim());
        }}
      />
      <TextInput
        label={t('records.sourceId')}
        defaultValue={filters.source_id}
        onBlur={(event) => onChange('source', event.currentTarget.value.trim())}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange('source', event.currentTarget.value.trim());
        }}
      />
    </SimpleGrid>
  );
}

function RecordTable({
  records,
  onEdit,
  onDelete,
}: {
  records: AdminRecord[];
  onEdit: (record: AdminRecord) => void;
  onDelete: (record: AdminRecord) => void;
}) {
  const { t } = useTranslation('admin');
  const { fishById, mapById } = useBaseConfig();
  const name = useDisplayName();
  const locale = useLocale();
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="xs" striped="even" aria-label={t('records.listTitle')} data-testid="record-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('records.caughtAt')}</Table.Th>
            <Table.Th scope="col">{t('records.fish')}</Table.Th>
            <Table.Th scope="col">{t('records.map')}</Table.Th>
            <Table.Th scope="col">{t('records.weight')}</Table.Th>
            <Table.Th scope="col">{t('records.player')}</Table.Th>
            <Table.Th scope="col">{t('records.sourceId')}</Table.Th>
            <Table.Th scope="col">{t('records.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const fish = fishById(record.fish_id);
            const map = mapById(record.map_id);
            return (
              <Table.Tr key={record.id} data-record={record.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.caught_at)}</Table.Td>
                <Table.Td>{fish ? name(fish) : record.fish_id}</Table.Td>
                <Table.Td>{map ? name(map) : record.map_id}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWeight(record.weight, locale)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.player_name}</Table.Td>
                <Table.Td>
                  <Code>{record.source_id}</Code>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      onClick={() => onEdit(record)}
                      aria-label={t('records.editLabel', { source: record.source_id })}
                    >
                      {t('records.edit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => onDelete(record)}
                      aria-label={t('records.deleteLabel', { source: record.source_id })}
                    >
                      {t('records.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ImportPanel() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<RecordsImportResult | null>(null);
  const upload = useImportRecords();
  const tooLarge = file !== null && file.size > RECORDS_FILE_MAX_BYTES;

  const run = () => {
    if (!file) return;
    setResult(null);
    upload.mutate(
      { file, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast.success(t('records.imported', { created: answer.created }));
        },
        onError: (error) => toast.error(t('records.importFailed'), adminFailure(t, error)),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="import-title">
      <Title order={2} fz="lg" id="import-title" mb={4}>
        {t('records.importTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('records.importIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FileInput
          label={t('records.file')}
          description={t('records.filePlaceholder')}
          accept=".csv,.json,text/csv,application/json"
          value={file}
          onChange={setFile}
          clearable
          error={tooLarge ? t('records.fileTooLarge') : undefined}
          data-testid="records-file"
        />
        <TextInput
          label={t('confirm.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
        />
      </SimpleGrid>
      <Group mt="md">
        <Button
          leftSection={<IconFileUpload size={16} aria-hidden />}
          onClick={run}
          disabled={!file || tooLarge}
          loading={upload.isPending}
        >
          {t('records.import')}
        </Button>
      </Group>
      {result ? (
        <Alert mt="md" color={result.invalid > 0 ? 'orange' : 'teal'} variant="light" data-testid="import-result">
          <Text size="sm" fw={600}>
            {t('records.importSummary', {
              created: formatCount(result.created, locale),
              duplicates: formatCount(result.duplicates, locale),
              invalid: formatCount(result.invalid, locale),
            })}
          </Text>
          {result.problems.length > 0 ? (
            <List size="sm" mt="xs" spacing={2}>
              {result.problems.slice(0, 20).map((problem) => (
                <List.Item key={`${problem.line}-${problem.source_id}`}>
                  {t('records.problemLine', { line: problem.line })}: {problemText(problem.errors)}
                </List.Item>
              ))}
              {result.problems.length > 20 ? (
                <List.Item>{t('records.moreProblems', { count: result.problems.length - 20 })}</List.Item>
              ) : null}
            </List>
          ) : null}
        </Alert>
      ) : null}
    </Paper>
  );
}

const problemText = (errors: ItemError[]) =>
  errors.map((error) => (error.field ? `${error.field}: ${error.msg}` : error.msg)).join('; ');

/** The import's refusal of a correction: every broken rule, as the import words it. */
function refusedErrors(error: unknown): ItemError[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const detail = (error.data as { detail?: { code?: string; errors?: ItemError[] } } | null)?.detail;
  return detail && !Array.isArray(detail) && detail.code === 'ADMIN_RECORD_INVALID' ? (detail.errors ?? []) : null;
}

function RecordEditor({ record, onClose }: { record: AdminRecord; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { maps, fish, baits } = useBaseConfig();
  const name = useDisplayName();
  const correct = useCorrectRecord();
  const [form, setForm] = useState({
    caught_at: record.caught_at,
    map_id: String(record.map_id),
    fish_id: String(record.fish_id),
    bait_id: String(record.bait_id),
    weight: record.weight as number | string,
    player_name: record.player_name,
    reason: '',
  });
  const [errors, setErrors] = useState<ItemError[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  const changes = (): RecordCorrectionBody => {
    const body: Record<string, unknown> = {};
    if (form.caught_at !== record.caught_at) body.caught_at = form.caught_at;
    if (Number(form.map_id) !== record.map_id) body.map_id = Number(form.map_id);
    if (Number(form.fish_id) !== record.fish_id) body.fish_id = Number(form.fish_id);
    if (Number(form.bait_id) !== record.bait_id) body.bait_id = Number(form.bait_id);
    if (Number(form.weight) !== record.weight) body.weight = Number(form.weight);
    if (form.player_name !== record.player_name) body.player_name = form.player_name;
    if (form.reason.trim()) body.reason = form.reason.trim();
    return body as RecordCorrectionBody;
  };
  const changed = Object.keys(changes()).some((key) => key !== 'reason');

  const save = () => {
    setErrors(null);
    setFailure(null);
    correct.mutate(
      { id: record.id, body: changes() },
      {
        onSuccess: () => {
          toast.success(t('records.corrected'));
          onClose();
        },
        onError: (error) => {
          const refused = refusedErrors(error);
          if (refused) setErrors(refused);
          else setFailure(adminFailure(t, error));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('records.editTitle', { source: record.source_id })} size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) save();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('records.caughtAt')}
              description={t('records.caughtAtHint')}
              value={form.caught_at}
              onChange={(event) => field('caught_at')(event.currentTarget.value)}
            />
            <NumberInput
              label={t('records.weightGrams')}
              value={form.weight}
              onChange={field('weight')}
              allowDecimal={false}
              min={0}
            />
            <Select
              label={t('records.map')}
              data={maps.map((map) => ({ value: String(map.id), label: name(map) }))}
              value={form.map_id}
              onChange={(value) => value && field('map_id')(value)}
              searchable
            />
            <Select
              label={t('records.fish')}
              data={fish.map((item) => ({ value: String(item.id), label: name(item) }))}
              value={form.fish_id}
              onChange={(value) => value && field('fish_id')(value)}
              searchable
            />
            <Select
              label={t('records.bait')}
              data={baits.map((bait) => ({ value: String(bait.id), label: name(bait) }))}
              value={form.bait_id}
              onChange={(value) => value && field('bait_id')(value)}
              searchable
            />
            <TextInput
              label={t('records.player')}
              value={form.player_name}
              onChange={(event) => field('player_name')(event.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label={t('confirm.reason')}
            value={form.reason}
            onChange={(event) => field('reason')(event.currentTarget.value)}
            maxLength={500}
          />
          {errors ? (
            <Alert color="red" variant="light" role="alert" title={t('records.refused')}>
              <List size="sm" spacing={2}>
                {errors.map((error) => (
                  <List.Item key={`${error.field}-${error.msg}`}>
                    {error.field ? `${error.field}: ` : ''}
                    {error.msg}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" disabled={!changed} loading={correct.isPending}>
              {t('records.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
