import { Box, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFishHook } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import { BAIT_PAGE_SIZE, useBaitsQuery } from '../api/use-baits-query';
import { baitWidenings } from '../bait-widenings';
import { baitTextSearch, useBaitListParams } from '../hooks/use-bait-list-params';
import { BaitCard } from './bait-card';
import { BaitSearch } from './bait-search';
import { BaitTypeFilter } from './bait-type-filter';
import { LetterIndex } from './letter-index';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/**
 * The bait list (docs/product-requirements.md §2 `/query/baits`): letter index, name search, the bait-type filter
 * (issue 26), paged results, empty and failed states; each bait's name opens its page.
 */
export function BaitList() {
  const { t } = useTranslation('baits');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { baits, fish_way: types, fishWayById } = useBaseConfig();
  const [params, update] = useBaitListParams();
  // A type the catalogue no longer has (an old link) reads as "every type" once the catalogue is known, rather than
  // asking the server, which refuses an unknown type.
  const staleType = params.type !== null && types.length > 0 && !fishWayById(params.type);
  const filters = useMemo(() => (staleType ? { ...params, type: null } : params), [params, staleType]);
  const [searchParams] = useSearchParams();
  const query = useBaitsQuery(filters, lang);
  const listTop = useRef<HTMLDivElement>(null);

  // The base configuration already holds every bait, so the index can tell which letters have entries (of the type
  // chosen) without another request. The column follows the language, as the server's `letter` filter does.
  const available = useMemo(() => {
    if (!baits?.length) return null;
    const ofType = filters.type === null ? baits : baits.filter((bait) => bait.data.fish_way === filters.type);
    return new Set(ofType.map((bait) => (lang === 'zh' ? bait.letter : bait.letter_en)));
  }, [baits, lang, filters.type]);

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BAIT_PAGE_SIZE));
  const filtered = filters.letter !== null || filters.q !== '' || filters.type !== null;

  // A shared link (or a shrunken result) can point past the last page: go to the last page that exists.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && total > 0 && filters.page > pageCount) {
      update({ page: pageCount }, { replace: true });
    }
  }, [query.data, query.isPlaceholderData, total, filters.page, pageCount, update]);

  const changePage = (page: number) => {
    update({ page });
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  let body: React.ReactNode;
  if (query.isError && !query.isFetching) {
    body = (
      <LoadFailedAlert title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
    );
  } else if (!query.data) {
    body = <ListSkeleton label={t('list.loading')} cols={GRID_COLS} count={6} height={96} />;
  } else if (query.data.items.length === 0) {
    const wider = baitWidenings(baits ?? [], filters, lang);
    const offers = [
      ...(wider.allLetters ? [{ label: t('empty.allLetters'), onClick: () => update({ letter: null }) }] : []),
      ...(wider.anywhere ? [{ label: t('empty.anywhere'), onClick: () => update({ contains: true }) }] : []),
    ];
    body = (
      <ListEmptyState
        icon={IconFishHook}
        title={t('empty.title')}
        description={filtered ? t('empty.filtered') : undefined}
        offers={offers}
        didYouMean={{
          label: t('empty.didYouMean'),
          links: wider.closeNames.map((close) => ({ text: close.text, to: baitTextSearch(searchParams, close.text) })),
        }}
        clear={
          filtered
            ? { label: t('empty.clearFilters'), onClick: () => update({ letter: null, q: '', type: null }) }
            : undefined
        }
      />
    );
  } else {
    body = (
      <Box
        aria-busy={query.isPlaceholderData}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <SimpleGrid component="ul" cols={GRID_COLS} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.items.map((bait) => {
            const type = fishWayById(bait.data.fish_way);
            return (
              <li key={bait.id} data-letter={lang === 'zh' ? bait.letter : bait.letter_en}>
                <BaitCard bait={bait} name={displayName(bait)} typeName={type ? displayName(type) : null} lang={lang} />
              </li>
            );
          })}
        </SimpleGrid>
      </Box>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <BaitTypeFilter types={types} value={filters.type} onChange={(type) => update({ type })} />
        <BaitSearch
          value={filters.q}
          onChange={(q) => update({ q }, { replace: true })}
          contains={filters.contains}
          onContainsChange={(contains) => update({ contains }, { replace: true })}
        />
      </Group>
      <LetterIndex value={filters.letter} available={available} onChange={(letter) => update({ letter })} />
      <Group ref={listTop} justify="space-between" gap="xs" style={{ scrollMarginTop: 80 }}>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="bait-total">
          {query.data && !query.isError ? t('list.total', { count: total }) : '\u00a0'}
        </Text>
      </Group>
      {body}
      {query.data && !query.isError && pageCount > 1 && (
        <Group component="nav" aria-label={t('pagination.label')} justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(filters.page, pageCount)}
            onChange={changePage}
            siblings={1}
            getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
