import { Box, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconFishHook } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmptyState } from '../../../components/list-empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useHydrated } from '../../../lib/browser-state';
import { useSession } from '../../../lib/session';
import { useLocale } from '../../../lib/use-locale';
import { LOG_PAGE_SIZE, type LogKind, useLogList } from '../api/log-queries';
import { activeFilterCount, type LogFilters as Filters, NO_FILTERS, useLogParams } from '../hooks/use-log-params';
import { formatCount } from '../../../lib/format-number';
import { LogFilters } from './log-filters';
import { LogTable } from './log-table';
import { MinePrompt } from './mine-prompt';

// The detail (drawer, map preview, compass) loads once a record is opened, or when the list has arrived: the list
// shows sooner, and the page's first download stays small.
const loadDrawer = () => import('./log-detail-drawer');
const LogDetailDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.LogDetailDrawer })));

/**
 * A log list page's body (docs/product-requirements.md §2 AI records and official records): filters kept in the URL,
 * the count, the table, paging, empty, load-failed and "only mine" states, and the detail drawer of the record in the
 * URL.
 */
export function LogBrowser({ kind }: { kind: LogKind }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const { token, userInfo, loggedIn } = useSession();
  const [params, update] = useLogParams();
  const listTop = useRef<HTMLDivElement>(null);

  const { map, fish, bait, star, rod, range, from, to, mine } = params;
  // Only AI records have coordinates: a spot in an official records URL is not a filter.
  const spot = kind === 'bird' ? params.spot : null;
  const filters = useMemo<Filters>(
    () => ({ map, fish, bait, star, rod, range, from, to, mine, spot }),
    [map, fish, bait, star, rod, range, from, to, mine, spot],
  );
  // "Only mine" needs a login and a bound logger; without them the page says so instead of asking.
  const minePrompt = !mine ? null : !loggedIn ? 'login' : userInfo && !userInfo.client_id ? 'bind' : null;
  const query = useLogList(kind, filters, params.page, { enabled: minePrompt === null, session: token });

  // Mounted from the first opening on, so it can slide out when closed.
  const [drawerUsed, setDrawerUsed] = useState(params.id !== null);
  const hydrated = useHydrated();
  if (params.id !== null && !drawerUsed) setDrawerUsed(true);
  const hasData = query.data !== undefined;
  useEffect(() => {
    if (hasData) void loadDrawer();
  }, [hasData]);

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));
  const filtered = activeFilterCount(filters) > 0;

  // A shared link (or a shrunken result) can point past the last page: go to the last page that exists.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && total > 0 && params.page > pageCount) {
      update({ page: pageCount }, { replace: true });
    }
  }, [query.data, query.isPlaceholderData, total, params.page, pageCount, update]);

  const changePage = (page: number) => {
    update({ page });
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  let body: React.ReactNode;
  if (minePrompt) {
    body = <MinePrompt reason={minePrompt} />;
  } else if (query.isError && !query.isFetching) {
    body = (
      <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
    );
  } else if (!query.data) {
    body = <ListSkeleton label={t('list.loading')} cols={1} count={6} height={52} />;
  } else if (query.data.items.length === 0) {
    body = (
      <ListEmptyState
        icon={IconFishHook}
        title={t('empty.title')}
        description={mine ? t('empty.mine') : filtered ? t('empty.filtered') : undefined}
        clear={filtered ? { label: t('empty.clearFilters'), onClick: () => update(NO_FILTERS) } : undefined}
      />
    );
  } else {
    body = (
      <Box
        aria-busy={query.isPlaceholderData}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <LogTable kind={kind} items={query.data.items} />
      </Box>
    );
  }

  const showCount = !minePrompt && query.data && !query.isError;
  // An empty list says so itself; "0 records" above it would say it twice.
  const countText = showCount && total > 0;
  const placeholder = query.data?.items.find((item) => item.id === params.id);

  return (
    <Stack gap="md">
      <LogFilters kind={kind} value={filters} onChange={(patch) => update(patch, { replace: true })} />
      <Group ref={listTop} justify="space-between" gap="xs" style={{ scrollMarginTop: 80 }}>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="log-total">
          {countText
            ? query.data!.total_exact
              ? t('list.total', { count: total })
              : t('list.totalMore', { total: formatCount(total, lang) })
            : '\u00a0'}
        </Text>
      </Group>
      {body}
      {showCount && pageCount > 1 && (
        <Group component="nav" aria-label={t('pagination.label')} justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(params.page, pageCount)}
            onChange={changePage}
            siblings={1}
            getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        </Group>
      )}
      {drawerUsed && hydrated && (
        <Suspense fallback={null}>
          <LogDetailDrawer
            kind={kind}
            id={params.id}
            placeholder={placeholder}
            onClose={() => update({ id: null }, { replace: true })}
          />
        </Suspense>
      )}
    </Stack>
  );
}
