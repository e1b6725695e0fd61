import {
  Alert,
  Box,
  Button,
  EmptyState,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconFishHook, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import { BAIT_PAGE_SIZE, useBaitsQuery } from '../api/use-baits-query';
import { useBaitListParams } from '../hooks/use-bait-list-params';
import { BaitCard } from './bait-card';
import { BaitSearch } from './bait-search';
import { LetterIndex } from './letter-index';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/** The bait list (spec §2 `/query/baits`): letter index, name search, paged results, empty and failed states. */
export function BaitList() {
  const { t } = useTranslation('baits');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { baits, fishWayById } = useBaseConfig();
  const [filters, update] = useBaitListParams();
  const query = useBaitsQuery(filters, lang);
  const listTop = useRef<HTMLDivElement>(null);

  // The base configuration already holds every bait, so the index can tell which letters have entries without
  // another request. The column follows the language, as the server's `letter` filter does.
  const available = useMemo(() => {
    if (!baits?.length) return null;
    return new Set(baits.map((bait) => (lang === 'zh' ? bait.letter : bait.letter_en)));
  }, [baits, lang]);

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BAIT_PAGE_SIZE));
  const filtered = filters.letter !== null || filters.q !== '';

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
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('error.title')} role="alert">
        <Button
          mt="xs"
          size="sm"
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void query.refetch()}
        >
          {t('error.retry')}
        </Button>
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Box aria-busy="true">
        <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
        <SimpleGrid cols={GRID_COLS} spacing="sm">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={96} radius="md" />
          ))}
        </SimpleGrid>
      </Box>
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconFishHook size={32} aria-hidden />}
        withIndicatorBackground
        title={t('empty.title')}
        description={filtered ? t('empty.filtered') : undefined}
      >
        {filtered && (
          <EmptyState.Actions>
            <Button variant="default" onClick={() => update({ letter: null, q: '' })}>
              {t('empty.clearFilters')}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
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
      <BaitSearch
        value={filters.q}
        onChange={(q) => update({ q }, { replace: true })}
        contains={filters.contains}
        onContainsChange={(contains) => update({ contains }, { replace: true })}
      />
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
