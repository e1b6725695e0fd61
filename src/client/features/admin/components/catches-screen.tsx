import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEye, IconEyeOff, IconFishOff } from '@tabler/icons-react';
import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_CATCH_MAX_DAYS, ADMIN_CATCH_MAX_IDS, ADMIN_CATCH_TRUST } from '#shared/admin-rules';
import type { AdminCatch } from '#shared/contracts/admin';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { StarBadge } from '../../../components/star-badge';
import { TrustBadge } from '../../../components/trust-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { useMatchMedia } from '../../../lib/browser-state';
import { formatDateTime } from '../../../lib/format-date';
import { formatWeight } from '../../../lib/format-number';
import { parseId, parseOneOf, parsePage, parseSearchText, setParam, useSearch } from '../../../lib/search-params';
import { toast } from '../../../lib/toast';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import { type CatchFilters, useAdminCatches, useHideCatches, useRestoreCatches } from '../api/admin-queries';
import { CatalogueFilterSelect } from './catalogue-filter-select';
import { ConfirmAction } from './confirm-action';
import { Pager } from './pager';

const PAGE_SIZE = 50;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day of the URL (the browser's calendar), else ''. */
const parseDay = (value: string | null) => (value && DAY_PATTERN.test(value) ? value : '');

/** The start of a browser-time day as an ISO time; `next`: of the day after (the range's exclusive end). */
function dayStart(day: string, next = false): string {
  if (!day) return '';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + (next ? 1 : 0)).toISOString();
}

/**
 * Catches (issue 24): every stored catch, hidden ones too, found by map, fish, bait, logger, days and trust (the
 * filters in the URL; by default the server's last 7 days), with checkboxes to hide many at once (the password asked
 * again) or show them again. The selection is the page's: it is cleared when the filters or the page change.
 */
export function CatchesScreen() {
  const { t } = useTranslation('admin');
  const [params, edit] = useSearch();
  const days = { from: parseDay(params.get('from')), to: parseDay(params.get('to')) };
  const filters: CatchFilters = {
    map_id: parseId(params.get('map')),
    fish_id: parseId(params.get('fish')),
    bait_id: parseId(params.get('bait')),
    logger_id: parseSearchText(params.get('logger')),
    from: dayStart(days.from),
    to: dayStart(days.to, true),
    trust: parseOneOf(params.get('trust'), ADMIN_CATCH_TRUST) ?? 'any',
    page: parsePage(params.get('page')),
  };
  const catches = useAdminCatches(filters);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<'hide' | 'restore' | null>(null);
  const hide = useHideCatches();
  const restore = useRestoreCatches();
  const set = (key: string, value: string | number | null) => {
    setSelected(new Set());
    edit(
      (next) => {
        setParam(next, key, value || null);
        setParam(next, 'page', null);
      },
      { replace: true },
    );
  };
  const items = catches.data?.items ?? [];
  const ids = [...selected];
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const shownSelected = items.filter((item) => selected.has(item.id) && !item.hidden).length;
  const hiddenSelected = items.filter((item) => selected.has(item.id) && item.hidden).length;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="catches-title">
      <Title order={2} fz="lg" id="catches-title" mb="sm">
        {t('catches.listTitle')}
      </Title>
      <CatchFilterFields filters={filters} days={days} onChange={set} />
      {catches.data ? (
        <Text size="sm" c="dimmed" mt="xs" data-testid="catch-range">
          {t('catches.range', {
            from: formatDateTime(catches.data.from),
            to: formatDateTime(catches.data.to),
            days: ADMIN_CATCH_MAX_DAYS,
          })}
        </Text>
      ) : null}
      <Group mt="md" gap="sm" justify="space-between">
        <Text size="sm" aria-live="polite" data-testid="catch-selection">
          {t('catches.selected', { count: selected.size })}
        </Text>
        <Group gap="sm">
          <Button
            color="red"
            variant="light"
            leftSection={<IconEyeOff size={16} aria-hidden />}
            disabled={shownSelected === 0 || selected.size > ADMIN_CATCH_MAX_IDS}
            onClick={() => setConfirming('hide')}
          >
            {t('catches.hideSelected')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconEye size={16} aria-hidden />}
            disabled={hiddenSelected === 0 || selected.size > ADMIN_CATCH_MAX_IDS}
            onClick={() => setConfirming('restore')}
          >
            {t('catches.restoreSelected')}
          </Button>
        </Group>
      </Group>
      <Stack mt="md" gap="sm">
        {catches.isPending ? <LoadingState>{t('catches.loading')}</LoadingState> : null}
        {catches.isError ? (
          <LoadFailedAlert
            title={t('catches.loadFailed')}
            retryLabel={t('list.retry')}
            onRetry={() => void catches.refetch()}
          />
        ) : null}
        {catches.data?.items.length === 0 ? <ListEmptyState icon={IconFishOff} title={t('catches.none')} /> : null}
        {items.length > 0 ? (
          <CatchList
            catches={items}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(on) => setSelected(new Set(on ? items.map((item) => item.id) : []))}
          />
        ) : null}
      </Stack>
      {catches.data ? (
        <Pager
          total={catches.data.total}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPage={(page) => {
            setSelected(new Set());
            edit((next) => setParam(next, 'page', page > 1 ? page : null));
          }}
        />
      ) : null}
      <ConfirmAction
        opened={confirming === 'hide'}
        title={t('catches.hideTitle', { count: shownSelected })}
        confirmLabel={t('catches.hide')}
        color="red"
        withPassword
        onClose={() => setConfirming(null)}
        onConfirm={({ reason, password }) =>
          hide.mutateAsync({ ids, current_password: password, reason: reason || undefined }).then((answer) => {
            setSelected(new Set());
            toast.success(t('catches.hidden', { count: answer.changed }));
          })
        }
      >
        <Text size="sm">{t('catches.hideText')}</Text>
      </ConfirmAction>
      <ConfirmAction
        opened={confirming === 'restore'}
        title={t('catches.restoreTitle', { count: hiddenSelected })}
        confirmLabel={t('catches.restore')}
        onClose={() => setConfirming(null)}
        onConfirm={({ reason }) =>
          restore.mutateAsync({ ids, reason: reason || undefined }).then((answer) => {
            setSelected(new Set());
            toast.success(t('catches.restored', { count: answer.changed }));
          })
        }
      >
        <Text size="sm">{t('catches.restoreText')}</Text>
      </ConfirmAction>
    </Paper>
  );
}

