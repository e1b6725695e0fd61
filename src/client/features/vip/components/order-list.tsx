import { Button, EmptyState, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconCrown, IconReceipt } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useLocalePath } from '../../../lib/use-locale';
import { ORDER_PAGE_SIZE, useOrderList } from '../api/vip-queries';
import { useOrderPage } from '../hooks/use-order-page';
import { OrderTable } from './order-table';

function NoOrders() {
  const { t } = useTranslation('vip');
  const localePath = useLocalePath();
  return (
    <EmptyState
      py="xl"
      icon={<IconReceipt size={32} aria-hidden />}
      withIndicatorBackground
      title={t('orders.emptyTitle')}
      description={t('orders.emptyText')}
    >
      <EmptyState.Actions>
        <Button component={Link} to={localePath(PAGE_PATHS.vipBuy)} leftSection={<IconCrown size={16} aria-hidden />}>
          {t('orders.getVip')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/**
 * `/user/orders` (docs/product-requirements.md §2): the user's orders, newest first: number, created time, status,
 * payment option, amount, activation key (with copy) and the partner site; paged, the page in the URL.
 */
export function OrderList() {
  const { t } = useTranslation('vip');
  const [page, setPage] = useOrderPage();
  const query = useOrderList(page);
  const listTop = useRef<HTMLDivElement>(null);

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));

  // A link (or a shrunken list) can point past the last page: go to the last page that exists.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && total > 0 && page > pageCount) setPage(pageCount, { replace: true });
  }, [query.data, query.isPlaceholderData, total, page, pageCount, setPage]);

  const changePage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  let body: React.ReactNode;
  if (query.isError && !query.isFetching) {
    body = (
      <LoadFailedAlert
        title={t('orders.loadFailed')}
        retryLabel={t('orders.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = <ListSkeleton label={t('orders.loading')} cols={1} count={4} height={56} />;
  } else if (query.data.items.length === 0) {
    body = <NoOrders />;
  } else {
    body = (
      <div
        aria-busy={query.isPlaceholderData}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <OrderTable orders={query.data.items} />
      </div>
    );
  }

  return (
    <Stack gap="md">
      <div ref={listTop} style={{ scrollMarginTop: 80 }}>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="order-total">
          {query.data && !query.isError && total > 0 ? t('orders.total', { count: total }) : '\u00a0'}
        </Text>
      </div>
      {body}
      {query.data && !query.isError && pageCount > 1 ? (
        <Group component="nav" aria-label={t('orders.pagination.label')} justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={changePage}
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': t('orders.pagination.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`orders.pagination.${control}`) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