function CatchFilterFields({
  filters,
  days,
  onChange,
}: {
  filters: CatchFilters;
  days: { from: string; to: string };
  onChange: (key: string, value: string | number | null) => void;
}) {
  const { t } = useTranslation('admin');
  const { maps, fish, baits } = useBaseConfig();
  const commit = (key: string) => ({
    onBlur: (event: FocusEvent<HTMLInputElement>) => onChange(key, event.currentTarget.value.trim()),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') onChange(key, event.currentTarget.value.trim());
    },
  });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <CatalogueFilterSelect
        label={t('catches.map')}
        placeholder={t('catches.any')}
        items={maps}
        value={filters.map_id}
        onChange={(value) => onChange('map', value)}
      />
      <CatalogueFilterSelect
        label={t('catches.fish')}
        placeholder={t('catches.any')}
        items={fish}
        value={filters.fish_id}
        onChange={(value) => onChange('fish', value)}
      />
      <CatalogueFilterSelect
        label={t('catches.bait')}
        placeholder={t('catches.any')}
        items={baits}
        value={filters.bait_id}
        onChange={(value) => onChange('bait', value)}
      />
      <Select
        label={t('catches.trust')}
        data={ADMIN_CATCH_TRUST.map((value) => ({ value, label: t(`catches.trustFilter.${value}`) }))}
        value={filters.trust}
        onChange={(value) => onChange('trust', value === 'any' ? null : value)}
        allowDeselect={false}
      />
      <TextInput
        label={t('catches.logger')}
        key={`logger-${filters.logger_id}`}
        defaultValue={filters.logger_id}
        {...commit('logger')}
        data-testid="catch-logger"
      />
      <TextInput
        type="date"
        label={t('catches.from')}
        key={`from-${days.from}`}
        defaultValue={days.from}
        onChange={(event) => onChange('from', event.currentTarget.value)}
        data-testid="catch-from"
      />
      <TextInput
        type="date"
        label={t('catches.to')}
        key={`to-${days.to}`}
        defaultValue={days.to}
        onChange={(event) => onChange('to', event.currentTarget.value)}
        data-testid="catch-to"
      />
    </SimpleGrid>
  );
}

interface ListProps {
  catches: AdminCatch[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}

/** A table on wider screens; on a phone each catch is a card of its own, stacked, as the users' list is. */
function CatchList(props: ListProps) {
  const phone = useMatchMedia('(max-width: 36em)');
  return phone ? <CatchCards {...props} /> : <CatchTable {...props} />;
}

/** The names a catch row shows, from the catalogue the client has. */
function useCatchNames() {
  const { fishById, mapById, baitById } = useBaseConfig();
  const name = useDisplayName();
  return (item: AdminCatch) => {
    const fish = fishById(item.fish_id);
    const map = mapById(item.map_id);
    const bait = baitById(item.bait_id);
    return {
      fish: fish ? name(fish) : `#${item.fish_id}`,
      map: map ? name(map) : `#${item.map_id}`,
      bait: bait ? name(bait) : `#${item.bait_id}`,
    };
  };
}

/**
 * A hidden catch's row or card: a red bar at its start beside the badge. Not faded: text at reduced opacity falls below
 * WCAG's 4.5:1 contrast, which axe reports.
 */
const HIDDEN_MARK = { boxShadow: 'inset 3px 0 0 var(--mantine-color-red-filled)' };

function HiddenBadge() {
  const { t } = useTranslation('admin');
  return (
    <Badge size="sm" color="red" variant="outline" data-testid="hidden-badge">
      {t('catches.hiddenMark')}
    </Badge>
  );
}

function CatchTable({ catches, selected, onToggle, onToggleAll }: ListProps) {
  const { t } = useTranslation('admin');
  const names = useCatchNames();
  const locale = useLocale();
  const all = catches.every((item) => selected.has(item.id));
  const some = catches.some((item) => selected.has(item.id));
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="xs" aria-label={t('catches.listTitle')} data-testid="catch-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              <Checkbox
                aria-label={t('catches.selectAll')}
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th scope="col">{t('catches.caughtAt')}</Table.Th>
            <Table.Th scope="col">{t('catches.fish')}</Table.Th>
            <Table.Th scope="col">{t('catches.map')}</Table.Th>
            <Table.Th scope="col">{t('catches.bait')}</Table.Th>
            <Table.Th scope="col">{t('catches.weight')}</Table.Th>
            <Table.Th scope="col">{t('catches.logger')}</Table.Th>
            <Table.Th scope="col">{t('catches.trust')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {catches.map((item) => {
            const named = names(item);
            return (
              <Table.Tr
                key={item.id}
                data-catch={item.id}
                data-hidden={item.hidden || undefined}
                bg={selected.has(item.id) ? 'var(--mantine-primary-color-light)' : undefined}
                style={item.hidden ? HIDDEN_MARK : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={t('catches.selectOne', { id: item.id })}
                    checked={selected.has(item.id)}
                    onChange={(event) => onToggle(item.id, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.caught_at)}</Table.Td>
                <Table.Td>{named.fish}</Table.Td>
                <Table.Td>{named.map}</Table.Td>
                <Table.Td>{named.bait}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={4} wrap="nowrap">
                    {formatWeight(item.weight, locale)}
                    {item.star_type ? <StarBadge starType={item.star_type} size="xs" /> : null}
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Code>{item.logger_id}</Code>
                  {item.player_name ? (
                    <Text size="xs" c="dimmed">
                      {item.player_name}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <TrustBadge level={item.trust} />
                    {item.hidden ? <HiddenBadge /> : null}
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

function CatchCards({ catches, selected, onToggle, onToggleAll }: ListProps) {
  const { t } = useTranslation('admin');
  const names = useCatchNames();
  const locale = useLocale();
  const all = catches.every((item) => selected.has(item.id));
  return (
    <Stack gap="xs" data-testid="catch-table">
      <Checkbox
        label={t('catches.selectAll')}
        checked={all}
        indeterminate={!all && catches.some((item) => selected.has(item.id))}
        onChange={(event) => onToggleAll(event.currentTarget.checked)}
      />
      {catches.map((item) => {
        const named = names(item);
        return (
          <Paper
            key={item.id}
            withBorder
            radius="md"
            p="sm"
            data-catch={item.id}
            data-hidden={item.hidden || undefined}
            style={item.hidden ? HIDDEN_MARK : undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                aria-label={t('catches.selectOne', { id: item.id })}
                checked={selected.has(item.id)}
                onChange={(event) => onToggle(item.id, event.currentTarget.checked)}
                mt={2}
              />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={4}>
                  <Text fw={600}>{named.fish}</Text>
                  <TrustBadge level={item.trust} />
                  {item.hidden ? <HiddenBadge /> : null}
                </Group>
                <Text size="sm">
                  {formatWeight(item.weight, locale)} · {named.map} · {named.bait}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(item.caught_at)}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {item.logger_id}
                  {item.player_name ? ` · ${item.player_name}` : ''}
                </Text>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
